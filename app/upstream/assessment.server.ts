import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "./client.server";
import { SilentUpstreamFailure, UpstreamError } from "./failures.server";

/**
 * The assessment engine and finishing (spec §7, R-API-04, R-FIN-01, R-VAL-08): the session URL of a
 * module, its start (initPicat), finishing one module or an fbo group, and the tracking calls.
 */

/** What getSessionUrl hands back; initPicat takes the same sessionData. */
export interface EngineSessionData {
  prcm_id: number;
  profileId: string;
  session: string;
}

export interface EngineSession {
  /** Where the iframe points: absolute, or root-relative on the app's own origin (embedded API). */
  url: string;
  sessionData: EngineSessionData;
  completed: boolean;
}

const sessionDataSchema = z.object({
  prcm_id: z.coerce.number(),
  profileId: z.string(),
  session: z.string(),
});

// Both answers may be empty: that is R-VAL-08's case, not a contract violation (API01).
const sessionUrlSchema = z.object({
  sessionURL: z.string().nullish(),
  sessionData: sessionDataSchema.nullish(),
  completed: z.boolean().default(false),
});

const initSchema = z.object({
  sessionURL: z.string().nullish(),
  completed: z.boolean().default(false),
  answeredItems: z.number().int().nonnegative().nullish(),
  totalItems: z.number().int().nonnegative().nullish(),
});

/**
 * R-VAL-08: a session start with an empty result is 'could not initialize session', API03. It carries its failure,
 * so that it is reported to Sentry as a fault of the upstream (docs/decisions/010, mapping.ts isReportedFailure).
 */
function couldNotInitializeSession(context: AppLoadContext, path: string): UpstreamError {
  context.logger.error({ upstream: { failure: "empty-session", path } }, "could not initialize session");
  return new UpstreamError({ kind: "empty-session", path }, "API03", { requestId: context.requestId });
}

/**
 * sessionURL and imagePath may be root-relative (docs/api.md "URLs the browser loads"): they belong to
 * the upstream's public origin, or to our own origin for the embedded API.
 */
export function browserUrl(context: AppLoadContext, url: string): string {
  const origin = context.services.upstreamPublicOrigin;
  if (!origin || !url.startsWith("/") || url.startsWith("//")) return url;
  return new URL(url, origin).href;
}

/** POST /getSessionUrl: opens (or resumes) the engine session of a non-Form module. */
export async function openEngineSession(
  context: AppLoadContext,
  session: AppSession,
  request: { profileId: string; componentId: number; returnUrl: string; language: string },
): Promise<EngineSession> {
  const response = await callUpstream(context, {
    method: "POST",
    path: "/getSessionUrl",
    auth: "token",
    session,
    body: request,
    schema: sessionUrlSchema,
    budget: "asset",
  });
  if (!response.sessionURL?.trim() || !response.sessionData?.session) throw couldNotInitializeSession(context, "/getSessionUrl");
  return { url: browserUrl(context, response.sessionURL), sessionData: response.sessionData, completed: response.completed };
}

export interface EngineProgress {
  completed: boolean;
  answeredItems: number | null;
  totalItems: number | null;
}

/** POST /initPicat: token-free (R-ROLE-03), the engine's start mark and JSON view of the session. */
export async function initEngineSession(context: AppLoadContext, sessionData: EngineSessionData): Promise<EngineProgress> {
  const response = await callUpstream(context, {
    method: "POST",
    path: "/initPicat",
    auth: "none",
    body: { sessionData },
    schema: initSchema,
    budget: "asset",
  });
  if (!response.sessionURL?.trim()) throw couldNotInitializeSession(context, "/initPicat");
  return {
    completed: response.completed,
    answeredItems: response.answeredItems ?? null,
    totalItems: response.totalItems ?? null,
  };
}

export type FinishAnswer =
  | { kind: "finished"; profileCompleted: boolean }
  /** 409: a module of the call still needs its completed engine session (or its saved form). */
  | { kind: "not-ready"; componentId: number; reason: "session_not_completed" | "form_not_saved" };

const finishSchema = z.object({ profileCompleted: z.boolean().default(false) });

function notReady(error: unknown, fallbackComponentId: number): FinishAnswer | null {
  if (!(error instanceof UpstreamError) || error.status !== 409) return null;
  const body = (error.body ?? {}) as { error?: unknown; data?: { componentId?: unknown } };
  if (body.error !== "session_not_completed" && body.error !== "form_not_saved") return null;
  const named = Number(body.data?.componentId);
  return { kind: "not-ready", componentId: Number.isInteger(named) && named > 0 ? named : fallbackComponentId, reason: body.error };
}

/**
 * R-FIN-01: POST /finishComponent for one module, POST /finishFBOComponents for an fbo group (all or
 * nothing). Finishing a finished module again changes nothing upstream, so a resubmit never counts twice.
 */
export async function finishComponents(
  context: AppLoadContext,
  session: AppSession,
  profileId: string,
  componentIds: readonly number[],
  group: boolean,
): Promise<FinishAnswer> {
  try {
    const response = await callUpstream(context, {
      method: "POST",
      path: group ? "/finishFBOComponents" : "/finishComponent",
      auth: "token",
      session,
      body: group ? { profileId, moduleIds: componentIds } : { profileId, componentId: componentIds[0] },
      schema: finishSchema,
    });
    return { kind: "finished", profileCompleted: response.profileCompleted };
  } catch (error) {
    const answer = notReady(error, componentIds[0]);
    if (answer) return answer;
    throw error;
  }
}

/**
 * POST /finalizeApplication (decision 120): the application is complete. Idempotent upstream (the
 * first time is kept), so calling it again after a lost answer is harmless.
 */
export async function finalizeApplication(context: AppLoadContext, session: AppSession): Promise<void> {
  await callUpstream(context, { method: "POST", path: "/finalizeApplication", auth: "token", session, body: {} });
}

export interface TrackEvent {
  profileId: string;
  componentId: number;
  action: string;
  target?: string;
}

/**
 * Tracking never blocks or breaks a page (spec §8 "network errors on tracking calls produce no code",
 * R-CAT-05): callers do not await it, and it never rejects. Network failures are silent; a refusal
 * (4xx) is only logged.
 */
export function track(context: AppLoadContext, session: AppSession, path: string, event: object): Promise<void> {
  return callUpstream(context, { method: "POST", path, auth: "token", session, body: event }).then(
    () => undefined,
    (error: unknown) => {
      if (error instanceof SilentUpstreamFailure) {
        context.logger.debug({ upstream: { path, failure: error.failure.kind } }, "tracking call lost");
      } else {
        const status = error instanceof UpstreamError ? error.status : undefined;
        context.logger.warn({ upstream: { path, status }, err: error }, "tracking call refused");
      }
    },
  );
}

/** POST /trackFormAction: a Form module was opened or saved. */
export function trackFormAction(context: AppLoadContext, session: AppSession, event: TrackEvent): Promise<void> {
  return track(context, session, "/trackFormAction", event);
}

/** POST /trackPicatNavigation: the assessment frame was opened or finished. */
export function trackPicatNavigation(context: AppLoadContext, session: AppSession, event: TrackEvent): Promise<void> {
  return track(context, session, "/trackPicatNavigation", event);
}
