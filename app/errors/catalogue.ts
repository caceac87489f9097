/**
 * The product's error catalogue (spec §8, R-CAT-01, R-ENT-02). Behaviour lives here; the words live
 * in locales/{language}/errors.json under the code (title, message, button).
 */
export const ERROR_CODES = [
  "E01",
  "E02",
  "C01",
  "C02",
  "C03",
  "C04",
  "C05",
  "C06",
  "C07",
  "C10",
  "C11",
  "C12",
  "C13",
  "C14",
  "C22",
  "C23",
  "API01",
  "API02",
  "API03",
  "DP01",
  "Chunk",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * An error entry of spec §3 (code, title, message, disableClose, showBtn, btnText, btnLink). Title,
 * message and btnText are the translation keys `errors:{code}.title|message|button`.
 */
export interface CatalogueEntry {
  code: ErrorCode;
  /** The entry has its own message; without one the default support hint is shown (R-CAT-04). */
  hasMessage: boolean;
  showBtn: boolean;
  /**
   * Customer-relative (prefixed per R-TEN-04) or absolute link; `{name}` is filled from the error's
   * params. None: the button closes the error (R-ERR-02).
   */
  btnLink?: string;
  disableClose: boolean;
  /** Suppressed errors are recorded (logged) but never shown (spec §8 handling). */
  suppress?: boolean;
  /** HTTP status of a page whose main error this is (a thrower may choose another). */
  status: number;
}

const entry = (code: ErrorCode, rest: Omit<CatalogueEntry, "code">): CatalogueEntry => ({ code, ...rest });

/**
 * The §8 table. No entry is suppressed by default: every row has a visible behaviour; a thrower
 * marks an occurrence `suppress` instead (docs/decisions/007-error-stack-and-closing.md).
 */
export const CATALOGUE: Record<ErrorCode, CatalogueEntry> = {
  E01: entry("E01", { hasMessage: true, showBtn: false, disableClose: false, status: 500 }),
  // A bad langId (R-LANG-02); an unknown customer uses it with 404 (decision 003).
  E02: entry("E02", { hasMessage: true, showBtn: false, disableClose: true, status: 400 }),
  C01: entry("C01", { hasMessage: true, showBtn: false, disableClose: false, status: 500 }),
  // An expired app session names the page the applicant was on: signing in again leads back (decision 126).
  C02: entry("C02", { hasMessage: true, showBtn: true, btnLink: "/login?redirectTo={redirectTo}", disableClose: true, status: 401 }),
  C03: entry("C03", { hasMessage: true, showBtn: true, btnLink: "/login?redirectTo={redirectTo}", disableClose: true, status: 401 }),
  // "Retry": a button without a link, so it closes the error and the user tries again.
  C04: entry("C04", { hasMessage: true, showBtn: true, disableClose: false, status: 409 }),
  // Spec: "empty message, Retry": the default hint stands in for the message.
  C05: entry("C05", { hasMessage: false, showBtn: true, disableClose: false, status: 403 }),
  C06: entry("C06", { hasMessage: true, showBtn: false, disableClose: true, status: 410 }),
  C07: entry("C07", { hasMessage: true, showBtn: false, disableClose: true, status: 410 }),
  C10: entry("C10", { hasMessage: true, showBtn: false, disableClose: false, status: 403 }),
  C11: entry("C11", { hasMessage: true, showBtn: false, disableClose: false, status: 403 }),
  C12: entry("C12", { hasMessage: true, showBtn: false, disableClose: false, status: 403 }),
  C13: entry("C13", { hasMessage: true, showBtn: false, disableClose: false, status: 403 }),
  C14: entry("C14", { hasMessage: true, showBtn: false, disableClose: true, status: 403 }),
  // C22/C23: the anonymous variants of C02/C03 (R-CAT-02); the link gets the registration profile id.
  C22: entry("C22", { hasMessage: true, showBtn: true, btnLink: "/registration?profileId={profileId}", disableClose: true, status: 401 }),
  C23: entry("C23", { hasMessage: true, showBtn: true, btnLink: "/registration?profileId={profileId}", disableClose: true, status: 401 }),
  API01: entry("API01", { hasMessage: true, showBtn: true, btnLink: "/login", disableClose: false, status: 502 }),
  API02: entry("API02", { hasMessage: true, showBtn: false, disableClose: false, status: 503 }),
  API03: entry("API03", { hasMessage: true, showBtn: false, disableClose: false, status: 502 }),
  DP01: entry("DP01", { hasMessage: true, showBtn: false, disableClose: false, status: 502 }),
  // Only ever shown in the browser (a failed chunk or navigation fetch); the status is nominal.
  Chunk: entry("Chunk", { hasMessage: true, showBtn: false, disableClose: false, status: 503 }),
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}

/** R-ERR-01: these codes take precedence as the main error. */
export const PRIORITY_CODES: readonly ErrorCode[] = ["C02", "C03", "C23", "C22"];

/**
 * Spec §8 for a failure that is no upstream answer: "otherwise C01 (configuration loaded) or E01".
 * C01 is the unknown *client* error ("try a different browser"), so it is given for failures in the
 * browser; a fault of our server is no reason to change browsers and shows E01
 * (docs/decisions/008-route-errors-carry-their-payload.md). Here rather than in mapping.ts so the
 * browser's error boundary can use it without carrying the upstream rules.
 */
export function codeForUnexpected(where: "browser" | "server", configLoaded: boolean): ErrorCode {
  return where === "browser" && configLoaded ? "C01" : "E01";
}
