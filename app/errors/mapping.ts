import type { ErrorCode } from "./catalogue";

/**
 * How an upstream outcome becomes a catalogue code: the one place for spec §8 / R-CAT-02.
 * Pure, so every row of the rule table has a unit test.
 */
export type UpstreamFailure =
  | { kind: "response"; status: number; path: string; body?: unknown }
  | { kind: "network"; path: string }
  | { kind: "timeout"; path: string }
  /** R-TOK-01: the token check could not refresh the token. */
  | { kind: "refresh-failed"; path: string }
  /** R-VAL-08: a session start returned an empty result. */
  | { kind: "empty-session"; path: string }
  /** A response that arrived but does not have the shape the contract promises. */
  | { kind: "invalid-response"; path: string; status: number };

export interface MappingContext {
  /** R-ROLE-02: anonymous self-registered applicants get C22/C23 instead of C02/C03. */
  anonymous: boolean;
  /** C01 needs a loaded configuration, otherwise E01. */
  configLoaded: boolean;
}

const SERVER_CODES = ["C06", "C07", "C10", "C11", "C12", "C13"] as const;
type ServerCode = (typeof SERVER_CODES)[number];

function codeIn(value: unknown): ServerCode | undefined {
  if (typeof value === "string") {
    const trimmed = value.trim();
    return (SERVER_CODES as readonly string[]).includes(trimmed) ? (trimmed as ServerCode) : undefined;
  }
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    return codeIn(record.code) ?? codeIn(record.errorCode) ?? codeIn(record.errorMsg);
  }
  return undefined;
}

/** The server error code is read from the data or error fields, errorMsg for C06 and C07 (spec §8). */
export function serverErrorCode(body: unknown): ServerCode | undefined {
  if (!body || typeof body !== "object") return undefined;
  const record = body as Record<string, unknown>;
  return codeIn(record.errorMsg) ?? codeIn(record.data) ?? codeIn(record.error);
}

function hasData(body: unknown): boolean {
  if (!body || typeof body !== "object") return false;
  const data = (body as Record<string, unknown>).data;
  return data !== undefined && data !== null && data !== "";
}

const isPasswordSave = (path: string) => /\/(saveNewPassword|changeUserPassword)(\b|\/|\?|$)/.test(path);
const isRegistration = (path: string) => /\/register(Anon)?(\b|\/|\?|$)/.test(path);
const isDataProtection = (path: string) => /\/dataProtStat\//.test(path);
const isTracking = (path: string) => /\/track(PicatNavigation|FormAction|VideoAction)(\b|\/|\?|$)/.test(path);

/**
 * Returns the catalogue code for a failure, or null where the spec says no code is produced
 * (network errors of tracking calls).
 */
export function codeForFailure(failure: UpstreamFailure, context: MappingContext): ErrorCode | null {
  const expired = (code: "C02" | "C03"): ErrorCode =>
    context.anonymous ? (code === "C02" ? "C22" : "C23") : code;

  switch (failure.kind) {
    case "refresh-failed":
      return expired("C02");
    case "network":
    case "timeout":
      return isTracking(failure.path) ? null : "API02";
    case "empty-session":
      return "API03";
    case "invalid-response":
      return isDataProtection(failure.path) ? "DP01" : "API01";
    case "response":
      break;
  }

  const { status, path, body } = failure;
  const serverCode = serverErrorCode(body);
  if (serverCode === "C06" || serverCode === "C07") return serverCode;
  if (status === 419) return expired("C02");
  if (status === 401) return expired("C03");
  if (status === 402) return "C14";
  if (status === 409) return isPasswordSave(path) ? "C04" : "API01";
  if (status === 403) {
    if (serverCode === "C10" || serverCode === "C11" || serverCode === "C12") return serverCode;
    if (isRegistration(path) && !hasData(body)) return "C12";
    return "C05";
  }
  if (serverCode === "C13") return "C13";
  if (isDataProtection(path)) return "DP01";
  if (status >= 400 || status === 0) return "API01";
  return context.configLoaded ? "C01" : "E01";
}
