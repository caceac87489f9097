import { codeForUnexpected, type ErrorCode } from "./catalogue";

/**
 * How a failure becomes a catalogue code: the one place for spec §8 / R-CAT-02. Pure, so every row
 * of the rule table has a unit test (tests/unit/errors-mapping.test.ts).
 */
export type UpstreamFailure =
  | { kind: "response"; status: number; path: string; body?: unknown }
  | { kind: "network"; path: string }
  | { kind: "timeout"; path: string }
  /** The circuit breaker is open (the upstream stopped answering): the call was not attempted. */
  | { kind: "unavailable"; path: string }
  /** R-TOK-01: the token check could not refresh the token. */
  | { kind: "refresh-failed"; path: string }
  /** R-VAL-08: a session start returned an empty result ('could not initialize session'). */
  | { kind: "empty-session"; path: string }
  /** A success status whose body does not have the shape the contract promises (e.g. no data). */
  | { kind: "invalid-response"; path: string; status: number };

/** Anything else that went wrong: a bug, a broken store, a failed render, in the browser or on the server. */
export type Failure = UpstreamFailure | { kind: "unexpected"; where: "browser" | "server" };

export interface MappingContext {
  /** R-ROLE-02: anonymous self-registered applicants get C22/C23 instead of C02/C03. */
  anonymous: boolean;
  /** "otherwise C01 (configuration loaded) or E01". */
  configLoaded: boolean;
}

type NamedCode = "C06" | "C07" | "C10" | "C11" | "C12" | "C13";

/** A server error code as a string ("C10", "C10: …") or an object naming it (code, errorCode). */
function codeIn(value: unknown, allowed: readonly NamedCode[]): NamedCode | undefined {
  if (typeof value === "string") {
    const match = /^\s*(C\d\d)\b/.exec(value);
    return match && (allowed as readonly string[]).includes(match[1]) ? (match[1] as NamedCode) : undefined;
  }
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return codeIn(record.code, allowed) ?? codeIn(record.errorCode, allowed);
  }
  return undefined;
}

function field(body: unknown, name: string): unknown {
  return body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
}

/**
 * Spec §8: "The server error code is read from the data or error fields (errorMsg for C06 and C07)."
 * errorMsg may sit at the top level or inside data / error.
 */
export function serverErrorCode(body: unknown): NamedCode | undefined {
  const linkCodes: NamedCode[] = ["C06", "C07"];
  const errorMsg = field(body, "errorMsg") ?? field(field(body, "data"), "errorMsg") ?? field(field(body, "error"), "errorMsg");
  const fromErrorMsg = codeIn(errorMsg, linkCodes);
  if (fromErrorMsg) return fromErrorMsg;
  const named: NamedCode[] = ["C10", "C11", "C12", "C13"];
  return codeIn(field(body, "data"), named) ?? codeIn(field(body, "error"), named);
}

/** "A response without data" (spec §8, C12): no `data` field, or an empty one. */
export function hasData(body: unknown): boolean {
  const data = field(body, "data");
  if (data === undefined || data === null || data === "") return false;
  if (Array.isArray(data)) return data.length > 0;
  if (typeof data === "object") return Object.keys(data).length > 0;
  return true;
}

const pathIs = (pattern: string) => new RegExp(`^/(${pattern})(/|\\?|$)`);
const PASSWORD_SAVE = pathIs("saveNewPassword|changeUserPassword");
const REGISTRATION = pathIs("register|registerAnon");
const DATA_PROTECTION = /^\/[^/]+\/dataProtStat\//;
const TRACKING = pathIs("trackPicatNavigation|trackFormAction|trackVideoAction");

/**
 * Returns the catalogue code for a failure, or null where the spec says no code is produced
 * (network errors of tracking calls).
 */
export function codeForFailure(failure: Failure, context: MappingContext): ErrorCode | null {
  // R-CAT-02: anonymous users get C22/C23, whose button leads to their registration.
  const expired = (code: "C02" | "C03"): ErrorCode => (context.anonymous ? (code === "C02" ? "C22" : "C23") : code);

  switch (failure.kind) {
    case "refresh-failed":
      return expired("C02");
    case "network":
    case "timeout":
    case "unavailable":
      return TRACKING.test(failure.path) ? null : "API02";
    case "empty-session":
      return "API03";
    case "invalid-response":
      if (DATA_PROTECTION.test(failure.path)) return "DP01";
      if (REGISTRATION.test(failure.path)) return "C12";
      return "API01";
    case "unexpected":
      return codeForUnexpected(failure.where, context.configLoaded);
    case "response":
      break;
  }

  const { status, path, body } = failure;
  const named = serverErrorCode(body);
  if (named === "C06" || named === "C07") return named;
  if (status === 419) return expired("C02");
  if (status === 401) return expired("C03");
  // Whatever else failed about the statement, the applicant cannot go on without it.
  if (DATA_PROTECTION.test(path)) return "DP01";
  if (status === 402) return "C14";
  if (status === 409) return PASSWORD_SAVE.test(path) ? "C04" : "API01";
  if (status === 403) {
    if (named === "C10" || named === "C11" || named === "C12") return named;
    if (REGISTRATION.test(path) && !hasData(body)) return "C12";
    return "C05";
  }
  if (named === "C13") return "C13";
  // One too many (429) is no "already registered": the forms say so themselves, elsewhere API01.
  if (REGISTRATION.test(path) && status < 500 && status !== 429 && !hasData(body)) return "C12";
  return "API01";
}

/**
 * R-CAT-05: failures with an HTTP status >= 400 are answers, not faults, and never go to Sentry;
 * neither does a failed token refresh, which R-TOK-01 makes silent. Calls the open circuit breaker
 * did not attempt are not reported one by one either: the failures that opened it were, and the
 * opening is logged (a dead upstream would otherwise send one event per page view). Everything
 * else is reported.
 */
export function isReportedFailure(failure: Failure): boolean {
  return failure.kind !== "response" && failure.kind !== "refresh-failed" && failure.kind !== "unavailable";
}
