import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_BASE_URL, startApi, type TestApi } from "./support/api";

/**
 * R-SCR-14 (docs/decisions/151–153), the embedded API's calls for creating applicants: one at a time (with a password or an
 * activation mail), and a bulk import staged, checked row by row, committed all-or-nothing.
 */
let api: TestApi;
let rita: string;
beforeAll(async () => {
  // The sweep of ended imports (decision 171) runs often here, so its test waits milliseconds, not minutes.
  api = await startApi({ sweepIntervalMs: 100 });
  const reply = await api.post("/recruiter/login", { cstm: "demo", userName: "rita", password: "Rita-Recruiter-2027" });
  rita = reply.body.access_token;
});
afterAll(() => api.close());

const create = (body: unknown, token = rita, cstm = "demo") => api.post(`/${cstm}/recruiter/applicants`, body, { token });
const detail = (userName: string) => api.get(`/demo/recruiter/applicants/${encodeURIComponent(userName)}`, { token: rita });
const stage = (rows: unknown[], token = rita, cstm = "demo") => api.post(`/${cstm}/recruiter/imports`, { rows }, { token });
const outbox = async (to: string) => (await api.get(`/dev/outbox?to=${encodeURIComponent(to)}`)).body as any[];

describe("R-SCR-14 create one applicant (decision 151)", () => {
  it("with a password: 201, activated, signs in at once, no mail; the audit entry says a password was set but not which", async () => {
    const reply = await create({
      email: "Paula.Neu@example.com",
      firstName: "Paula",
      lastName: "Neu",
      password: "Paula-Neu-2027",
      language: "en_GB",
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ userName: "paula.neu@example.com", activated: true, activationMail: false });
    const login = await api.post("/login", { cstm: "demo", userName: "paula.neu@example.com", password: "Paula-Neu-2027" });
    expect(login.status).toBe(200);
    expect(await outbox("paula.neu@example.com")).toEqual([]);
    const page = await detail("paula.neu@example.com");
    expect(page.body.applicant).toMatchObject({ language: "en_GB", activated: true, firstName: "Paula" });
    const [entry] = page.body.applicant.audit;
    expect(entry).toMatchObject({
      recruiter: "rita",
      action: "created",
      changes: { password: true, activationMail: false, email: "paula.neu@example.com" },
    });
    expect(JSON.stringify(page.body.applicant.audit)).not.toContain("Paula-Neu-2027");
  });

  it("without a password: an activation mail in the chosen language; the link sets the password and the applicant signs in", async () => {
    const reply = await create({
      userName: "quentin",
      email: "quentin@example.com",
      firstName: "Quentin",
      lastName: "Rossi",
      language: "it",
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ userName: "quentin", activated: false, activationMail: true });
    const [mail] = await outbox("quentin@example.com");
    expect(mail).toMatchObject({ kind: "activation", subject: "Attiva il tuo account" });
    expect(mail.link).toMatch(new RegExp(`^${APP_BASE_URL}/demo/activation/[^/]+/it$`));
    expect(mail.text).toContain(mail.link);
    const hash = decodeURIComponent(mail.link.split("/activation/")[1].split("/")[0]);
    expect((await api.post("/login", { cstm: "demo", userName: "quentin", password: "Quentin-2027-x" })).status).not.toBe(200);
    const activation = await api.post("/accountActivation", { userIdHash: hash, password: "Quentin-2027-x", language: "it" });
    expect(activation.status).toBe(200);
    expect(activation.body).toMatchObject({ userName: "quentin", passwordRequired: false });
    expect((await api.post("/login", { cstm: "demo", userName: "quentin", password: "Quentin-2027-x" })).status).toBe(200);
  });

  it("profile, owner, open-until and on-site are set; the list finds the applicant with P100", async () => {
    const reply = await create({
      userName: "rosa.station",
      email: "rosa@example.com",
      firstName: "Rosa",
      lastName: "Station",
      profileId: "P100",
      owner: "RITA",
      openUntil: "2031-05-31",
      onSite: true,
    });
    expect(reply.status).toBe(201);
    const { applicant } = (await detail("rosa.station")).body;
    expect(applicant).toMatchObject({ owner: { userName: "rita" }, onSite: true, activated: false });
    expect(applicant.profiles).toHaveLength(1);
    expect(applicant.profiles[0]).toMatchObject({ prof_prof_id: "P100", isOpen: true, openUntil: "2031-05-31" });
    const list = await api.get("/demo/recruiter/applicants?q=rosa.station&profile=P100", { token: rita });
    expect(list.body.applicants.map((row: any) => row.userName)).toContain("rosa.station");
  });

  it("a taken user name or e-mail address is 409 naming the field; nothing is created", async () => {
    const name = await create({ userName: "BEN", email: "new.ben@example.com", firstName: "B", lastName: "N" });
    expect(name.status).toBe(409);
    expect(name.body).toMatchObject({ error: "user_name_taken", data: { userName: "user_name_taken" } });
    const email = await create({ userName: "ben2", email: "Ben@Example.com", firstName: "B", lastName: "N" });
    expect(email.status).toBe(409);
    expect(email.body).toMatchObject({ error: "email_taken", data: { email: "email_taken" } });
    expect((await detail("ben2")).status).toBe(404);
    expect(await outbox("new.ben@example.com")).toEqual([]);
  });

  it("refusals: weak password 403 C10, unknown profile or owner 404, open-until without profile 400, another customer's profile 404, bad fields 400", async () => {
    const weak = await create({ email: "weak@example.com", firstName: "W", lastName: "K", password: "short" });
    expect(weak.status).toBe(403);
    expect(weak.body).toMatchObject({ error: "password_requirements", data: "C10" });
    expect((await create({ email: "p@example.com", firstName: "P", lastName: "X", profileId: "P610" })).body.error).toBe("unknown_profile");
    expect((await create({ email: "o@example.com", firstName: "O", lastName: "X", owner: "rolf" })).status).toBe(404);
    const until = await create({ email: "u@example.com", firstName: "U", lastName: "X", openUntil: "2030-01-01" });
    expect(until.status).toBe(400);
    expect(until.body.data).toEqual({ openUntil: "profile_required" });
    const bad = await create({ email: "not-an-address", firstName: "", lastName: "X", language: "fr", extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("invalid_body");
    for (const address of ["weak@example.com", "p@example.com", "o@example.com", "u@example.com"])
      expect(await outbox(address)).toEqual([]);
  });

  it("guards: an applicant token is refused, rolf (azubi) gets 403 at demo, rita 403 at azubi", async () => {
    const body = { email: "guard@example.com", firstName: "G", lastName: "D" };
    expect((await create(body, await api.login("anna"))).status).toBe(403);
    const rolf = (await api.post("/recruiter/login", { cstm: "azubi", userName: "rolf", password: "Rolf-Recruiter-2027" })).body
      .access_token;
    expect((await create(body, rolf)).body.error).toBe("customer_not_served");
    expect((await create(body, rita, "azubi")).body.error).toBe("customer_not_served");
    expect((await stage([{ email: "x@example.com", firstName: "X", lastName: "Y" }], rolf)).status).toBe(403);
    expect((await api.post("/demo/recruiter/applicants", body)).status).toBe(401);
  });
});

describe("R-SCR-14 bulk import (decisions 152, 153)", () => {
  const rows = [
    { line: 2, email: "imp.one@example.com", firstName: "Jürgen", lastName: "Öztürk", language: "de", profileId: "P100" },
    {
      line: 3,
      userName: "imp.two",
      email: "imp.two@example.com",
      firstName: "Ilona",
      lastName: "Szabó",
      language: "hu",
      owner: "rita",
      openUntil: "2031-01-31",
      profileId: "P200",
    },
    { line: 4, email: "not an address", firstName: "", lastName: "Bad", language: "xx", profileId: "P999", onSite: "maybe" },
    { line: 5, email: "anna@example.com", firstName: "Anna", lastName: "Again" },
    { line: 6, email: "IMP.ONE@example.com", firstName: "Twice", lastName: "Same" },
    { line: 7, email: "imp.three@example.com", firstName: "Giulia", lastName: "Bianchi", language: "it", onSite: "ja" },
  ];

  it("staging checks every row: each row's errors by field, the valid ones counted; nothing is created yet", async () => {
    const reply = await stage(rows);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ state: "staged", total: 6, valid: 3, invalid: 3 });
    expect(reply.body.id).toMatch(/^[0-9a-f]{32}$/);
    const byLine = new Map(reply.body.rows.map((row: any) => [row.line, row.errors]));
    expect(byLine.get(2)).toEqual({});
    expect(byLine.get(4)).toMatchObject({
      email: "invalid_format",
      firstName: "required",
      language: "invalid_option",
      onSite: "invalid_option",
    });
    expect(byLine.get(5)).toEqual({ email: "email_taken" });
    expect(byLine.get(6)).toEqual({ email: "duplicate_in_file", userName: "duplicate_in_file" });
    expect(byLine.get(7)).toEqual({});
    expect((await detail("imp.two")).status).toBe(404);
    // The staged import can be read again (the app's preview after a redirect).
    const again = await api.get(`/demo/recruiter/imports/${reply.body.id}`, { token: rita });
    expect(again.body).toMatchObject({ state: "staged", valid: 3, invalid: 3 });
  });

  it("committing creates the valid rows with activation mails in their language and an audit entry each, and reports them; a second commit is 409", async () => {
    const renamed = rows.map((row) => ({
      ...row,
      email: row.email.replace(/^imp\./i, "c."),
      ...(row.userName ? { userName: row.userName.replace("imp.", "c.") } : {}),
    }));
    const staged = (await stage(renamed)).body;
    const reply = await api.post(`/demo/recruiter/imports/${staged.id}/commit`, {}, { token: rita });
    expect(reply.status).toBe(200);
    expect(reply.body.created).toEqual([
      { line: 2, userName: "c.one@example.com" },
      { line: 3, userName: "c.two" },
      { line: 7, userName: "c.three@example.com" },
    ]);
    expect(reply.body.skipped.map((row: any) => row.line)).toEqual([4, 5, 6]);
    expect(reply.headers.get("server-timing")).toMatch(/^import;dur=\d/);
    const [hu] = await outbox("c.two@example.com");
    expect(hu).toMatchObject({ kind: "activation", subject: "Kérjük, aktiválja fiókját" });
    expect(hu.link).toMatch(/\/demo\/activation\/[^/]+\/hu$/);
    const two = (await detail("c.two")).body.applicant;
    expect(two).toMatchObject({ firstName: "Ilona", lastName: "Szabó", owner: { userName: "rita" }, activated: false });
    expect(two.profiles[0]).toMatchObject({ prof_prof_id: "P200", openUntil: "2031-01-31" });
    expect(two.audit[0]).toMatchObject({
      action: "created",
      changes: { importId: staged.id, line: 3, password: false, activationMail: true },
    });
    expect((await detail("c.three@example.com")).body.applicant.onSite).toBe(true);
    const view = await api.get(`/demo/recruiter/imports/${staged.id}`, { token: rita });
    expect(view.body).toMatchObject({ state: "imported", valid: 3, invalid: 3, result: { created: reply.body.created } });
    const twice = await api.post(`/demo/recruiter/imports/${staged.id}/commit`, {}, { token: rita });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("import_done");
  });

  it("all or nothing: a failure while writing any row rolls back every row and mail; the import stays staged and commits later", async () => {
    const batch = [
      { email: "aon.one@example.com", firstName: "A", lastName: "One" },
      { email: "aon.boom@example.com", firstName: "A", lastName: "Boom" },
      { email: "aon.three@example.com", firstName: "A", lastName: "Three" },
    ];
    const staged = (await stage(batch)).body;
    const db = new Database(api.databasePath);
    try {
      db.exec(
        "CREATE TRIGGER aon_boom BEFORE INSERT ON users WHEN NEW.email = 'aon.boom@example.com' BEGIN SELECT RAISE(ABORT, 'boom'); END;",
      );
      const failed = await api.post(`/demo/recruiter/imports/${staged.id}/commit`, {}, { token: rita });
      expect(failed.status).toBe(500);
      expect(failed.text).not.toContain("boom");
      expect((await detail("aon.one@example.com")).status).toBe(404);
      expect(await outbox("aon.one@example.com")).toEqual([]);
      expect((await api.get(`/demo/recruiter/imports/${staged.id}`, { token: rita })).body.state).toBe("staged");
    } finally {
      db.exec("DROP TRIGGER IF EXISTS aon_boom");
      db.close();
    }
    const ok = await api.post(`/demo/recruiter/imports/${staged.id}/commit`, {}, { token: rita });
    expect(ok.status).toBe(200);
    expect(ok.body.created).toHaveLength(3);
  });

  it("rows are checked again at commit: one taken meanwhile is skipped, the others are created", async () => {
    const staged = (
      await stage([
        { email: "race.one@example.com", firstName: "R", lastName: "One" },
        { email: "race.two@example.com", firstName: "R", lastName: "Two" },
      ])
    ).body;
    expect((await create({ email: "race.two@example.com", firstName: "R", lastName: "First" })).status).toBe(201);
    const reply = await api.post(`/demo/recruiter/imports/${staged.id}/commit`, {}, { token: rita });
    expect(reply.body.created).toEqual([{ line: 1, userName: "race.one@example.com" }]);
    expect(reply.body.skipped).toEqual([{ line: 2, errors: { userName: "user_name_taken", email: "email_taken" } }]);
  });

  it("an import is its recruiter's and customer's, for an hour; nothing valid is 409; discarding removes it; over 2,000 rows is 400", async () => {
    const staged = (await stage([{ email: "ttl@example.com", firstName: "T", lastName: "L" }])).body;
    expect((await api.get(`/demo-vor-ort/recruiter/imports/${staged.id}`, { token: rita })).status).toBe(404);
    api.advance(3601);
    // The token's own lifetime is an hour too: sign in again.
    const fresh = await api.post("/recruiter/login", { cstm: "demo", userName: "rita", password: "Rita-Recruiter-2027" });
    rita = fresh.body.access_token;
    expect((await api.get(`/demo/recruiter/imports/${staged.id}`, { token: rita })).body.error).toBe("unknown_import");
    const invalid = (await stage([{ email: "anna@example.com", firstName: "A", lastName: "B" }])).body;
    expect((await api.post(`/demo/recruiter/imports/${invalid.id}/commit`, {}, { token: rita })).body.error).toBe("nothing_to_import");
    expect((await api.post(`/demo/recruiter/imports/${invalid.id}/discard`, {}, { token: rita })).status).toBe(200);
    expect((await api.get(`/demo/recruiter/imports/${invalid.id}`, { token: rita })).status).toBe(404);
    const many = Array.from({ length: 2001 }, (_, index) => ({ email: `m${index}@example.com`, firstName: "M", lastName: "N" }));
    const tooMany = await stage(many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data).toEqual({ rows: "too_long" });
    expect((await stage([{ email: "x@example.com", firstName: "X", lastName: "Y", password: "secret" }])).status).toBe(400);
  });

  it("1,000 rows commit in one transaction well within 5 s (decision 152: activation mails, no key derivation)", async () => {
    const many = Array.from({ length: 1000 }, (_, index) => ({
      email: `bulk.${index}@example.com`,
      firstName: "Bulk",
      lastName: `Nr ${index}`,
      profileId: "P100",
    }));
    const staged = (await stage(many)).body;
    expect(staged.valid).toBe(1000);
    const started = performance.now();
    const reply = await api.post(`/demo/recruiter/imports/${staged.id}/commit`, {}, { token: rita });
    const elapsed = performance.now() - started;
    expect(reply.body.created).toHaveLength(1000);
    expect(elapsed).toBeLessThan(5000);
  });
});

