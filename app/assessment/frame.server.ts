import type { AppLoadContext } from "@remix-run/node";
import { customerPath } from "~/domain/customer-path";
import {
  initEngineSession,
  openEngineSession,
  trackPicatNavigation,
  type EngineProgress,
  type EngineSession,
} from "~/upstream/assessment.server";
import { UpstreamError } from "~/upstream/failures.server";
import { assessmentPath, type AssessmentModule, type AssessmentTarget } from "./module.server";

/**
 * The embedded assessment frame (R-ENT-06: every non-Form module): an engine session whose last page
 * sends the whole window (GET, target=_top) to our done route, which finishes the module.
 */

/**
 * Where the engine's last page sends the window. The embedded API lives on our origin, so a path is
 * enough (and stays right behind any proxy); a remote upstream needs our absolute URL, which it checks
 * against the app origin it was configured with (docs/api.md POST /getSessionUrl).
 */
export function engineReturnUrl(request: Request, context: AppLoadContext, cstm: string, moduleId: number): string {
  const path = assessmentPath(cstm, moduleId, "done");
  return context.services.upstreamPublicOrigin ? new URL(path, request.url).href : path;
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

const settle = <T>(promise: Promise<T>): Promise<Settled<T>> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * The session URL does not depend on the containers, so when the component map says the module is an
 * engine module it is requested alongside them (DESIGN §7: independent calls in parallel). Settled, so
 * a page that turns out to need no engine session never sees its failure.
 */
export function openEngineSessionEarly(
  request: Request,
  context: AppLoadContext,
  target: AssessmentTarget,
): Promise<Settled<EngineSession>> | null {
  if (target.screens.get(target.moduleId) === "form") return null;
  return settle(
    openEngineSession(context, target.session, {
      profileId: target.profileId,
      componentId: target.moduleId,
      returnUrl: engineReturnUrl(request, context, target.cstm, target.moduleId),
      language: target.language,
    }),
  );
}

/**
 * How often a page opens the engine session before it gives up on a key replaced by a parallel load.
 * getSessionUrl replaces the session's key (docs/api.md): when the same applicant loads the module
 * twice at once (a second tab, a reload while the first load runs), the other load's getSessionUrl
 * can land between this load's getSessionUrl and its initPicat, which then answers 401 for the
 * replaced key. That is not an ended sign-in (it showed C03 "session expired"): the newest open wins,
 * as when the tabs are opened one after the other, so this load opens again with a key of its own.
 */
const ENGINE_OPEN_ATTEMPTS = 4;

/**
 * The opens after the first of one browser session and module run one at a time in this process:
 * three tabs loading at once could otherwise keep replacing each other's key on every attempt (seen
 * in a full test run with two test files at a time). Only the first, speculative open of a load runs
 * outside, so each load can be disturbed at most once per other load. An in-flight promise, not
 * per-user state: it is gone when the opens are done (DESIGN §9).
 */
const reopening = new Map<string, Promise<unknown>>();

async function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const mine = (reopening.get(key) ?? Promise.resolve()).then(work, work);
  const settled = mine.catch(() => undefined);
  reopening.set(key, settled);
  try {
    return await mine;
  } finally {
    if (reopening.get(key) === settled) reopening.delete(key);
  }
}

/** initPicat is token-free: its 401 means the key, never the applicant's sign-in. */
const keyReplaced = (error: unknown) => error instanceof UpstreamError && error.status === 401;

export interface FrameView {
  view: "frame";
  moduleName: string;
  description: string;
  minutes: number | null;
  frameUrl: string;
  /** Every item is answered: the finish page is showing; the done route finishes the module. */
  completed: boolean;
  answeredItems: number | null;
  totalItems: number | null;
  /** R-ENT-06: training modules may be skipped; Scale modules can never be discontinued. */
  canSkip: boolean;
  doneHref: string;
  homeHref: string;
  /** Set when the applicant was sent here to complete the rest of an fbo group. */
  groupNotice: { finishedName: string; containerName: string } | null;
}

export async function frameView(
  request: Request,
  context: AppLoadContext,
  loaded: AssessmentModule,
  early: Promise<Settled<EngineSession>> | null,
): Promise<FrameView> {
  const { module, cstm, moduleId } = loaded;
  const speculated = early && module.componentId === moduleId ? await early : null;
  const open = () =>
    openEngineSession(context, loaded.session, {
      profileId: loaded.profileId,
      componentId: module.componentId,
      returnUrl: engineReturnUrl(request, context, cstm, moduleId),
      language: loaded.language,
    });
  let engine: EngineSession;
  if (speculated?.ok) engine = speculated.value;
  else if (speculated) throw speculated.error;
  else engine = await open();
  let progress: EngineProgress | undefined;
  try {
    progress = await initEngineSession(context, engine.sessionData);
  } catch (error) {
    if (!keyReplaced(error)) throw error;
  }
  for (let attempt = 2; !progress; attempt++) {
    context.logger.info({ attempt }, "engine session key replaced by a parallel load: opening again");
    try {
      progress = await oneAtATime(`${loaded.session.id}/${module.componentId}`, async () => {
        engine = await open();
        return initEngineSession(context, engine.sessionData);
      });
    } catch (error) {
      if (!keyReplaced(error) || attempt >= ENGINE_OPEN_ATTEMPTS) throw error;
    }
  }
  void trackPicatNavigation(context, loaded.session, {
    profileId: loaded.profileId,
    componentId: module.componentId,
    action: "frame-opened",
  });

  const after = Number(new URL(request.url).searchParams.get("after"));
  const finishedPartner = loaded.container.isFbo
    ? loaded.container.elements.find((candidate) => candidate.id === after && candidate !== module)
    : undefined;
  return {
    view: "frame",
    moduleName: module.displayName,
    description: module.description,
    minutes: module.durationMinutes,
    frameUrl: engine.url,
    completed: engine.completed || progress.completed,
    answeredItems: progress.answeredItems,
    totalItems: progress.totalItems,
    canSkip: module.isTraining && module.canDiscontinue,
    doneHref: assessmentPath(cstm, moduleId, "done"),
    homeHref: customerPath(cstm, "/home"),
    groupNotice: finishedPartner ? { finishedName: finishedPartner.displayName, containerName: loaded.container.name } : null,
  };
}
