import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { cloneUser } from "../support/demo";
import { startServer, type RunningServer } from "../support/server";

/**
 * Shortlisting over HTTP like a browser without JavaScript. The applicant list's result columns
 * (docs/decisions/184): a test's completion, rating and norm value per scale, sorted (without a value last in
 * both orders) and filtered in the URL, bad values shown at their field while the rest of the list stays, the
 * CSV with the same columns. Ratings and notes per applicant and test (docs/decisions/185): set, changed,
 * cleared, shown with author and time, filtered by, audited without the note's text, refused to another
 * customer's recruiter, a too-long note refused with its text kept, erased with the applicant and in the Art. 15
 * file.
 */
let server: RunningServer;
let family: string;
const [high, low, none] = [{ name: "" }, { name: "" }, { name: "" }];
const page = (userName: string) => `/demo/recruiter/applicants/${encodeURIComponent(userName)}`;

function apiDb(readonly = true) {
  return new Database(path.join(server.dataDir, "api.db"), { readonly });
}

async function signInRecruiter(cstm = "demo", username = "rita", password = "Rita-Recruiter-2027") {
  const browser = new BrowserClient(server.baseUrl);
  expect((await browser.post(`/${cstm}/recruiter/login?langId=en_GB`, { username, password })).status).toBe(200);
  return browser;
}

/** The user names of the list's rows, in order. */
function rowsOf(html: string): string[] {
  return [...html.matchAll(/<th scope="row"><a[^>]* href="\/demo\/recruiter\/applicants\/([^"?]+)[^"]*"/g)].map((match) =>
    decodeURIComponent(match[1]),
  );
}

