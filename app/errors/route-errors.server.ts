import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { DEFAULT_LANGUAGE } from "~/i18n/languages";
import type { CustomerConfig } from "~/domain/customer";
import { getSession } from "~/session/request.server";
import defaultErrorTexts from "../../locales/de-DU/errors.json";
import { isCatalogueError, isErrorPayload, type ErrorPayload } from "./catalogue-error";
import { codeForFailure, isReportedFailure, type Failure } from "./mapping";
import { customerOfPath } from "./customer-segment";
import { captureForSupport } from "./report.server";
import { onSiteInQuery, selectMainError, supportAddress } from "./selection";
import { PRIORITY_CODES } from "./catalogue";
import { SHOWN_ERRORS_KEY } from "./shown-error";
import { readFormData } from "~/forms/form-data.server";

/**
 * Every error a loader or an action throws leaves it as a catalogue error payload
 * (docs/decisions/008-route-errors-carry-their-payload.md):
 * - catalogue errors get what only the request knows: its id (the reference on the page), the
 *   on-site flag, where closing leads, the support address; faults among them (network, contract)
 *   are reported;
 * - anything unexpected is logged and reported with the request id and becomes E01 with status
 *   500, instead of Remix's sanitized error that no one could find in the logs;
 * - responses (redirects) and other `data()` results pass untouched.
 * It also notes the deepest route that ran, for the request log line (routeIdFor).
 */

type DataFunction = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;
type Build = ServerBuild | (() => Promise<ServerBuild>);

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: { status?: number; headers?: HeadersInit } | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as DataWithInit).type === "DataWithResponseInit";
}

const routesByLogger = new WeakMap<object, { routeId: string; depth: number }>();

/** The deepest route whose loader or action ran for the request of this logger. */
export function routeIdFor(logger: object | undefined): string | undefined {
  return logger ? routesByLogger.get(logger)?.routeId : undefined;
}

function noteRoute(context: AppLoadContext, routeId: string, depth: number) {
  const known = routesByLogger.get(context.logger);
  if (!known || depth >= known.depth) routesByLogger.set(context.logger, { routeId, depth });
}

const explainedByLogger = new WeakMap<object, WeakSet<object>>();

/**
 * Loaders of one request share memoized work, so one failure often reaches several loaders (the
 * customer layout's and the page's): it is logged and reported once per request.
 */
function firstTimeInRequest(context: AppLoadContext, error: unknown): boolean {
  if (typeof error !== "object" || error === null) return true;
  let seen = explainedByLogger.get(context.logger);
  if (!seen) explainedByLogger.set(context.logger, (seen = new WeakSet()));
  if (seen.has(error)) return false;
  seen.add(error);
  return true;
}

async function settled<T>(promise: Promise<T> | undefined): Promise<T | undefined> {
  try {
    return await promise;
  } catch {
    return undefined;
  }
}

/** The page a request belongs to: single-fetch data requests (/x.data, /_root.data) name their page. */
export function pageOf(url: URL): string {
  const pathname = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  search.delete("index");
  const query = search.toString();
  return pathname + (query ? `?${query}` : "");
}

/**
 * Where the user was: for a form post the page of the form; for a page load the same-site page
 * that led here (Referer; a client navigation's data request names the page it came from).
 */
function whereTheUserWas(request: Request, url: URL): string | undefined {
  if (request.method !== "GET" && request.method !== "HEAD") return pageOf(url);
  const referer = request.headers.get("Referer");
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    if (from.host !== url.host) return undefined;
    const page = from.pathname + from.search;
    return page === pageOf(url) ? undefined : page;
  } catch {
    return undefined;
  }
}

interface RequestFacts {
  configLoaded: boolean;
  onSite: boolean;
  supportEmail: string;
  returnTo?: string;
  cstm?: string;
}

async function requestFacts({ request, context, params }: LoaderFunctionArgs): Promise<RequestFacts> {
  const url = new URL(request.url);
  const cstm = params.cstm ?? customerOfPath(url.pathname);
  // Only what this request already loaded (customer.server.ts memoizes the configuration under
  // "config:{cstm}"): the error path must not start upstream calls of its own.
  const config = cstm ? ((await settled(context.memo.get(`config:${cstm}`))) as CustomerConfig | null | undefined) : undefined;
  const session = await settled(getSession(request, context));
  return {
    configLoaded: Boolean(config),
    onSite: Boolean(session?.get("onSite")) || onSiteInQuery(url.search) || Boolean(config?.area.onSite),
    supportEmail: supportAddress(url.hostname, config?.supportEmail),
    returnTo: whereTheUserWas(request, url),
    cstm,
  };
}

/** The root loader failed: its error view has no translations but these (the default language's). */
const ROOT_TEXTS: ErrorPayload["texts"] = { language: DEFAULT_LANGUAGE, errors: defaultErrorTexts };

/** When an error happened, for the stack's order across the action and the loaders (R-ERR-03). */
export function errorTime(): number {
  return Math.round((performance.timeOrigin + performance.now()) * 1000) / 1000;
}

