import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_BASE_URL, startApi, type TestApi } from "./support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const REQUIREMENTS = { minLength: 8, minUppercase: 1, minLowercase: 1, minNumbers: 1, noSpaces: true, noLineBreaks: true };

async function resetHashFor(userName: string, language = "en_GB") {
  const reply = await api.post("/resetPasswordByUserName", { cstm: "demo", userName, language });
  expect(reply.status).toBe(200);
  const [mail] = (await api.get(`/dev/outbox?to=${userName}`)).body;
  expect(mail.kind).toBe("password-reset");
  expect(mail.link).toMatch(new RegExp(`^${APP_BASE_URL}/demo/reset-password/[A-Za-z0-9_-]{43}/${language}$`));
  return mail.link.split("/").at(-2) as string;
}

describe("POST /resetPasswordByUserName and /resetPassword", () => {
  it("answer the same message whether or not the account exists; only a known account gets a mail", async () => {
    const anna = await api.clone("anna");
    const known = await api.post("/resetPasswordByUserName", { cstm: "demo", userName: anna.userName, language: "en_GB" });
    const unknown = await api.post("/resetPasswordByUserName", { cstm: "demo", userName: "nobody-here", language: "en_GB" });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toMatch(/^If we have your username/);
    expect((await api.get(`/dev/outbox?to=${anna.userName}`)).body).toHaveLength(1);
    expect((await api.get("/dev/outbox?to=nobody-here")).body).toHaveLength(0);

    const byMail = await api.post("/resetPassword", { cstm: "demo", email: `${anna.userName}@example.com` });
    expect(byMail.status).toBe(200);
    expect((await api.get(`/dev/outbox?to=${anna.userName}`)).body).toHaveLength(2);
    // The address as typed: case and surrounding spaces do not matter (docs/decisions/133, migration 9).
    const typed = await api.post("/resetPassword", { cstm: "demo", email: ` ${anna.userName.toUpperCase()}@Example.COM ` });
    expect(typed.body).toEqual(byMail.body);
    expect((await api.get(`/dev/outbox?to=${anna.userName}`)).body).toHaveLength(3);
  });

  it("400 without a user name, 404 for an unknown customer", async () => {
    expect((await api.post("/resetPasswordByUserName", { cstm: "demo" })).status).toBe(400);
    expect((await api.post("/resetPassword", { cstm: "nope", email: "a@example.com" })).status).toBe(404);
  });
});

describe("R-VAL-03 a changed e-mail address ends the open reset link", () => {
  it("R-VAL-03 the applicant changes their address on the profile page: the reset link mailed before is refused (C06)", async () => {
    const anna = await api.clone("anna");
    const userHash = await resetHashFor(anna.userName);
    const token = await api.login(anna.userName, { password: anna.password! });
    expect((await api.post("/profile", { email: `${anna.userName}.neu@example.com` }, { token })).status).toBe(200);
    const refused = await api.post("/saveNewPassword", { userHash, password: "Anna-Neu-2028", cstm: "demo" });
    expect(refused.status).toBe(404);
    expect(refused.body.errorMsg).toBe("C06");
  });
});

describe("POST /saveNewPassword", () => {
  it("sets the password from the reset link, once", async () => {
    const anna = await api.clone("anna");
    const userHash = await resetHashFor(anna.userName);
    const reply = await api.post("/saveNewPassword", { userHash, password: "Anna-Neu-2028", cstm: "demo" });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: "success", userName: anna.userName });
    expect((await api.post("/login", { cstm: "demo", userName: anna.userName, password: "Anna-Neu-2028" })).status).toBe(200);
    expect((await api.post("/login", { cstm: "demo", userName: anna.userName, password: anna.password })).status).toBe(401);
    const reused = await api.post("/saveNewPassword", { userHash, password: "Anna-Neu-2029" });
    expect(reused.status).toBe(404);
    expect(reused.body.errorMsg).toBe("C06");
  });

  it("409 (C04) for a password used before, 403 C10 for a weak one", async () => {
    const anna = await api.clone("anna");
    const userHash = await resetHashFor(anna.userName);
    const same = await api.post("/saveNewPassword", { userHash, password: anna.password });
    expect(same.status).toBe(409);
    expect(same.body).toEqual({ status: "failed", error: "password_used_before" });
    expect((await api.post("/saveNewPassword", { userHash, password: "weakpass" })).body.data).toBe("C10");
    // The hash survives refused attempts.
    expect((await api.post("/saveNewPassword", { userHash, password: "Anna-Neu-2030" })).status).toBe(200);
  });

  it("403 C07 when the hash belongs to a user of another customer; 404 C06 after 24 hours", async () => {
    const anna = await api.clone("anna");
    const userHash = await resetHashFor(anna.userName);
    const foreign = await api.post("/saveNewPassword", { userHash, password: "Anna-Neu-2031", cstm: "azubi" });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toEqual({ status: "failed", error: "user_not_mapped", errorMsg: "C07" });
    api.advance(24 * 60 * 60 + 1);
    const late = await api.post("/saveNewPassword", { userHash, password: "Anna-Neu-2031" });
    expect(late.status).toBe(404);
    expect(late.body.errorMsg).toBe("C06");
  });
});

