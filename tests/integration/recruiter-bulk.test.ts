import path from "node:path";
import Database from "better-sqlite3";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { cloneUser, outbox, signIn, type ClonedUser } from "../support/demo";
import { signedInRita } from "../support/recruiter";
import { startServer, type RunningServer } from "../support/server";

/**
 * R-SCR-14 bulk actions on the applicant list (docs/decisions/183), over HTTP like a browser without JavaScript and
 * in the embedded API's SQLite file: the list's rows are a POST form's checkboxes; the confirmation page asks for the
 * parameters, names the change and the count; the result page says per applicant what changed and what was refused.
 * Every action runs in one call through the single action's rules, with one audit row per applicant changed.
 */
let server: RunningServer;
let rita: BrowserClient;

beforeAll(async () => {
  server = await startServer({}, { timeoutMs: 90_000 });
  rita = await signedInRita(server.baseUrl, "en_GB");
});
afterAll(async () => {
  await server?.stop();
});

function apiDb() {
  return new Database(path.join(server.dataDir, "api.db"), { readonly: true });
}

/** The audit actions written about these applicants (by their user names at the time). */
function auditOf(userNames: string[]): { applicant: string; action: string; changes: Record<string, unknown> }[] {
  const db = apiDb();
  try {
    return (
      db
        .prepare(
          `SELECT applicant_user_name AS applicant, action, changes_json FROM recruiter_audit
           WHERE applicant_user_name IN (SELECT value FROM json_each(?)) ORDER BY id`,
        )
        .all(JSON.stringify(userNames)) as { applicant: string; action: string; changes_json: string }[]
    ).map((row) => ({ applicant: row.applicant, action: row.action, changes: JSON.parse(row.changes_json) as Record<string, unknown> }));
  } finally {
    db.close();
  }
}

async function clones(template: string, count: number): Promise<ClonedUser[]> {
  const users: ClonedUser[] = [];
  for (let index = 0; index < count; index++) users.push(await cloneUser(server.baseUrl, template));
  return users;
}

const names = (users: ClonedUser[]) => users.map((user) => user.userName);

/** The confirmation page's last form, as its button posts it. */
function confirmed(action: string, userNames: string[], values: Record<string, string> = {}): [string, string][] {
  return [
    ["scope", "chosen"],
    ...userNames.map((name): [string, string] => ["user", name]),
    ["action", action],
    ["step", "confirm"],
    ...Object.entries(values),
    ["confirmed", "yes"],
  ];
}

/** Confirms an action on named applicants through the app and returns the result page. */
async function confirm(action: string, userNames: string[], values: Record<string, string> = {}) {
  const done = await rita.post("/demo/recruiter/bulk", confirmed(action, userNames, values), { follow: false });
  expect(done.status, done.text.slice(0, 500)).toBe(302);
  expect(done.location).toBe("/demo/recruiter/bulk/done");
  return rita.get(done.location!);
}

/** The result page's rows: user name → its outcome cell's text. */
function outcomes(html: string): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const match of html.matchAll(/<tr><th scope="row">(.*?)<\/th><td>(.*?)<\/td><\/tr>/g)) {
    const userName = /<span class="recruiter-sub">([^<]+)<\/span>/.exec(match[1])?.[1] ?? match[1].replace(/<[^>]+>/g, "");
    rows[userName] = match[2]
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  }
  return rows;
}

