import type { LoaderFunctionArgs } from "@remix-run/node";
import { endsSession, SilentUpstreamFailure } from "~/upstream/failures.server";
import { isCatalogueError, type ErrorPayload } from "./catalogue-error";
import { PRIORITY_CODES } from "./catalogue";
import { errorTime, explainOverPage } from "./route-errors.server";
import { SHOWN_ERRORS_KEY } from "./shown-error";

/**
 * R-ERR-01, R-ERR-03 (decision 127): the secondary calls of a loader, the ones the
 * page can render without (the privacy statement of the privacy dialog, the user data on home, the
 * feedback state on the report page, storing a chosen language). A failure gives the call's
 * fallback and becomes a catalogue dialog over the page instead of the full error page or a silent
 * gap. Errors that end the session (C02, C03, C22, C23) and anything that is no catalogue error
 * (a redirect, a bug) are thrown as before: nothing of the page can be shown then.
 *
 *   const secondary = new SecondaryCalls(args, "routes/$cstm.login");
 *   const modals = await loadOpenModals(request, { privacy: () => secondary.run(loadPrivacy(), { statement: null }) });
 *   return { ...data, ...(await secondary.shown()) };
 */
export class SecondaryCalls {
  /** Newest first (R-ERR-03). */
  private readonly failures: { error: unknown; at: number }[] = [];

  constructor(
    private readonly args: LoaderFunctionArgs,
    private readonly routeId: string,
  ) {}

  /** The call's value, or `fallback` when it failed in a way the page survives (noted for the dialog). */
  async run<T, F = T>(call: Promise<T> | (() => Promise<T>), fallback: F): Promise<T | F> {
    try {
      return await (typeof call === "function" ? call() : call);
    } catch (error) {
      this.note(error);
      return fallback;
    }
  }

  /** Notes a failure the caller caught itself; throws what the page cannot survive. */
  note(error: unknown): void {
    // Spec §8: some failures produce no code (tracking calls); they are the caller's to log.
    if (error instanceof SilentUpstreamFailure) {
      this.args.context.logger.warn({ err: error }, "secondary call failed without a code");
      return;
    }
    if (!isCatalogueError(error) || endsSession(error)) throw error;
    if (error.data.errors.some((shown) => PRIORITY_CODES.includes(shown.code))) throw error;
    this.failures.unshift({ error, at: errorTime() });
  }

  get failed(): boolean {
    return this.failures.length > 0;
  }

  /** The loader data's field with the failures as one stack (newest first), or nothing. */
  async shown(): Promise<{ [SHOWN_ERRORS_KEY]?: ErrorPayload }> {
    if (this.failures.length === 0) return {};
    const payloads: ErrorPayload[] = [];
    for (const { error, at } of this.failures) {
      const payload = await explainOverPage(error, this.args, this.routeId, at);
      if (payload) payloads.push(payload);
    }
    if (payloads.length === 0) return {};
    const [first] = payloads;
    return {
      [SHOWN_ERRORS_KEY]: {
        ...first,
        errors: payloads.flatMap((payload) => payload.errors),
        ...(payloads.some((payload) => payload.onSite) ? { onSite: true } : {}),
      },
    };
  }
}
