import { describe, expect, it } from "vitest";
import { codeForFailure, isReportedFailure, serverErrorCode, type Failure } from "~/errors/mapping";

const registered = { anonymous: false, configLoaded: true };
const anonymous = { anonymous: true, configLoaded: true };
const response = (status: number, path: string, body?: unknown): Failure => ({ kind: "response", status, path, body });

describe("R-CAT-02 the mapping from failures to catalogue codes, row by row", () => {
  it("R-CAT-02 HTTP 419 → C02", () => {
    expect(codeForFailure(response(419, "/userData"), registered)).toBe("C02");
  });

  it("R-CAT-02 refreshToken failure → C02", () => {
    expect(codeForFailure({ kind: "refresh-failed", path: "/profiles" }, registered)).toBe("C02");
  });

  it("R-CAT-02 HTTP 401 → C03", () => {
    expect(codeForFailure(response(401, "/dashboardHome/P100"), registered)).toBe("C03");
  });

  it("R-CAT-02 anonymous users: 419 and refresh failure → C22", () => {
    expect(codeForFailure(response(419, "/userData"), anonymous)).toBe("C22");
    expect(codeForFailure({ kind: "refresh-failed", path: "/userData" }, anonymous)).toBe("C22");
  });

  it("R-CAT-02 anonymous users: 401 → C23", () => {
    expect(codeForFailure(response(401, "/userData"), anonymous)).toBe("C23");
  });

  it("R-CAT-02 409 on saveNewPassword or changeUserPassword → C04", () => {
    expect(codeForFailure(response(409, "/saveNewPassword"), registered)).toBe("C04");
    expect(codeForFailure(response(409, "/changeUserPassword"), registered)).toBe("C04");
  });

  it("R-CAT-02 any other 409 → API01", () => {
    expect(codeForFailure(response(409, "/profile"), registered)).toBe("API01");
    expect(codeForFailure(response(409, "/saveNewPasswordDraft"), registered)).toBe("API01");
  });

  it("R-CAT-02 403 → C05 by default", () => {
    expect(codeForFailure(response(403, "/profiles", { status: "failed" }), registered)).toBe("C05");
  });

  it("R-CAT-02 403 naming C10, C11 or C12 in data or error → that code", () => {
    expect(codeForFailure(response(403, "/saveNewPassword", { data: "C10" }), registered)).toBe("C10");
    expect(codeForFailure(response(403, "/register", { error: { code: "C11" } }), registered)).toBe("C11");
    expect(codeForFailure(response(403, "/register", { data: { errorCode: "C12" } }), registered)).toBe("C12");
    expect(codeForFailure(response(403, "/register", { error: "C12: already registered" }), registered)).toBe("C12");
  });

  it("R-CAT-02 HTTP 402 → C14", () => {
    expect(codeForFailure(response(402, "/login"), registered)).toBe("C14");
  });

  it("R-CAT-02 C06 and C07 are read from errorMsg (top level or inside data / error)", () => {
    expect(codeForFailure(response(400, "/getPasswordRequirementsByUserHash", { errorMsg: "C06" }), registered)).toBe("C06");
    expect(codeForFailure(response(403, "/saveNewPassword", { data: { errorMsg: "C07" } }), registered)).toBe("C07");
    expect(codeForFailure(response(404, "/accountActivation", { error: { errorMsg: "C06" } }), registered)).toBe("C06");
    // C06/C07 only count in errorMsg; in data they are no named code.
    expect(serverErrorCode({ data: "C06" })).toBeUndefined();
  });

  it("R-CAT-02 C12 where a registration response has no data (403, other 4xx, or a success without data)", () => {
    expect(codeForFailure(response(403, "/registerAnon", { status: "failed" }), registered)).toBe("C12");
    expect(codeForFailure(response(422, "/register", {}), registered)).toBe("C12");
    expect(codeForFailure({ kind: "invalid-response", path: "/register", status: 200 }, registered)).toBe("C12");
    // A server failure of the registration is not "already registered".
    expect(codeForFailure(response(500, "/register"), registered)).toBe("API01");
    // Decision 103: neither is one too many (429); the registration form shows its own message.
    expect(codeForFailure(response(429, "/register", { status: "failed", error: "too_many_requests" }), registered)).toBe("API01");
    expect(codeForFailure(response(429, "/registerAnon", { status: "failed", error: "too_many_requests" }), registered)).toBe("API01");
  });

  it("R-CAT-02 C13 when the response names it (e.g. 400 on changeUserPassword)", () => {
    expect(codeForFailure(response(400, "/changeUserPassword", { error: "C13" }), registered)).toBe("C13");
  });

  it("R-CAT-02 network failure → API02", () => {
    expect(codeForFailure({ kind: "network", path: "/getConfiguration" }, registered)).toBe("API02");
  });

  it("R-CAT-02 time-out → API02", () => {
    expect(codeForFailure({ kind: "timeout", path: "/profiles" }, registered)).toBe("API02");
    // Decision 098: the open circuit breaker did not even try: the same page as a dead network.
    expect(codeForFailure({ kind: "unavailable", path: "/profiles" }, registered)).toBe("API02");
  });

  it("R-CAT-05 network errors on tracking calls produce no code", () => {
    for (const path of ["/trackPicatNavigation", "/trackFormAction", "/trackVideoAction"]) {
      expect(codeForFailure({ kind: "network", path }, registered), path).toBeNull();
      expect(codeForFailure({ kind: "timeout", path }, registered), path).toBeNull();
      expect(codeForFailure({ kind: "unavailable", path }, registered), path).toBeNull();
    }
    // Only network errors: a tracking call answered with a failure is still an error.
    expect(codeForFailure(response(500, "/trackFormAction"), registered)).toBe("API01");
  });

  it("R-CAT-02 R-VAL-08 an empty session start → API03", () => {
    expect(codeForFailure({ kind: "empty-session", path: "/initPicat" }, registered)).toBe("API03");
  });

  it("R-CAT-02 data-protection statement failure → DP01", () => {
    expect(codeForFailure(response(500, "/demo/dataProtStat/1/de-DU"), registered)).toBe("DP01");
    expect(codeForFailure(response(404, "/demo/dataProtStat/1/hu"), registered)).toBe("DP01");
    expect(codeForFailure({ kind: "invalid-response", path: "/demo/dataProtStat/1/de", status: 200 }, registered)).toBe("DP01");
    // An expired session is still an expired session there.
    expect(codeForFailure(response(401, "/demo/dataProtStat/1/de"), registered)).toBe("C03");
  });

  it("R-CAT-02 any other failure with a response → API01", () => {
    expect(codeForFailure(response(500, "/profiles"), registered)).toBe("API01");
    expect(codeForFailure(response(404, "/getProjectForms"), registered)).toBe("API01");
    expect(codeForFailure(response(400, "/finishComponent", { error: "bad request" }), registered)).toBe("API01");
    expect(codeForFailure({ kind: "invalid-response", path: "/profiles", status: 200 }, registered)).toBe("API01");
  });

  it("R-CAT-02 otherwise C01 with the configuration loaded (a failure in the browser)", () => {
    expect(codeForFailure({ kind: "unexpected", where: "browser" }, { anonymous: false, configLoaded: true })).toBe("C01");
  });

  it("R-CAT-02 otherwise E01 without a configuration", () => {
    expect(codeForFailure({ kind: "unexpected", where: "browser" }, { anonymous: false, configLoaded: false })).toBe("E01");
  });

  it("R-CAT-02 an unexpected fault of our server is E01, never 'try a different browser' (decision 008)", () => {
    expect(codeForFailure({ kind: "unexpected", where: "server" }, { anonymous: false, configLoaded: true })).toBe("E01");
  });
});

describe("R-CAT-05 handling of failures", () => {
  it("R-CAT-05 failures with status >= 400 are not reported to Sentry, everything else is", () => {
    expect(isReportedFailure(response(400, "/login"))).toBe(false);
    expect(isReportedFailure(response(503, "/profiles"))).toBe(false);
    // R-TOK-01: a failed refresh is silent.
    expect(isReportedFailure({ kind: "refresh-failed", path: "/profiles" })).toBe(false);
    expect(isReportedFailure({ kind: "network", path: "/profiles" })).toBe(true);
    expect(isReportedFailure({ kind: "timeout", path: "/profiles" })).toBe(true);
    // Decision 098: calls the open breaker refused are not reported one by one (the opening is logged).
    expect(isReportedFailure({ kind: "unavailable", path: "/profiles" })).toBe(false);
    expect(isReportedFailure({ kind: "invalid-response", path: "/profiles", status: 200 })).toBe(true);
    expect(isReportedFailure({ kind: "empty-session", path: "/initPicat" })).toBe(true);
    expect(isReportedFailure({ kind: "unexpected", where: "server" })).toBe(true);
  });
});