beforeAll(async () => {
  server = await startServer({}, { timeoutMs: 90_000 });
  // Three clones of ben (P200 finished): a family name of their own, and norm values for verbal reasoning (31)
  // of 8 and 3 and none. The triggers (migration 12) keep stats_norms in step.
  family = `Zquist${Date.now().toString(36)}`;
  for (const target of [high, low, none]) target.name = (await cloneUser(server.baseUrl, "ben")).userName;
  const db = apiDb(false);
  try {
    const setNorm = db.prepare(
      `UPDATE engine_sessions SET norm_value = ? WHERE user_id = (SELECT id FROM users WHERE user_name = ?)
         AND prcm_id IN (SELECT pm.prcm_id FROM profile_modules pm JOIN containers c ON c.pcc_id = pm.pcc_id WHERE c.profile_id = 'P200' AND pm.comp_id = 31)`,
    );
    setNorm.run(8, high.name);
    setNorm.run(3, low.name);
    db.prepare(
      `DELETE FROM engine_sessions WHERE user_id = (SELECT id FROM users WHERE user_name = ?)
         AND prcm_id IN (SELECT pm.prcm_id FROM profile_modules pm JOIN containers c ON c.pcc_id = pm.pcc_id WHERE c.profile_id = 'P200' AND pm.comp_id = 31)`,
    ).run(none.name);
    const rename = db.prepare("UPDATE users SET last_name = ? WHERE user_name = ?");
    for (const target of [high, low, none]) rename.run(family, target.name);
  } finally {
    db.close();
  }
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe("result columns in the applicant list (decision 184)", () => {
  it("R-SCR-14 a test's norm columns, sorted by a norm value with applicants without one last in both orders, filtered by min/max", async () => {
    const rita = await signInRecruiter();
    const base = `/demo/recruiter/applicants?name=${family}&results=P200`;
    const desc = await rita.get(`${base}&sort=norm31&order=desc`);
    expect(desc.status).toBe(200);
    expect(desc.text).toContain("Completion Duales Studium");
    expect(desc.text).toContain("Norm value Verbal reasoning");
    expect(desc.text).toContain('aria-sort="descending"');
    expect(rowsOf(desc.text)).toEqual([high.name, low.name, none.name]);
    const asc = await rita.get(`${base}&sort=norm31&order=asc`);
    expect(rowsOf(asc.text)).toEqual([low.name, high.name, none.name]);
    // Previous/next walk the list in the same order (decision 188): the position of each applicant on their page.
    const carried = (order: string) => `list=${encodeURIComponent(`name=${family}&results=P200&sort=norm31&order=${order}`)}`;
    for (const [order, names] of [
      ["desc", [high.name, low.name, none.name]],
      ["asc", [low.name, high.name, none.name]],
    ] as const) {
      for (const [index, name] of names.entries()) {
        expect((await rita.get(`${page(name)}?${carried(order)}`)).text).toContain(`Applicant ${index + 1} of 3`);
      }
    }

    const filtered = await rita.get(`${base}&norm31Min=6`);
    expect(rowsOf(filtered.text)).toEqual([high.name]);
    const range = await rita.get(`${base}&norm31Min=2&norm31Max=5`);
    expect(rowsOf(range.text)).toEqual([low.name]);
    // The column choice is in the URL: the sort links keep it.
    expect(desc.text).toContain(`results=P200`);
  });

  it("R-SCR-14 bad result parameters: a translated message at the field, the rest of the list stays", async () => {
    const rita = await signInRecruiter();
    const base = `/demo/recruiter/applicants?name=${family}&results=P200`;
    const outOfRange = await rita.get(`${base}&norm31Min=12`);
    expect(outOfRange.status).toBe(200);
    expect(outOfRange.text).toContain("Please enter a whole number from 1 to 9.");
    expect(rowsOf(outOfRange.text)).toHaveLength(3);
    const unknownScale = await rita.get(`${base}&norm99Min=3&sort=norm31&order=desc`);
    expect(unknownScale.status).toBe(200);
    expect(unknownScale.text).toContain("This scale is not part of the chosen test.");
    expect(rowsOf(unknownScale.text)).toEqual([high.name, low.name, none.name]);
    const withoutTest = await rita.get(`/demo/recruiter/applicants?name=${family}&ratingMin=4&sort=norm31`);
    expect(withoutTest.status).toBe(200);
    expect(withoutTest.text).toContain("Please choose a test&#x27;s result columns first.");
    expect(rowsOf(withoutTest.text)).toHaveLength(3);
    const unknownTest = await rita.get(`/demo/recruiter/applicants?name=${family}&results=P999`);
    expect(unknownTest.status).toBe(200);
    expect(unknownTest.text).toContain("Please choose one of the options.");
    expect(rowsOf(unknownTest.text)).toHaveLength(3);
  });

  it("R-SCR-14 the CSV carries the result columns in the list's order", async () => {
    const rita = await signInRecruiter();
    const csv = await rita.get(`/demo/recruiter/applicants.csv?name=${family}&results=P200&sort=norm31&order=desc`);
    expect(csv.status).toBe(200);
    const lines = csv.text
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    const header = lines[0].split(",");
    expect(header.slice(-4, -1)).toEqual(["Completion Duales Studium", "Rating Duales Studium", "Norm value Verbal reasoning"]);
    expect(header.at(-1)).toMatch(/^Norm value /);
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual([high.name, low.name, none.name]);
    expect(lines.slice(1).map((line) => line.split(",").at(-2))).toEqual(["8", "3", ""]);
    expect(lines[1].split(",").at(-4)).toBe("2/2");
  });
});

describe("ratings and notes (decision 185)", () => {
  it("R-SCR-14 rating: set, changed, cleared, shown with author and time, filtered by in the list, audited", async () => {
    const rita = await signInRecruiter();
    const rate = (rating: string) => rita.post(page(low.name), { intent: "rating", profileId: "P200", rating }, { follow: false });
    const set = await rate("4");
    expect(set.status).toBe(302);
    expect(set.location).toBe(`${page(low.name)}#shortlist-P200`);
    let detail = await rita.get(page(low.name));
    expect(detail.text).toContain("The rating is saved.");
    expect(detail.text).toMatch(/Rated 4 of 5 by rita, \d/);
    expect((await rate("5")).status).toBe(302);
    expect((await rita.get(page(low.name))).text).toContain("Rated 5 of 5 by rita");
    expect((await rate("")).status).toBe(302);
    detail = await rita.get(page(low.name));
    expect(detail.text).toContain("Not rated yet.");
    expect((await rate("4")).status).toBe(302);
    // A value outside 1–5: translated, nothing changed.
    const bad = await rate("9");
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Please choose one of the options.");
    expect((await rita.get(page(low.name))).text).toContain("Rated 4 of 5 by rita");

    const list = await rita.get(`/demo/recruiter/applicants?name=${family}&results=P200&ratingMin=4`);
    expect(rowsOf(list.text)).toEqual([low.name]);
    expect(list.text).toContain("4 of 5");
    expect(rowsOf((await rita.get(`/demo/recruiter/applicants?name=${family}&results=P200&ratingMax=3`)).text)).toEqual([]);

    const db = apiDb();
    try {
      const entries = db
        .prepare("SELECT action, changes_json FROM recruiter_audit WHERE applicant_user_name = ? AND action = 'rating' ORDER BY id")
        .all(low.name) as { action: string; changes_json: string }[];
      expect(entries.map((entry) => JSON.parse(entry.changes_json) as unknown)).toEqual([
        { profileId: "P200", rating: { before: null, after: 4 } },
        { profileId: "P200", rating: { before: 4, after: 5 } },
        { profileId: "P200", rating: { before: 5, after: null } },
        { profileId: "P200", rating: { before: null, after: 4 } },
      ]);
    } finally {
      db.close();
    }
  });

  it("R-SCR-14 notes: added with author and time, a too-long one refused with its text kept, the own one deleted, the audit without the text", async () => {
    const rita = await signInRecruiter();
    const text = `Strong in the interview ${Date.now()}.`;
    const added = await rita.post(page(low.name), { intent: "note-add", profileId: "P200", text }, { follow: false });
    expect(added.status).toBe(302);
    const detail = await rita.get(page(low.name));
    expect(detail.text).toContain("The note is saved.");
    expect(detail.text).toContain(text);
    expect(detail.text).toMatch(/rita, \d/);

    const long = `${"Lang ".repeat(400)}und noch mehr`;
    const refused = await rita.post(page(low.name), { intent: "note-add", profileId: "P200", text: long });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Please shorten the note to at most 2000 characters.");
    expect(refused.text).toContain(long);

    const db = apiDb();
    let noteId: number;
    try {
      const audit = db
        .prepare("SELECT changes_json FROM recruiter_audit WHERE applicant_user_name = ? AND action = 'note_added'")
        .all(low.name) as { changes_json: string }[];
      expect(audit).toHaveLength(1);
      expect(audit[0].changes_json).not.toContain("Strong");
      noteId = (JSON.parse(audit[0].changes_json) as { noteId: number; length: number }).noteId;
      expect(JSON.parse(audit[0].changes_json)).toEqual({ profileId: "P200", noteId, length: text.length });
    } finally {
      db.close();
    }
    const second = `Second note ${Date.now()}`;
    expect((await rita.post(page(low.name), { intent: "note-add", profileId: "P200", text: second }, { follow: false })).status).toBe(302);
    const deleted = await rita.post(
      page(low.name),
      { intent: "note-delete", profileId: "P200", noteId: String(noteId) },
      { follow: false },
    );
    expect(deleted.status).toBe(302);
    const after = await rita.get(page(low.name));
    expect(after.text).toContain("The note is deleted.");
    expect(after.text).not.toContain(text);
    expect(after.text).toContain(second);
  });

  it("R-SCR-14 another customer's recruiter reaches neither the rating nor the notes", async () => {
    const vera = await signInRecruiter("demo-vor-ort", "vera", "Vera-Recruiter-2027");
    const own = await vera.post(`/demo-vor-ort/recruiter/applicants/${encodeURIComponent(high.name)}`, {
      intent: "rating",
      profileId: "P200",
      rating: "1",
    });
    expect(own.status).toBe(404);
    const foreign = await vera.post(page(high.name), { intent: "note-add", profileId: "P200", text: "Nope" });
    expect(foreign.status).toBeGreaterThanOrEqual(400);
    const db = apiDb();
    try {
      const id = (db.prepare("SELECT id FROM users WHERE user_name = ?").get(high.name) as { id: number }).id;
      expect(db.prepare("SELECT COUNT(*) AS n FROM applicant_ratings WHERE user_id = ?").get(id)).toEqual({ n: 0 });
      expect(db.prepare("SELECT COUNT(*) AS n FROM applicant_notes WHERE user_id = ?").get(id)).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it("R-SCR-14 the Art. 15 file holds the ratings and notes; erasure deletes them", async () => {
    const rita = await signInRecruiter();
    const text = `Keep in mind ${Date.now()}`;
    expect((await rita.post(page(high.name), { intent: "rating", profileId: "P200", rating: "5" }, { follow: false })).status).toBe(302);
    expect((await rita.post(page(high.name), { intent: "note-add", profileId: "P200", text }, { follow: false })).status).toBe(302);
    const file = JSON.parse((await rita.get(`${page(high.name)}/data.json`)).text) as {
      ratings: { profileId: string; rating: number; ratedBy: string }[];
      notes: { profileId: string; text: string; writtenBy: string }[];
    };
    expect(file.ratings).toEqual([expect.objectContaining({ profileId: "P200", rating: 5, ratedBy: "rita" })]);
    expect(file.notes).toEqual([expect.objectContaining({ profileId: "P200", text, writtenBy: "rita" })]);

    let db = apiDb();
    const id = (db.prepare("SELECT id FROM users WHERE user_name = ?").get(high.name) as { id: number }).id;
    db.close();
    expect((await rita.post(`${page(high.name)}/erase`, { confirmed: "yes" }, { follow: false })).status).toBe(302);
    db = apiDb();
    try {
      expect(db.prepare("SELECT COUNT(*) AS n FROM applicant_ratings WHERE user_id = ?").get(id)).toEqual({ n: 0 });
      expect(db.prepare("SELECT COUNT(*) AS n FROM applicant_notes WHERE user_id = ?").get(id)).toEqual({ n: 0 });
      const audit = db.prepare("SELECT changes_json FROM recruiter_audit WHERE applicant_id = ?").all(id) as { changes_json: string }[];
      expect(audit.every((entry) => !entry.changes_json.includes("Keep in mind"))).toBe(true);
    } finally {
      db.close();
    }
  });
});
