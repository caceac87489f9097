import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { redactSecrets, redactUrl } from "~/errors/redact";
import { createLogger } from "../../server/logger";

function capture(level = "trace") {
  let output = "";
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      output += chunk.toString();
      done();
    },
  });
  return { logger: createLogger(level, stream), output: () => output };
}

describe("DESIGN §8 secrets never reach a log line", () => {
  it("DESIGN §8 a continue code and the recruiter list's search and filters never reach a logged URL; other parameters stay readable", () => {
    expect(redactUrl("/demo/continue?code=ABCD-EFGH&langId=en_GB")).toBe("/demo/continue?code=[redacted]&langId=en_GB");
    expect(redactUrl("/demo/recruiter/applicants?q=Schulz&name=Ben&userName=ben&email=ben%40example.com&profile=P100&page=2")).toBe(
      "/demo/recruiter/applicants?q=[redacted]&name=[redacted]&userName=[redacted]&email=[redacted]&profile=P100&page=2",
    );
    expect(redactUrl("/demo/recruiter/applicants.csv?Q=Schulz&status=invited")).toBe(
      "/demo/recruiter/applicants.csv?Q=[redacted]&status=invited",
    );
  });

  it("R-SCR-14 an applicant's user name in a recruiter path never reaches a logged URL (decision 171); the page it names stays readable", () => {
    expect(redactUrl("/demo/recruiter/applicants/ben.schulz%40example.com/continue?profile=P100")).toBe(
      "/demo/recruiter/applicants/[redacted]/continue?profile=P100",
    );
    expect(redactUrl("/api/demo/recruiter/applicants/anna-1f2e3d4c/report?profileId=P100&language=de")).toBe(
      "/api/demo/recruiter/applicants/[redacted]/report?profileId=P100&language=de",
    );
    expect(redactUrl("/api/recruiter/applicants/anna")).toBe("/api/recruiter/applicants/[redacted]");
    expect(redactUrl("/demo/recruiter/applicants?page=2")).toBe("/demo/recruiter/applicants?page=2");
    expect(redactUrl("/demo/recruiter/applicants.csv")).toBe("/demo/recruiter/applicants.csv");
  });

  it("DESIGN §8 cookies, authorization headers, tokens and passwords are censored at any depth", () => {
    const { logger, output } = capture();
    const error = Object.assign(new Error("upstream said no"), {
      failure: { kind: "response", status: 400, body: { access_token: "tok-in-error-body", data: { password: "pw-in-error" } } },
    });
    logger.info({ req: { headers: { cookie: "__session=cookie-value-1", authorization: "Bearer header-token-1" } } }, "request");
    logger.info({ password: "top-level-pw", token: "top-level-token", recruiterToken: "recruiter-tok" }, "flat");
    logger.info({ form: { username: "anna", password: "form-pw", passwordRepeat: "form-pw-2", newPassword: "new-pw" } }, "form");
    logger.info({ upstream: { response: { body: { access_token: "deep-access", refresh_token: "deep-refresh" } } } }, "deep");
    logger.info({ headers: { "set-cookie": ["__session=set-cookie-value"], Authorization: "Bearer cap-token" } }, "headers");
    logger.error({ err: error }, "failed");
    logger.child({ reqId: "r-1" }).info({ token: "child-line-token" }, "child");
    const text = output();
    for (const secret of [
      "cookie-value-1",
      "header-token-1",
      "top-level-pw",
      "top-level-token",
      "recruiter-tok",
      "form-pw",
      "new-pw",
      "deep-access",
      "deep-refresh",
      "set-cookie-value",
      "cap-token",
      "tok-in-error-body",
      "pw-in-error",
      "child-line-token",
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // What is not secret stays readable, and errors stay errors.
    expect(text).toContain('"username":"anna"');
    const failed = text.split("\n").find((line) => line.includes('"failed"'))!;
    const { err } = JSON.parse(failed) as { err: { stack: string } };
    expect(err).toMatchObject({ type: "Error", message: "upstream said no", failure: { status: 400 } });
    expect(err.stack).toContain("upstream said no");
  });

  it("redactSecrets leaves objects without secrets untouched (no copy)", () => {
    const value = { a: 1, nested: { b: [1, 2, { c: "x" }] } };
    expect(redactSecrets(value)).toBe(value);
    const secret = { nested: { token: "t" }, keep: { d: 1 } };
    const redacted = redactSecrets(secret);
    expect(redacted).toEqual({ nested: { token: "[redacted]" }, keep: { d: 1 } });
    expect(secret.nested.token).toBe("t");
  });

  it("DESIGN §8 link secrets in URLs are censored (reset and activation hashes, token parameters)", () => {
    expect(redactUrl("/demo/reset-password/abc123/de-DU")).toBe("/demo/reset-password/[redacted]/de-DU");
    expect(redactUrl("/azubi/activation/act-felix-0001/de?langId=de")).toBe("/azubi/activation/[redacted]/de?langId=de");
    expect(redactUrl("/demo/login?token=abc&langId=en_GB&access_token=x#frag")).toBe(
      "/demo/login?token=[redacted]&langId=en_GB&access_token=[redacted]",
    );
    expect(redactUrl("/demo/account-activation")).toBe("/demo/account-activation");
    // The engine's session key (its pages and the finish return) is a secret too.
    expect(redactUrl("/api/engine/3f9c2a1b77/page?x=1")).toBe("/api/engine/[redacted]/page?x=1");
    expect(redactUrl("/demo/assessment/31/done?session=3f9c2a1b77")).toBe("/demo/assessment/31/done?session=[redacted]");
    expect(redactUrl("/demo/registration?profileId=P500")).toBe("/demo/registration?profileId=P500");
  });

  it("DESIGN §8 LOG_LEVEL decides what is written", () => {
    const { logger, output } = capture("warn");
    logger.info("quiet");
    logger.warn("loud");
    expect(output()).not.toContain("quiet");
    expect(output()).toContain("loud");
  });
});