describe("R-SCR-14 staged import rows do not stay in the database (decision 171)", () => {
  const stored = (id: string) => {
    const db = new Database(api.databasePath, { readonly: true });
    try {
      return db.prepare("SELECT state, rows_json, result_json FROM recruiter_imports WHERE id = ?").get(id) as
        { state: string; rows_json: string; result_json: string | null } | undefined;
    } finally {
      db.close();
    }
  };

  it("R-SCR-14 confirming keeps only the report (no staged name or address); discarding deletes the import at once", async () => {
    const staged = (
      await stage([
        { email: "purge.kept@example.com", firstName: "Pia", lastName: "Purgatorio" },
        { email: "purge.skipped@nowhere", firstName: "Sven", lastName: "Skipperson" },
      ])
    ).body;
    expect(stored(staged.id)?.rows_json).toContain("Skipperson");
    expect((await api.post(`/demo/recruiter/imports/${staged.id}/commit`, {}, { token: rita })).status).toBe(200);
    const record = stored(staged.id);
    expect(record).toMatchObject({ state: "imported", rows_json: "[]" });
    expect(JSON.stringify(record)).not.toMatch(/Pia|Purgatorio|Sven|Skipperson|purge\.skipped/);
    // The report page reads the same as before the purge.
    const view = await api.get(`/demo/recruiter/imports/${staged.id}`, { token: rita });
    expect(view.body).toMatchObject({
      state: "imported",
      total: 2,
      valid: 1,
      invalid: 1,
      result: { created: [{ line: 1, userName: "purge.kept@example.com" }], skipped: [{ line: 2, errors: { email: "invalid_format" } }] },
    });

    const discarded = (await stage([{ email: "purge.discarded@example.com", firstName: "Dora", lastName: "Discard" }])).body;
    expect((await api.post(`/demo/recruiter/imports/${discarded.id}/discard`, {}, { token: rita })).status).toBe(200);
    expect(stored(discarded.id)).toBeUndefined();
  });

  it("R-SCR-14 an import nobody confirms or discards is deleted by the API's sweep once its hour is over, without any import call", async () => {
    const staged = (await stage([{ email: "purge.left@example.com", firstName: "Lea", lastName: "Leftover" }])).body;
    expect(stored(staged.id)?.state).toBe("staged");
    api.advance(59 * 60);
    // Within its hour the recruiter still has it.
    expect((await api.get(`/demo/recruiter/imports/${staged.id}`, { token: rita })).body.state).toBe("staged");
    expect(stored(staged.id)).toBeDefined();
    api.advance(61);
    await expect.poll(() => stored(staged.id), { timeout: 5_000, interval: 50 }).toBeUndefined();
  });
});
