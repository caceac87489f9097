import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recruiterToken, startApi, type TestApi } from "./support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startApi({ tokenTtlS: 60, tokenAbsoluteTtlS: 600 });
});
afterAll(() => api.close());

describe("POST /login", () => {
  it("R-ENT-07 answers access_token, expires_in and expired", async () => {
    const reply = await api.post("/login", { cstm: "demo", userName: "anna", password: "Anna-Demo-2027", language: "en_GB" });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      status: "success",
      expires_in: 60,
      absolute_expires_in: 600,
      expired: false,
      userName: "anna",
      displayName: "Anna Becker",
      anonymous: false,
      language: "en_GB",
    });
    expect(reply.body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("user names are case-insensitive", async () => {
    expect((await api.post("/login", { cstm: "demo", userName: "ANNA", password: "Anna-Demo-2027" })).status).toBe(200);
  });

  it("401 for a wrong password or an unknown user, with the same body", async () => {
    const wrong = await api.post("/login", { cstm: "demo", userName: "anna", password: "Wrong-Pass-1" });
    const unknown = await api.post("/login", { cstm: "demo", userName: "nobody", password: "Wrong-Pass-1" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ status: "failed", error: "invalid_credentials" });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("402 for an account that is not activated (C14)", async () => {
    const reply = await api.post("/login", { cstm: "demo", userName: "carla", password: "Carla-Demo-2027" });
    expect(reply.status).toBe(402);
  });

  it("400 for a missing password, 404 for an unknown customer", async () => {
    const missing = await api.post("/login", { cstm: "demo", userName: "anna" });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ status: "failed", error: "invalid_body", data: { password: "required" } });
    expect((await api.post("/login", { cstm: "nope", userName: "anna", password: "Anna-Demo-2027" })).status).toBe(404);
  });

  it("customers scope their users: a demo user cannot log in at azubi, but at demo-vor-ort (same user base)", async () => {
    expect((await api.post("/login", { cstm: "azubi", userName: "anna", password: "Anna-Demo-2027" })).status).toBe(401);
    expect((await api.post("/login", { cstm: "demo-vor-ort", userName: "anna", password: "Anna-Demo-2027" })).status).toBe(200);
  });

  it("the privacy checkbox's statement id and revision record the acceptance", async () => {
    const clone = await api.clone("anna");
    const login = await api.post("/login", {
      cstm: "demo",
      userName: clone.userName,
      password: clone.password,
      dataProtectionStatementId: 1,
      dataProtectionStatementRevision: 3,
    });
    const userData = await api.get("/userData", { token: login.body.access_token });
    expect(userData.body.dataProtection).toMatchObject({ accepted: true, revision: 3 });
  });
});

describe("failed-login throttle", () => {
  it("after 10 wrong passwords an account answers 429 for 5 minutes, without deriving a hash; then it logs in again", async () => {
    const clone = await api.clone("anna");
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await api.post("/login", { cstm: "demo", userName: clone.userName, password: `Wrong-${attempt}-Aa` })).status).toBe(401);
    }
    const blocked = await api.post("/login", { cstm: "demo", userName: clone.userName, password: clone.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ status: "failed", error: "too_many_attempts" });
    expect((await api.post("/login", { cstm: "demo", userName: "anna", password: "Anna-Demo-2027" })).status).toBe(200);
    api.advance(5 * 60 + 1);
    expect((await api.post("/login", { cstm: "demo", userName: clone.userName, password: clone.password })).status).toBe(200);
  });
});

describe("POST /onSiteLogin", () => {
  it("logs in for the station's profile and echoes profileId", async () => {
    const reply = await api.post("/onSiteLogin", { cstm: "demo-vor-ort", userName: "anna", password: "Anna-Demo-2027", profileId: "P100" });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ profileId: "P100", expired: false });
  });

  it("R-VAL-11 404 for a profile the user does not have, 403 for a closed one, 400 without profileId", async () => {
    const base = { cstm: "demo-vor-ort", userName: "ben", password: "Ben-Demo-2027" };
    expect((await api.post("/onSiteLogin", { ...base, profileId: "P500" })).body.error).toBe("unknown_profile");
    const closed = await api.post("/onSiteLogin", { ...base, profileId: "P300" });
    expect(closed.status).toBe(403);
    expect(closed.body.error).toBe("profile_closed");
    expect((await api.post("/onSiteLogin", base)).status).toBe(400);
    expect((await api.post("/onSiteLogin", { ...base, password: "Wrong-1a", profileId: "P100" })).status).toBe(401);
  });
});

describe("bearer tokens (spec §6)", () => {
  it("R-ROLE-03 a call that needs a token answers 401 without one or with an unknown one", async () => {
    expect((await api.get("/profiles")).body).toEqual({ status: "failed", error: "missing_token" });
    expect((await api.get("/profiles")).status).toBe(401);
    const unknown = await api.get("/profiles", { token: "x".repeat(43) });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe("invalid_token");
    const garbage = await api.get("/profiles", { headers: { authorization: "Bearer <script>" } });
    expect(garbage.status).toBe(401);
    expect((await api.get("/profiles", { headers: { authorization: "Basic YW5uYTp4" } })).status).toBe(401);
  });

  it("an expired token answers 419 until the absolute expiry, then 401", async () => {
    const token = await api.login("anna");
    expect((await api.get("/profiles", { token })).status).toBe(200);
    api.advance(61);
    const expired = await api.get("/profiles", { token });
    expect(expired.status).toBe(419);
    expect(expired.body).toEqual({ status: "failed", error: "token_expired" });
    api.advance(600);
    expect((await api.get("/profiles", { token })).status).toBe(401);
  });
});

