import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "./support/api";
import { currentStatement } from "./support/flows";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

function registration(email: string, overrides: Record<string, unknown> = {}) {
  return {
    cstm: "demo",
    email,
    password: "Secret-Pass-1",
    firstName: "Nina",
    lastName: "Neu",
    language: "de-DU",
    dataProtectionStatementId: 1,
    dataProtectionStatementRevision: 3,
    ...overrides,
  };
}

describe("POST /register", () => {
  it("R-ENT-08 creates an active account and signs it in (docs/decisions/051)", async () => {
    const reply = await api.post("/register", registration("Nina.Neu@example.com", { contactingAccepted: true }));
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      status: "success",
      userName: "nina.neu@example.com",
      activationRequired: false,
      anonymous: false,
      expired: false,
      displayName: "Nina Neu",
    });
    expect(typeof reply.body.access_token).toBe("string");
    const profiles = (await api.get("/profiles", { token: reply.body.access_token })).body.profiles;
    expect(profiles.map((profile: any) => profile.prof_prof_id)).toEqual(["P500"]);
    const login = await api.post("/login", { cstm: "demo", userName: "nina.neu@example.com", password: "Secret-Pass-1" });
    expect(login.status).toBe(200);
    expect((await api.get("/dev/outbox?to=nina.neu@example.com")).body).toEqual([]);
  });

  it("403 C12 for an address already registered for the project", async () => {
    expect((await api.post("/register", registration("twice@example.com"))).status).toBe(201);
    const again = await api.post("/register", registration("TWICE@example.com"));
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ status: "failed", error: "email_already_registered", data: "C12" });
    expect((await api.post("/register", registration("anna@example.com"))).body.data).toBe("C12");
  });

  it("403 C10 for a password that misses the requirements; 403 C11 where registration is off", async () => {
    for (const password of ["short1A", "nouppercase1", "NOLOWERCASE1", "NoNumbersHere", "Has Space 1a"]) {
      const reply = await api.post("/register", registration("weak@example.com", { password }));
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ status: "failed", error: "password_requirements", data: "C10" });
    }
    const off = await api.post(
      "/register",
      registration("x@example.com", { cstm: "azubi", dataProtectionStatementId: 2, dataProtectionStatementRevision: 1 }),
    );
    expect(off.status).toBe(403);
    expect(off.body.data).toBe("C11");
  });

  it("409 for an outdated statement, 404 for an unknown customer or a profile not open to registration, 400 for bad input", async () => {
    expect((await api.post("/register", registration("old@example.com", { dataProtectionStatementRevision: 2 }))).status).toBe(409);
    expect((await api.post("/register", registration("x@example.com", { cstm: "nope" }))).status).toBe(404);
    const p100 = await api.post("/register", registration("x@example.com", { profileId: "P100" }));
    expect(p100.status).toBe(404);
    expect(p100.body.error).toBe("unknown_profile");
    const bad = await api.post("/register", registration("not-an-address", { firstName: "" }));
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual({ email: "invalid_format", firstName: "too_short" });
  });
});

describe("POST /registerAnon", () => {
  it("R-ROLE-02 answers a login response for an anonymous user whose name contains self_register_anon", async () => {
    const reply = await api.post("/registerAnon", { cstm: "demo", profileId: "P500", language: "en_GB", ...(await currentStatement(api)) });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ anonymous: true, displayName: null, profileId: "P500", expired: false, language: "en_GB" });
    expect(reply.body.userName).toMatch(/^self_register_anon_[0-9a-f]{16}$/);
    const userData = await api.get("/userData", { token: reply.body.access_token });
    expect(userData.body).toMatchObject({ profileId: "P500", numberOfProfiles: 1, userInfo: { anonymous: true } });
    expect(userData.body.dataProtection.accepted).toBe(true);
  });

  it("403 C11 where anonymous registration is off, 404 for a profile without it, 400 without profileId", async () => {
    const preview = await api.post("/registerAnon", {
      cstm: "preview",
      profileId: "P500",
      language: "de-DU",
      dataProtectionStatementId: 4,
      dataProtectionStatementRevision: 1,
    });
    expect(preview.status).toBe(403);
    expect(preview.body.data).toBe("C11");
    const statement = await currentStatement(api);
    expect((await api.post("/registerAnon", { cstm: "demo", profileId: "P100", language: "de-DU", ...statement })).status).toBe(404);
    expect((await api.post("/registerAnon", { cstm: "demo", language: "de-DU", ...statement })).status).toBe(400);
    expect(
      (
        await api.post("/registerAnon", {
          cstm: "demo",
          profileId: "P500",
          language: "de-DU",
          dataProtectionStatementId: 1,
          dataProtectionStatementRevision: 1,
        })
      ).status,
    ).toBe(409);
  });
});

describe("POST /accountActivation", () => {
  it("felix sets his password while activating, then logs in", async () => {
    const felix = await api.clone("felix");
    expect(felix.password).toBeNull();
    const reply = await api.post("/accountActivation", { userIdHash: felix.activationHash, password: "Felix-Demo-2027" });
    expect(reply.status).toBe(200);
    expect(reply.body.passwordRequired).toBe(false);
    expect((await api.post("/login", { cstm: "demo", userName: felix.userName, password: "Felix-Demo-2027" })).status).toBe(200);
  });

  it("R-API-03 403 once already activated", async () => {
    const carla = await api.clone("carla");
    expect((await api.post("/accountActivation", { userIdHash: carla.activationHash })).status).toBe(200);
    const again = await api.post("/accountActivation", { userIdHash: carla.activationHash });
    expect(again.status).toBe(403);
    expect(again.body.error).toBe("already_activated");
    expect((await api.post("/login", { cstm: "demo", userName: carla.userName, password: carla.password })).status).toBe(200);
  });

  it("without a password: activated, passwordRequired, then saveNewPassword with the same hash", async () => {
    const felix = await api.clone("felix");
    const reply = await api.post("/accountActivation", { userIdHash: felix.activationHash });
    expect(reply.body.passwordRequired).toBe(true);
    expect((await api.post("/saveNewPassword", { userHash: felix.activationHash, password: "Felix-Neu-2027" })).status).toBe(200);
    expect((await api.post("/login", { cstm: "demo", userName: felix.userName, password: "Felix-Neu-2027" })).status).toBe(200);
    // With a password set, the activation link has done its job.
    expect((await api.post("/saveNewPassword", { userHash: felix.activationHash, password: "Felix-Neu-2028" })).body.errorMsg).toBe("C06");
  });

  it("404 C06 for an unknown hash, 403 C10 for a weak password (nothing changes), 400 without a hash", async () => {
    const unknown = await api.post("/accountActivation", { userIdHash: "act-nobody" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: "failed", error: "invalid_hash", errorMsg: "C06" });
    const felix = await api.clone("felix");
    const weak = await api.post("/accountActivation", { userIdHash: felix.activationHash, password: "weak" });
    expect(weak.status).toBe(403);
    expect(weak.body.data).toBe("C10");
    expect((await api.post("/accountActivation", { userIdHash: felix.activationHash })).status).toBe(200);
    expect((await api.post("/accountActivation", {})).status).toBe(400);
  });
});
