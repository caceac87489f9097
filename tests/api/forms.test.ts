import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PURGE_SUBMISSION_TOKENS_SQL } from "../../api/routes/forms";
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
    expect(reply.body.submissionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
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

  it("R-FORM-01 a form view purges the expired submission tokens through an index, not by reading every token", async () => {
    const token = await freshToken();
    const first = (await rawForm(token)).body.submissionToken as string;
    api.advance(12 * 60 * 60 + 1);
    const second = (await rawForm(token)).body.submissionToken as string;
    expect(second).not.toBe(first);
    const db = new Database(api.databasePath, { readonly: true });
    try {
      const expired = db.prepare("SELECT COUNT(*) AS n FROM form_submission_tokens WHERE expires_at <= ?");
      const now =
        (db.prepare("SELECT MAX(expires_at) AS latest FROM form_submission_tokens").get() as { latest: number }).latest - 12 * 60 * 60;
      expect(expired.get(now)).toEqual({ n: 0 });
      const plan = (sql: string, ...values: unknown[]) =>
        (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as { detail: string }[]).map((row) => row.detail);
      // Every form view runs the purge; erasing an applicant deletes their tokens by user (the cascade).
      expect(plan(PURGE_SUBMISSION_TOKENS_SQL, now)).toEqual([
        "SEARCH form_submission_tokens USING COVERING INDEX form_submission_tokens_expires_at (expires_at<?)",
      ]);
      expect(plan("DELETE FROM form_submission_tokens WHERE user_id = ?", 1)).toEqual([
        "SEARCH form_submission_tokens USING COVERING INDEX form_submission_tokens_user (user_id=?)",
      ]);
    } finally {
      db.close();
    }
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
