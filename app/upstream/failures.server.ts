import type { AppLoadContext } from "@remix-run/node";
import { CatalogueError } from "~/errors/catalogue-error";
import type { ErrorCode } from "~/errors/catalogue";
import { codeForFailure, type UpstreamFailure } from "~/errors/mapping";
import type { AppSession } from "~/session/session.server";
import { tokenRoleForPath } from "./paths";
import { isUpstreamUnavailable } from "./transport.server";

/**
 * What a failed upstream call becomes: an error with its catalogue code (app/errors/mapping.ts),
 * or a silent failure where the spec gives none.
 */

export class UpstreamError extends CatalogueError {
  readonly failure: UpstreamFailure;

  constructor(failure: UpstreamFailure, code: ErrorCode, options: ConstructorParameters<typeof CatalogueError>[1]) {
    super(code, options);
    this.name = "UpstreamError";
    this.failure = failure;
  }

  get status(): number | undefined {
    return this.failure.kind === "response" || this.failure.kind === "invalid-response" ? this.failure.status : undefined;
  }

  /** The response body of a failed call, for the field-level cases forms show inline. */
  get body(): unknown {
    return this.failure.kind === "response" ? this.failure.body : undefined;
  }
}

/** A failure that produces no code (tracking calls, spec §8); callers ignore it. */
export class SilentUpstreamFailure extends Error {
  constructor(readonly failure: UpstreamFailure) {
    super(`upstream ${failure.path} failed (${failure.kind})`);
    this.name = "SilentUpstreamFailure";
  }
}

function configLoaded(context: AppLoadContext): boolean {
  for (const key of context.memo.keys()) if (key.startsWith("config:")) return true;
  return false;
}

const SESSION_ENDED: readonly ErrorCode[] = ["C02", "C03", "C22", "C23"];

/**
 * The upstream session is over (C02/C03, or C22/C23 for anonymous applicants): such a failure
 * always goes to the error view with its sign-in button, never into a page's own inline message.
 */
export function endsSession(error: unknown): boolean {
  return error instanceof UpstreamError && SESSION_ENDED.includes(error.code);
}

export function failureError(context: AppLoadContext, session: AppSession | undefined, failure: UpstreamFailure): Error {
  const applicant = session?.get("applicant");
  const code = codeForFailure(failure, { anonymous: Boolean(applicant?.anonymous), configLoaded: configLoaded(context) });
  if (code === null) return new SilentUpstreamFailure(failure);
  const profileId = applicant?.registrationProfileId ?? session?.get("activeProfileId");
  if (session && SESSION_ENDED.includes(code) && tokenRoleForPath(failure.path) === "applicant") {
    // The upstream session is over: forget the token, so the login page shows its form again
    // instead of sending the visitor back to a page that fails. Everything else in the session stays
    // (language, on-site station, form drafts).
    session.unset("applicant");
    void context.services.sessionStorage
      .commitSession(session)
      .catch((error) => context.logger.error({ err: error }, "could not persist the ended session"));
  }
  return new UpstreamError(failure, code, {
    requestId: context.requestId,
    onSite: Boolean(session?.get("onSite")),
    params: profileId ? { profileId } : undefined,
  });
}

/** What a failed fetch was: the breaker refused it, the budget ran out, or no answer came. */
export function failureKind(error: unknown): "unavailable" | "timeout" | "network" {
  if (isUpstreamUnavailable(error)) return "unavailable";
  return error instanceof DOMException && (error.name === "TimeoutError" || error.name === "AbortError") ? "timeout" : "network";
}
