import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createDraftStore,
  DRAFT_MAX_FIELDS,
  DRAFT_MAX_VALUE_LENGTH,
  DRAFT_TTL_MS,
  draftRecordId,
  draftValuesFrom,
} from "~/assessment/draft-store.server";
import { createMemorySessionStore, createSqliteSessionStore, type SessionRecordStore } from "~/session/store.server";

const dirs: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function stores(): Array<[string, () => SessionRecordStore]> {
  return [
    ["memory", () => createMemorySessionStore()],
    [
      "sqlite",
      () => {
        const dir = mkdtempSync(path.join(tmpdir(), "drafts-"));
        dirs.push(dir);
        return createSqliteSessionStore(path.join(dir, "app.db"));
      },
    ],
  ];
}

const key = { cstm: "demo", userName: "dora", profileId: "P100", moduleId: 40 };

describe.each(stores())("form drafts (%s backend)", (_name, makeStore) => {
  it("a draft is kept per customer, user, profile and module, and survives any session", async () => {
    const records = makeStore();
    const drafts = createDraftStore(records);
    await drafts.put(key, { firstName: "Dora" });
    expect(await drafts.get(key)).toEqual({ firstName: "Dora" });
    // Another browser session (a new login) of the same applicant finds it: the key has no session id.
    expect(await createDraftStore(records).get({ ...key, userName: "DORA" })).toEqual({ firstName: "Dora" });
    for (const other of [{ cstm: "azubi" }, { userName: "anna" }, { profileId: "P200" }, { moduleId: 41 }]) {
      expect(await drafts.get({ ...key, ...other }), JSON.stringify(other)).toBeNull();
    }
    await drafts.put(key, { firstName: "Dora", lastName: "Fischer" });
    expect(await drafts.get(key)).toEqual({ firstName: "Dora", lastName: "Fischer" });
    await drafts.delete(key);
    expect(await drafts.get(key)).toBeNull();
    await records.close();
  });

  it("a draft expires 30 days after its last change and is purged with the expired sessions", async () => {
    const records = makeStore();
    const drafts = createDraftStore(records);
    vi.useFakeTimers({ now: new Date("2027-03-01T10:00:00Z"), toFake: ["Date"] });
    await drafts.put(key, { firstName: "Dora" });
    vi.setSystemTime(Date.now() + DRAFT_TTL_MS - 1000);
    expect(await drafts.get(key)).toEqual({ firstName: "Dora" });
    await drafts.put(key, { firstName: "Dora" });
    vi.setSystemTime(Date.now() + DRAFT_TTL_MS - 1000);
    expect(await drafts.get(key)).toEqual({ firstName: "Dora" });
    vi.setSystemTime(Date.now() + 2000);
    expect(await records.purgeExpired(Date.now())).toBe(1);
    expect(await drafts.get(key)).toBeNull();
    await records.close();
  });
});

describe("draft records", () => {
  it("are named by a hash under their own prefix: no user name in the key, no session id can match", () => {
    const id = draftRecordId({ ...key, userName: "dora.fischer@example.com" });
    expect(id).toMatch(/^draft:[A-Za-z0-9_-]{43}$/);
    expect(id).not.toContain("dora");
    expect(draftRecordId(key)).toBe(draftRecordId({ ...key, userName: "Dora" }));
    expect(draftRecordId({ ...key, profileId: "P1", moduleId: 140 })).not.toBe(draftRecordId({ ...key, profileId: "P11", moduleId: 40 }));
  });

  it("keep only string fields with plausible names, bounded in number and length", () => {
    const entries: [string, unknown][] = [
      ["firstName", "Dora"],
      ["intent", "review"],
      ["bad name", "x"],
      ["file", new Blob(["x"])],
      ["motivation", "m".repeat(DRAFT_MAX_VALUE_LENGTH + 10)],
      ["firstName", "second value ignored"],
    ];
    const values = draftValuesFrom(entries, ["intent"]);
    expect(Object.keys(values)).toEqual(["firstName", "motivation"]);
    expect(values.firstName).toBe("Dora");
    expect(values.motivation).toHaveLength(DRAFT_MAX_VALUE_LENGTH);
    const many = Array.from({ length: DRAFT_MAX_FIELDS + 20 }, (_, index): [string, string] => [`f${index}`, "v"]);
    expect(Object.keys(draftValuesFrom(many))).toHaveLength(DRAFT_MAX_FIELDS);
  });
});