describe("POST /refreshToken", () => {
  it("R-TOK-01 an expired token is exchanged for a new one; the old one stops working", async () => {
    const token = await api.login("anna");
    api.advance(61);
    const reply = await api.call("POST", "/refreshToken", { token });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(["access_token", "expires_in", "status"]);
    expect(reply.body.expires_in).toBe(60);
    expect((await api.get("/profiles", { token: reply.body.access_token })).status).toBe(200);
    expect((await api.get("/profiles", { token })).status).toBe(401);
    expect((await api.call("POST", "/refreshToken", { token })).status).toBe(401);
  });

  it("a still valid token can be refreshed too; an empty JSON object is an empty body", async () => {
    const token = await api.login("anna");
    expect((await api.post("/refreshToken", {}, { token })).status).toBe(200);
  });

  it("R-TOK-01 never beyond the absolute expiry: shortened expires_in, then 401 (the app shows C02)", async () => {
    const token = await api.login("anna");
    api.advance(590);
    const near = await api.call("POST", "/refreshToken", { token });
    expect(near.status).toBe(200);
    expect(near.body.expires_in).toBe(10);
    api.advance(11);
    expect((await api.call("POST", "/refreshToken", { token: near.body.access_token })).status).toBe(401);
  });

  it("400 for a non-empty body, 401 without a token", async () => {
    const token = await api.login("anna");
    expect((await api.post("/refreshToken", { extra: 1 }, { token })).status).toBe(400);
    expect((await api.call("POST", "/refreshToken")).status).toBe(401);
  });
});

describe("GET /logout", () => {
  it("revokes the token and answers status OK", async () => {
    const token = await api.login("anna");
    const reply = await api.get("/logout", { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: "OK" });
    expect((await api.get("/profiles", { token })).status).toBe(401);
  });

  it("accepts an expired token (logging out never shows C02), 401 without one", async () => {
    const token = await api.login("anna");
    api.advance(61);
    expect((await api.get("/logout", { token })).status).toBe(200);
    expect((await api.get("/logout")).status).toBe(401);
  });
});

describe("recruiter and applicant tokens", () => {
  const ritaToken = () => recruiterToken(api, "rita", "Rita-Recruiter-2027", "demo");

  it("R-ROLE-01 a recruiter token is refused on applicant paths, an applicant token on recruiter paths (403)", async () => {
    const recruiter = await ritaToken();
    const applicant = await api.login("anna");
    const onApplicantPath = await api.get("/profiles", { token: recruiter });
    expect(onApplicantPath.status).toBe(403);
    expect(onApplicantPath.body.error).toBe("wrong_token_kind");
    expect((await api.get("/recruiter/applicants", { token: applicant })).status).toBe(403);
    expect((await api.get("/recruiter/applicants", { token: recruiter })).status).toBe(200);
  });

  it("R-ROLE-01 recruiter tokens refresh through /refreshToken and /recruiter/refreshToken and log out at /recruiter/logout", async () => {
    const first = await ritaToken();
    const second = await api.call("POST", "/refreshToken", { token: first });
    expect(second.status).toBe(200);
    const third = await api.call("POST", "/recruiter/refreshToken", { token: second.body.access_token });
    expect(third.status).toBe(200);
    expect((await api.get("/recruiter/applicants", { token: third.body.access_token })).status).toBe(200);
    expect((await api.get("/logout", { token: third.body.access_token })).status).toBe(403);
    expect((await api.get("/recruiter/logout", { token: third.body.access_token })).status).toBe(200);
    expect((await api.get("/recruiter/applicants", { token: third.body.access_token })).status).toBe(401);
  });

  it("a token of customer A is useless for customer B's data", async () => {
    const greta = await api.login("greta", { cstm: "azubi" });
    expect((await api.get("/dashboardHome/P100", { token: greta })).status).toBe(404);
    const recruiter = await ritaToken();
    const applicants = (await api.get("/recruiter/applicants", { token: recruiter })).body.applicants as { userName: string }[];
    expect(applicants.map((applicant) => applicant.userName)).toContain("anna");
    expect(applicants.map((applicant) => applicant.userName)).not.toContain("greta");
    expect((await api.get("/recruiter/applicants/greta", { token: recruiter })).status).toBe(404);
  });
});

describe("logging", () => {
  it("never logs passwords or tokens", async () => {
    const token = await api.login("anna");
    await api.post("/login", { cstm: "demo", userName: "anna", password: "Wrong-Secret-99" });
    await api.post("/changeUserPassword", { oldPassword: "Anna-Demo-2027", newPassword: "x" }, { token });
    const logs = api.logs();
    expect(logs).not.toContain("Anna-Demo-2027");
    expect(logs).not.toContain("Wrong-Secret-99");
    expect(logs).not.toContain(token);
  });
});