async function recruiterToken(cstm: string, userName: string, password: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}/api/recruiter/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ cstm, userName, password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function bulkCall(token: string, cstm: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}/api/${cstm}/recruiter/applicants/bulk`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("R-SCR-14 bulk actions through the pages (decision 183)", () => {
  it("R-SCR-14 the list's rows are checkboxes of a POST form with page and all-matching choices; status through parameters, confirmation and result", async () => {
    const list = await rita.get("/demo/recruiter/applicants?profile=P100&progressMax=49");
    expect(list.text).toMatch(/<form method="post" action="\/demo\/recruiter\/bulk"/);
    expect(list.text).toMatch(/<input type="checkbox" name="user" aria-label="Select [^"]+" value="[^"]+"\/>/);
    expect(list.text).toContain('name="filter.profile" value="P100"');
    expect(list.text).toMatch(/All \d+ applicants on this page/);
    expect(list.text).toMatch(/All [\d,]+ applicants matching the filter/);
    // The GET filter form is still its own.
    expect(list.text).toMatch(/<form method="get" action="\/demo\/recruiter\/applicants"/);

    const users = await clones("ben", 3);
    const chosen: [string, string][] = [
      ["filter.profile", "P100"],
      ["scope", "chosen"],
      ...names(users).map((name): [string, string] => ["user", name]),
      ["action", "status"],
      ["step", "choose"],
    ];
    const parameters = await rita.post("/demo/recruiter/bulk", chosen);
    expect(parameters.status).toBe(200);
    expect(parameters.text).toContain("3 applicants selected.");
    expect(parameters.text).toContain('href="/demo/recruiter/applicants?profile=P100"');
    // No status chosen: the message, the selection kept.
    const missing = await rita.post("/demo/recruiter/bulk", [...chosen.slice(0, -1), ["step", "parameters"], ["shownAction", "status"]]);
    expect(missing.status).toBe(400);
    expect(missing.text).toContain("Please fill in this field.");
    for (const name of names(users)) expect(missing.text).toContain(`name="user" value="${name}"`);

    const review = await rita.post("/demo/recruiter/bulk", [
      ...chosen.slice(0, -1),
      ["step", "parameters"],
      ["shownAction", "status"],
      ["status", "interview"],
    ]);
    expect(review.status).toBe(200);
    expect(review.text).toContain("Set the status to “Interview”: 3 applicants");
    expect(review.text).toContain("Confirm for 3 applicants");
    expect(auditOf(names(users))).toEqual([]);

    const result = await confirm("status", names(users), { status: "interview" });
    expect(result.text).toContain("3 changed, 0 unchanged, 0 refused.");
    for (const user of users) {
      expect(outcomes(result.text)[user.userName]).toBe("Changed");
      expect(result.text).toContain(`href="/demo/recruiter/applicants/${user.userName}"`);
    }
    expect(auditOf(names(users)).map((entry) => [entry.applicant, entry.action])).toEqual(names(users).map((name) => [name, "status"]));
    // Shown once: a reload says so, and changes nothing.
    expect((await rita.get("/demo/recruiter/bulk/done")).text).toContain("This result has been shown already.");
    // Again: unchanged, and no further audit row.
    expect((await confirm("status", names(users), { status: "interview" })).text).toContain("0 changed, 3 unchanged, 0 refused.");
    expect(auditOf(names(users))).toHaveLength(3);
  });

  it("R-SCR-14 assign a profile, refused per applicant where it is already assigned; open-until and owner; one audit row per change", async () => {
    const [first, second] = await clones("anna", 2);
    const ben = (await clones("ben", 1))[0];
    const assigned = await confirm("assign-profile", [first.userName, second.userName, ben.userName], { profileId: "P200", openUntil: "" });
    expect(assigned.text).toContain("2 changed, 0 unchanged, 1 refused.");
    expect(outcomes(assigned.text)[ben.userName]).toBe("Refused The profile is already assigned.");
    expect(outcomes(assigned.text)[first.userName]).toBe("Changed");

    const until = await confirm("open-until", [first.userName, ben.userName], { profileId: "P200", openUntil: "2099-03-31" });
    expect(until.text).toContain("2 changed, 0 unchanged, 0 refused.");
    const owner = await confirm("owner", [first.userName, second.userName], { owner: "rita" });
    expect(owner.text).toContain("2 changed");

    const audit = auditOf([first.userName, second.userName, ben.userName]);
    expect(audit.filter((entry) => entry.action === "profile_assigned").map((entry) => entry.applicant)).toEqual([
      first.userName,
      second.userName,
    ]);
    expect(audit.filter((entry) => entry.action === "open_until").map((entry) => entry.applicant)).toEqual([first.userName, ben.userName]);
    expect(audit.filter((entry) => entry.action === "owner").map((entry) => entry.applicant)).toEqual([first.userName, second.userName]);
    expect(audit.find((entry) => entry.applicant === ben.userName && entry.action === "open_until")?.changes).toMatchObject({
      profileId: "P200",
      openUntil: { after: "2099-03-31" },
    });
  });

  it("R-SCR-14 invitation and reminder write one outbox mail per applicant; disable and enable sign-in", async () => {
    const users = await clones("anna", 2);
    expect((await confirm("reminder", names(users))).text).toContain("2 changed");
    expect((await confirm("invitation", names(users))).text).toContain("2 changed");
    for (const user of users) {
      const mails = await outbox(server.baseUrl, user.userName);
      // In the applicant's language (anna's: de-DU), newest first.
      expect(mails.map((mail) => mail.subject)).toEqual([
        "Einladung zum Online-Assessment von Demo AG",
        "Erinnerung: dein Online-Assessment bei Demo AG",
      ]);
    }
    expect(auditOf(names(users)).filter((entry) => entry.action === "email_sent")).toHaveLength(4);

    const disabled = await confirm("disable-access", [users[0].userName]);
    expect(disabled.text).toContain("1 changed");
    const refused = await signIn(new BrowserClient(server.baseUrl), users[0], "?langId=en_GB");
    expect(refused.status).toBe(403);
    expect((await confirm("enable-access", [users[0].userName])).text).toContain("1 changed");
    const again = new BrowserClient(server.baseUrl);
    await signIn(again, users[0]);
    expect((await again.get("/demo/home")).status).toBe(200);
    expect(auditOf([users[0].userName]).filter((entry) => entry.action === "access")).toHaveLength(2);
  });

  it("R-SCR-14 the export of a selection is the list's CSV of exactly those applicants, audited per applicant", async () => {
    const users = await clones("ben", 2);
    const file = await rita.post("/demo/recruiter/bulk.csv", confirmed("export", names(users)));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("text/csv");
    const rows = parse<Record<string, string>>(file.text.replace(/^\uFEFF/, ""), { delimiter: ",", columns: true });
    expect(rows.map((row) => row.Username).sort()).toEqual(names(users).sort());
    const listFile = await rita.get(`/demo/recruiter/applicants.csv?q=${users[0].userName}`);
    expect(file.text.split("\r\n")[0]).toBe(listFile.text.split("\r\n")[0]);
    expect(auditOf(names(users)).map((entry) => entry.action)).toEqual(["selection_exported", "selection_exported"]);
  });

  it("R-SCR-14 all matching the filter: exactly the applicants the list shows, resolved when the action runs", async () => {
    const filter = "profile=P300&status=offer";
    const token = await recruiterToken("demo", "rita", "Rita-Recruiter-2027");
    const listed = await fetch(`${server.baseUrl}/api/demo/recruiter/applicants?${filter}&pageSize=1000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const shown = ((await listed.json()) as { applicants: { userName: string }[] }).applicants.map((row) => row.userName).sort();
    expect(shown.length).toBeGreaterThan(0);

    const all: [string, string][] = [
      ["scope", "all"],
      ["filter.profile", "P300"],
      ["filter.status", "offer"],
      ["action", "status"],
    ];
    const review = await rita.post("/demo/recruiter/bulk", [
      ...all,
      ["step", "parameters"],
      ["shownAction", "status"],
      ["status", "hired"],
    ]);
    expect(review.text).toContain(`${shown.length} applicant${shown.length === 1 ? "" : "s"} match`);
    const done = await rita.post("/demo/recruiter/bulk", [...all, ["step", "confirm"], ["status", "hired"], ["confirmed", "yes"]]);
    expect(Object.keys(outcomes(done.text)).sort()).toEqual(shown);
    expect(done.text).toContain('href="/demo/recruiter/applicants?profile=P300&amp;status=offer"');
    expect((await rita.get(`/demo/recruiter/applicants?${filter}`)).text).toContain("No applicants match these filters.");
  });

  it("R-ROLE-01 a recruiter of another customer gets 403 and nothing changes; another customer's user names are refused per applicant", async () => {
    const users = await clones("anna", 1);
    const rolf = await recruiterToken("azubi", "rolf", "Rolf-Recruiter-2027");
    const body = { action: "status", parameters: { status: "hired" }, selection: { userNames: names(users) } };
    const refused = await bulkCall(rolf, "demo", body);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("customer_not_served");
    const all = await bulkCall(rolf, "demo", { ...body, selection: { filter: {} } });
    expect(all.status).toBe(403);
    expect(auditOf(names(users))).toEqual([]);

    const token = await recruiterToken("demo", "rita", "Rita-Recruiter-2027");
    const mixed = await bulkCall(token, "demo", { ...body, selection: { userNames: ["greta", "rolf", users[0].userName] } });
    expect(mixed.status).toBe(200);
    expect(mixed.body).toMatchObject({ total: 3, changed: 1, refused: 2 });
    expect(mixed.body.results).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userName: "greta", outcome: "refused", reason: "unknown_user" }),
        expect.objectContaining({ userName: "rolf", outcome: "refused", reason: "unknown_user" }),
      ]),
    );
    expect(auditOf(["greta", "rolf"])).toEqual([]);
  });

  it("R-SCR-14 bad input: no selection, an unknown action, a bad date, no confirmation: translated messages, the selection kept, no 500", async () => {
    const users = await clones("anna", 1);
    const none = await rita.post("/demo/recruiter/bulk", [
      ["scope", "chosen"],
      ["filter.q", "x"],
      ["action", "status"],
      ["step", "choose"],
    ]);
    expect(none.status).toBe(400);
    expect(none.text).toContain("No applicants are selected.");
    expect(none.text).toContain('href="/demo/recruiter/applicants?q=x"');

    const unknown = await rita.post("/demo/recruiter/bulk", [
      ["user", users[0].userName],
      ["action", "delete-all"],
      ["step", "choose"],
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("Please choose an action.");
    expect(unknown.text).toContain(`name="user" value="${users[0].userName}"`);

    const badDate = await rita.post("/demo/recruiter/bulk", [
      ["user", users[0].userName],
      ["action", "open-until"],
      ["step", "parameters"],
      ["shownAction", "open-until"],
      ["profileId", "P100"],
      ["openUntil", "2027-02-30"],
    ]);
    expect(badDate.status).toBe(400);
    expect(badDate.text).toContain("Please enter a date as YYYY-MM-DD.");
    expect(badDate.text).toContain('value="2027-02-30"');
    expect(badDate.text).toContain(`name="user" value="${users[0].userName}"`);

    const unconfirmed = await rita.post("/demo/recruiter/bulk", confirmed("reminder", names(users)).slice(0, -1));
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.text).toContain("Please confirm with the button.");
    const unknownProfile = await rita.post("/demo/recruiter/bulk", confirmed("assign-profile", names(users), { profileId: "P999" }));
    expect(unknownProfile.status).toBe(404);
    expect(unknownProfile.text).toContain('name="profileId"');
    expect(auditOf(names(users))).toEqual([]);

    const token = await recruiterToken("demo", "rita", "Rita-Recruiter-2027");
    expect((await bulkCall(token, "demo", { action: "retest", parameters: {}, selection: { userNames: ["x"] } })).status).toBe(400);
    expect(
      (await bulkCall(token, "demo", { action: "status", parameters: { status: "hired" }, selection: { userNames: [] } })).status,
    ).toBe(400);
  });

  it("R-SCR-14 GDPR Art. 17 bulk erasure: an unmistakable confirmation; erased applicants cannot sign in and are in no list or export", async () => {
    const users = await clones("dora", 2);
    const review = await rita.post("/demo/recruiter/bulk", [
      ...names(users).map((name): [string, string] => ["user", name]),
      ["action", "erase"],
      ["step", "choose"],
    ]);
    expect(review.status).toBe(200);
    expect(review.text).toContain("Erase 2 applicants permanently?");
    expect(review.text).toContain("This cannot be undone.");
    expect(review.text).toContain("Erase 2 applicants permanently</button>");

    const done = await confirm("erase", names(users));
    expect(done.text).toContain("2 changed, 0 unchanged, 0 refused.");
    for (const user of users) expect(done.text).not.toContain(`href="/demo/recruiter/applicants/${user.userName}"`);
    for (const user of users) {
      expect((await signIn(new BrowserClient(server.baseUrl), user, "?langId=en_GB")).status).toBe(401);
      expect((await rita.get(`/demo/recruiter/applicants?q=${user.userName}`)).text).toContain("No applicants match these filters.");
      expect((await rita.get(`/demo/recruiter/applicants/${user.userName}`)).status).toBe(404);
    }
    const csv = await rita.get("/demo/recruiter/applicants.csv?profile=P100");
    for (const user of users) expect(csv.text).not.toContain(user.userName);
    const db = apiDb();
    try {
      expect(
        db.prepare("SELECT count(*) AS n FROM recruiter_audit WHERE action = 'erased' AND applicant_user_name = '[erased]'").get(),
      ).toEqual({
        n: 2,
      });
    } finally {
      db.close();
    }
  });
});