async function explain(error: unknown, args: LoaderFunctionArgs, routeId: string, at = errorTime()): Promise<unknown> {
  const { request, context } = args;
  if (request.signal.aborted || error instanceof Response) return error;
  if (isDataWithInit(error) && !isErrorPayload(error.data)) return error;

  const facts = await requestFacts(args);
  const tags = { requestId: context.requestId, cstm: facts.cstm, route: routeId };
  const sentryEnabled = context.services.sentryEnabled;
  const firstTime = firstTimeInRequest(context, error);
  let payload: ErrorPayload;
  let status: number;
  let headers: Headers | undefined;

  if (isCatalogueError(error)) {
    const failure = (error as { failure?: Failure }).failure;
    const codes = error.data.errors.map((shown) => shown.code);
    status = error.init.status;
    headers = error.init.headers;
    if (!firstTime) {
      // Already logged (and reported) by another loader of this request.
    } else if (failure && isReportedFailure(failure)) {
      context.logger.warn({ codes, status, routeId, failure: failure.kind }, "catalogue error (reported)");
      captureForSupport(error, tags, {
        sentryEnabled,
        extra: { codes, failure },
        fingerprint: ["upstream", failure.kind, "path" in failure ? failure.path : ""],
        request: args.request,
      });
    } else {
      context.logger.info({ codes, status, routeId }, "catalogue error");
    }
    // A new payload per request: one error object can be shared by concurrent requests (the
    // configuration cache shares the promise), and each page must show its own request id.
    payload = { ...error.data, onSite: Boolean(error.data.onSite) || facts.onSite };
  } else {
    if (firstTime) {
      context.logger.error({ err: error, routeId }, "unexpected server error");
      captureForSupport(error, tags, { sentryEnabled, request: args.request });
    }
    const code = codeForFailure({ kind: "unexpected", where: "server" }, { anonymous: false, configLoaded: facts.configLoaded })!;
    payload = { kind: "catalogue", errors: [{ code }], onSite: facts.onSite };
    status = 500;
  }

  payload.requestId = context.requestId;
  payload.errors = payload.errors.map((shown) => (shown.at === undefined ? { ...shown, at } : shown));
  payload.returnTo ??= facts.returnTo;
  payload.supportEmail = facts.supportEmail;
  if (!payload.onSite) delete payload.onSite;
  if (!payload.returnTo) delete payload.returnTo;
  if (routeId === "root") payload.texts = ROOT_TEXTS;
  return { type: "DataWithResponseInit", data: payload, init: { status, ...(headers ? { headers } : {}) } } satisfies DataWithInit;
}

/** Fields never sent back into a form: passwords, and the form's machinery. */
const NOT_ECHOED = /passw|^(intent|csrf|website)$/i;

/**
 * Decision 127: an action of a page whose catalogue error leaves the page showable
 * answers the error as data instead of throwing it: the page renders again (loaders run as after
 * any answer) with the error dialogs over it, and the form gets what was posted back as conform's
 * `initialValue`, so nothing typed is lost without JavaScript either. Errors that end the session
 * (C02, C03, C22, C23) keep the error page: nothing of the page can load without a sign-in.
 */
async function answerOverPage(args: ActionFunctionArgs, explained: DataWithInit): Promise<DataWithInit | null> {
  const payload = explained.data as ErrorPayload;
  const main = selectMainError(payload.errors)?.main;
  if (!main || PRIORITY_CODES.includes(main.code)) return null;
  const formData = await readFormData(args.request).catch(() => null);
  // Like conform's own reply: every posted value, repeated names as a list (the body size is bounded upstream of here).
  const initialValue: Record<string, string | string[]> = {};
  for (const [name, value] of formData?.entries() ?? []) {
    if (typeof value !== "string" || NOT_ECHOED.test(name)) continue;
    const known = initialValue[name];
    initialValue[name] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
  }
  return {
    type: "DataWithResponseInit",
    data: { [SHOWN_ERRORS_KEY]: payload, result: { initialValue } },
    init: explained.init,
  };
}

/**
 * Decision 127: a failed secondary call of a loader, explained like a thrown error
 * (logged, reported when it is a fault, the request's id and support address) but returned: the
 * loader puts the payload into its data and the page shows it as a dialog over itself.
 */
export async function explainOverPage(error: unknown, args: LoaderFunctionArgs, routeId: string, at: number): Promise<ErrorPayload | null> {
  const explained = await explain(error, args, routeId, at);
  return isDataWithInit(explained) && isErrorPayload(explained.data) ? explained.data : null;
}

function wrap(routeId: string, depth: number, run: DataFunction, overPage: boolean): DataFunction {
  return async (args) => {
    noteRoute(args.context, routeId, depth);
    try {
      return await run(args);
    } catch (error) {
      const explained = await explain(error, args, routeId, errorTime());
      const answer = overPage && isDataWithInit(explained) && isErrorPayload(explained.data) ? await answerOverPage(args, explained) : null;
      if (answer) return answer;
      throw explained;
    }
  };
}

const wrappedBuilds = new WeakMap<ServerBuild, ServerBuild>();

function wrapBuild(build: ServerBuild): ServerBuild {
  const known = wrappedBuilds.get(build);
  if (known) return known;
  const depthOf = (id: string) => {
    let depth = 0;
    for (let route = build.routes[id]; route?.parentId; route = build.routes[route.parentId]) depth++;
    return depth;
  };
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = { ...route.module };
    if (module.loader) module.loader = wrap(id, depthOf(id), module.loader, false) as typeof module.loader;
    // Only pages (routes with a component) show errors over themselves; resource routes answer as before.
    const page = Boolean(module.default) && id !== "root";
    if (module.action) module.action = wrap(id, depthOf(id), module.action, page) as typeof module.action;
    routes[id] = { ...route, module };
  }
  const wrapped = { ...build, routes };
  wrappedBuilds.set(build, wrapped);
  return wrapped;
}

/** Wraps every loader and action of a Remix server build (or of a build loader, in development). */
export function withCatalogueErrors<B extends Build>(build: B): B {
  if (typeof build === "function") return (async () => wrapBuild(await build())) as B;
  return wrapBuild(build) as B;
}