describe("POST /changeUserPassword", () => {
  it("changes the password of the token's user", async () => {
    const ben = await api.clone("ben");
    const token = await api.login(ben.userName);
    const reply = await api.post("/changeUserPassword", { oldPassword: ben.password, newPassword: "Ben-Neu-2028" }, { token });
    expect(reply.status).toBe(200);
    expect((await api.post("/login", { cstm: "demo", userName: ben.userName, password: "Ben-Neu-2028" })).status).toBe(200);
  });

  it("400 C13 for a wrong old password, 403 C10 for a weak new one, 409 (C04) for a previous one, 401 without token", async () => {
    const ben = await api.clone("ben");
    const token = await api.login(ben.userName);
    const wrongOld = await api.post("/changeUserPassword", { oldPassword: "Not-Right-1", newPassword: "Ben-Neu-2028" }, { token });
    expect(wrongOld.status).toBe(400);
    expect(wrongOld.body).toEqual({ status: "failed", error: "old_password_incorrect", data: "C13" });
    expect((await api.post("/changeUserPassword", { oldPassword: ben.password, newPassword: "no spaces 1A" }, { token })).body.data).toBe(
      "C10",
    );
    expect((await api.post("/changeUserPassword", { oldPassword: ben.password, newPassword: "Ben-Neu-2028" }, { token })).status).toBe(200);
    const back = await api.post("/changeUserPassword", { oldPassword: "Ben-Neu-2028", newPassword: ben.password }, { token });
    expect(back.status).toBe(409);
    expect((await api.post("/changeUserPassword", { oldPassword: "a", newPassword: "b" })).status).toBe(401);
  });
});

describe("password requirement calls (R-VAL-05)", () => {
  it("for self-registration, by user hash and by user id, all the same rules", async () => {
    const self = await api.post("/getPasswordRequirementsForSelfRegister", { cstm: "demo" });
    expect(self.status).toBe(200);
    expect(self.body.passwordRequirements).toEqual(REQUIREMENTS);
    expect((await api.post("/getPasswordRequirementsForSelfRegister", { cstm: "nope" })).status).toBe(404);

    const felix = await api.clone("felix");
    const byHash = await api.post("/getPasswordRequirementsByUserHash", { userHash: felix.activationHash });
    expect(byHash.body).toMatchObject({ passwordRequirements: REQUIREMENTS, userName: felix.userName });
    expect((await api.post("/getPasswordRequirementsByUserHash", { userHash: "nope" })).body.errorMsg).toBe("C06");

    const token = await api.login("anna");
    const byId = await api.post("/getPasswordRequirementsByUserId", {}, { token });
    expect(byId.body).toMatchObject({ passwordRequirements: REQUIREMENTS, userName: "anna" });
    expect((await api.post("/getPasswordRequirementsByUserId", { userId: "ben" }, { token })).status).toBe(403);
    expect((await api.post("/getPasswordRequirementsByUserId", {})).status).toBe(401);
  });
});

describe("R-VAL-03 R-VAL-04 a new password ends the other sessions and the open reset links (decision 092)", () => {
  const profiles = (token: string) => api.get("/profiles", { token });

  it("changeUserPassword: the session that changed it goes on, every other token of the user is revoked (401)", async () => {
    const ben = await api.clone("ben");
    const [here, laptop, phone] = [await api.login(ben.userName), await api.login(ben.userName), await api.login(ben.userName)];
    const other = await api.login((await api.clone("ben")).userName);
    const reply = await api.post("/changeUserPassword", { oldPassword: ben.password, newPassword: "Ben-Neu-2029" }, { token: here });
    expect(reply.status).toBe(200);
    expect((await profiles(here)).status).toBe(200);
    for (const token of [laptop, phone]) {
      expect((await profiles(token)).body).toEqual({ status: "failed", error: "invalid_token" });
      expect((await api.post("/refreshToken", {}, { token })).status).toBe(401);
    }
    // Another user's session is untouched.
    expect((await profiles(other)).status).toBe(200);
  });

  it("saveNewPassword after a reset revokes every token of the user, and the other reset links die with it", async () => {
    const anna = await api.clone("anna");
    const [first, second] = [await api.login(anna.userName), await api.login(anna.userName)];
    const older = await resetHashFor(anna.userName);
    const newer = await resetHashFor(anna.userName);
    expect(older).not.toBe(newer);
    expect((await api.post("/saveNewPassword", { userHash: newer, password: "Anna-Neu-2033" })).status).toBe(200);
    for (const token of [first, second]) expect((await profiles(token)).status).toBe(401);
    const stale = await api.post("/saveNewPassword", { userHash: older, password: "Anna-Neu-2034" });
    expect(stale.status).toBe(404);
    expect(stale.body.errorMsg).toBe("C06");
    // The new password signs in.
    expect((await profiles(await api.login(anna.userName, { password: "Anna-Neu-2033" }))).status).toBe(200);
  });
});
