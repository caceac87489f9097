import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "./support/api";
import { VALID_PERSONAL_DATA, freshLogin } from "./support/flows";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

async function rawForm(token: string, profileId = "P100") {
  return api.get(`/formData/personal-data?raw=true&profileId=${profileId}`, { token });
}

const freshToken = (template = "anna") => freshLogin(api, template);

describe("GET /formData/{id}?raw=true", () => {
  it("the definition with labels in five languages and a one-time submissionToken", async () => {
    const token = await freshToken();
    const reply = await rawForm(token);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ profileId: "P100", saved: false, savedAt: null, values: null });
    // Signed, not stored (docs/decisions/196): user id, profile module, expiry and the signature.
    expect(reply.body.submissionToken).toMatch(/^\d+\.\d+\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(reply.body.form).toMatchObject({ form_identifier: "personal-data", comp_comp_id: 40 });
    expect(reply.body.form.title.en_GB).toBe("Personal details");
    const relocate = reply.body.form.fields.find((field: any) => field.name === "willingToRelocate");
    expect(relocate.options.map((option: any) => option.value)).toEqual(["yes", "no"]);
  });

  it("400 without raw=true or profileId, 404 for an unknown form, profile or a profile without the form", async () => {
    const token = await freshToken("ben");
    expect((await api.get("/formData/personal-data?profileId=P100", { token })).status).toBe(400);
    expect((await api.get("/formData/personal-data?raw=true", { token })).status).toBe(400);
    expect((await api.get("/formData/unknown-form?raw=true&profileId=P100", { token })).body.error).toBe("unknown_form");
    expect((await rawForm(token, "P500")).body.error).toBe("unknown_profile");
    expect((await rawForm(token, "P200")).body.error).toBe("unknown_module");
    expect((await api.get("/formData/personal-data?raw=true&profileId=P100")).status).toBe(401);
  });
});

describe("POST /formData/{id}", () => {
  it("R-FORM-01 saves valid values once; the raw GET then shows them and a second submit answers 409", async () => {
    const token = await freshToken();
    const { submissionToken } = (await rawForm(token)).body;
    const reply = await api.post("/formData/personal-data", { submissionToken, values: { ...VALID_PERSONAL_DATA, motivation: "  " } });
    expect(reply.status).toBe(201);
    expect(reply.body.savedAt).toMatch(/^\d{4}-/);
    const saved = (await rawForm(token)).body;
    expect(saved).toMatchObject({ saved: true, submissionToken: null });
    expect(saved.values).toEqual({ ...VALID_PERSONAL_DATA, motivation: undefined });
    const again = await api.post("/formData/personal-data", { submissionToken, values: VALID_PERSONAL_DATA });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("form_already_saved");
  });

  it("400 invalid_values names every bad field with its code, checked against the server's definition", async () => {
    const token = await freshToken();
    const { submissionToken } = (await rawForm(token)).body;
    const reply = await api.post("/formData/personal-data", {
      submissionToken,
      values: {
        firstName: "",
        lastName: "A\nB",
        dateOfBirth: "2031-02-30",
        email: "not-an-address",
        schoolQualification: "phd",
        willingToRelocate: 1,
        motivation: "x".repeat(2001),
        isAdmin: "true",
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      status: "failed",
      error: "invalid_values",
      data: {
        firstName: "required",
        lastName: "line_break",
        dateOfBirth: "invalid_date",
        email: "invalid_email",
        schoolQualification: "invalid_option",
        willingToRelocate: "invalid_type",
        motivation: "too_long",
        isAdmin: "unknown_field",
      },
    });
    // Nothing was saved: the same token still works.
    expect((await api.post("/formData/personal-data", { submissionToken, values: VALID_PERSONAL_DATA })).status).toBe(201);
  });

  it("401 for an unknown token or one for another form, 404 for an unknown form, 400 without values", async () => {
    const token = await freshToken();
    const { submissionToken } = (await rawForm(token)).body;
    expect((await api.post("/formData/personal-data", { submissionToken: "nope", values: VALID_PERSONAL_DATA })).status).toBe(401);
    expect((await api.post("/formData/other-form", { submissionToken, values: VALID_PERSONAL_DATA })).status).toBe(404);
    expect((await api.post("/formData/personal-data", { submissionToken })).status).toBe(400);
    expect((await api.post("/formData/personal-data", { submissionToken, values: ["a"] })).status).toBe(400);
  });

  it("R-FORM-01 a form view writes nothing; its token still saves after a restart of the API on the same database", async () => {
    const token = await freshToken();
    const db = new Database(api.databasePath, { readonly: true });
    let submissionToken: string;
    try {
      // data_version moves when another connection commits a write to the file.
      const version = () => db.pragma("data_version", { simple: true });
      const before = version();
      submissionToken = (await rawForm(token)).body.submissionToken;
      await rawForm(token);
      expect(version()).toBe(before);
    } finally {
      db.close();
    }
    const restarted = await startApi({ databasePath: api.databasePath });
    try {
      expect((await restarted.post("/formData/personal-data", { submissionToken, values: VALID_PERSONAL_DATA })).status).toBe(201);
    } finally {
      await restarted.close();
    }
  });

  it("a token with a changed claim, one signed by another database or one of an erased applicant is refused", async () => {
    const token = await freshToken();
    const submissionToken = (await rawForm(token)).body.submissionToken as string;
    const [userId, prcmId, expiresAt, signature] = submissionToken.split(".");
    const refused = async (candidate: string) => {
      const reply = await api.post("/formData/personal-data", { submissionToken: candidate, values: VALID_PERSONAL_DATA });
      return [reply.status, reply.body.error];
    };
    const invalid = [401, "invalid_submission_token"];
    expect(await refused([userId, prcmId, Number(expiresAt) + 3600, signature].join("."))).toEqual(invalid);
    expect(await refused([Number(userId) + 1, prcmId, expiresAt, signature].join("."))).toEqual(invalid);
    expect(await refused([userId, prcmId, expiresAt, signature.replace(/^./, (c) => (c === "A" ? "B" : "A"))].join("."))).toEqual(invalid);
    const other = await startApi();
    try {
      const foreign = (await other.get("/formData/personal-data?raw=true&profileId=P100", { token: await freshLogin(other) })).body;
      expect(await refused(foreign.submissionToken)).toEqual(invalid);
    } finally {
      await other.close();
    }
    // Erasing the applicant (docs/decisions/181) ends what their tokens could do.
    const db = new Database(api.databasePath);
    try {
      db.prepare("UPDATE users SET erased_at = ? WHERE id = ?").run(new Date().toISOString(), Number(userId));
    } finally {
      db.close();
    }
    expect(await refused(submissionToken)).toEqual(invalid);
  });

  it("a submission token expires after 12 hours", async () => {
    const token = await freshToken();
    const { submissionToken } = (await rawForm(token)).body;
    api.advance(12 * 60 * 60 + 1);
    const reply = await api.post("/formData/personal-data", { submissionToken, values: VALID_PERSONAL_DATA });
    expect(reply.status).toBe(401);
    expect(reply.body.error).toBe("invalid_submission_token");
  });
});
