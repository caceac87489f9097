import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recruiterToken, startApi, type TestApi } from "./support/api";

/**
 * R-SCR-14, test continue in the embedded API (docs/decisions/156): a recruiter's one-time code for
 * an applicant and profile, redeemed by a station: random, hashed at rest, single use, expiring,
 * rate-limited, recorded in the audit log.
 */
let api: TestApi;
let rita: string;
beforeAll(async () => {
  // Tests of the per-client limits name their clients by X-Forwarded-For.
  api = await startApi({ trustProxy: true });
  rita = await recruiterToken(api, "rita", "Rita-Recruiter-2027", "demo");
});
afterAll(() => api.close());

const issue = (userName: string, profileId: string, token = rita, cstm = "demo") =>
  api.post(`/${cstm}/recruiter/applicants/${encodeURIComponent(userName)}/continue-code`, { profileId }, { token });
const redeem = (code: string, cstm = "demo", client?: string) =>
  api.post("/onSiteContinue", { cstm, code }, client ? { headers: { "x-forwarded-for": client } } : {});

function database() {
  return new Database(api.databasePath, { readonly: true });
}

describe("R-SCR-14 test continue codes (decision 156)", () => {
  it("rita issues a code for ben's P100: 8 characters, 15 minutes, a link; stored only as its hash; audited without the code", async () => {
    const ben = await api.clone("ben");
    const reply = await issue(ben.userName, "P100");
    expect(reply.status).toBe(201);
    expect(reply.body.code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(reply.body).toMatchObject({ profileId: "P100", validSeconds: 900, linkPath: `/demo/continue?code=${reply.body.code}` });
    const minutes = (Date.parse(reply.body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);
    const db = database();
    try {
      const rows = db.prepare("SELECT * FROM continue_codes").all() as Record<string, unknown>[];
      const plain = reply.body.code.replace("-", "");
      expect(JSON.stringify(rows)).not.toContain(plain);
      expect(rows.map((row) => row.code_sha256)).toContain(createHash("sha256").update(plain).digest("hex"));
      const audit = db
        .prepare("SELECT action, changes_json, recruiter_user_name FROM recruiter_audit WHERE applicant_user_name = ?")
        .all(ben.userName) as {
        action: string;
        changes_json: string;
        recruiter_user_name: string;
      }[];
      expect(audit).toEqual([
        { action: "continue_code_issued", changes_json: expect.stringContaining('"profileId":"P100"'), recruiter_user_name: "rita" },
      ]);
      expect(audit[0].changes_json).not.toContain(plain);
    } finally {
      db.close();
    }
  });

  it("a station redeems it once (any case, with or without the dash): ben's token with P100, at the customer that issued it; a second time is 401", async () => {
    const ben = await api.clone("ben");
    const { code } = (await issue(ben.userName, "P100")).body;
    const typed = code.toLowerCase().replace("-", " ");
    const reply = await redeem(typed);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ userName: ben.userName, profileId: "P100", expired: false });
    const profiles = await api.get("/profiles", { token: reply.body.access_token });
    expect(profiles.status).toBe(200);
    const again = await redeem(code);
    expect(again.status).toBe(401);
    expect(again.body.error).toBe("invalid_code");
    const db = database();
    try {
      const actions = (
        db.prepare("SELECT action FROM recruiter_audit WHERE applicant_user_name = ? ORDER BY id").all(ben.userName) as { action: string }[]
      ).map((row) => row.action);
      expect(actions).toEqual(["continue_code_issued", "continue_code_used"]);
    } finally {
      db.close();
    }
  });

  it("a code expires after 15 minutes; a newer code ends the older one; another user base's customer does not know it", async () => {
    const ben = await api.clone("ben");
    const first = (await issue(ben.userName, "P100")).body.code;
    const second = (await issue(ben.userName, "P100")).body.code;
    expect(second).not.toBe(first);
    expect((await redeem(first)).status).toBe(401);
    expect((await redeem(second, "azubi")).status).toBe(401);
    api.advance(15 * 60 + 1);
    const late = await redeem(second);
    expect(late.status).toBe(401);
    expect(late.body.error).toBe("invalid_code");
  });

  it("R-SCR-14 a code issued at demo is refused at demo-vor-ort (same user base) exactly like a wrong code, counts as one, and stays valid at demo", async () => {
    const ben = await api.clone("ben");
    const { code } = (await issue(ben.userName, "P100")).body;
    const client = "203.0.113.31";
    const elsewhere = await redeem(code, "demo-vor-ort", client);
    const wrong = await redeem("ZZZZ-ZZZZ", "demo-vor-ort", client);
    expect({ status: elsewhere.status, body: elsewhere.body }).toEqual({ status: 401, body: { status: "failed", error: "invalid_code" } });
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: elsewhere.status, body: elsewhere.body });
    // 2 wrong so far; 8 more at demo-vor-ort with the genuine code reach the client's 10, then even demo waits.
    for (let attempt = 0; attempt < 8; attempt++) expect((await redeem(code, "demo-vor-ort", client)).status).toBe(401);
    const blocked = await redeem(code, "demo", client);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe("too_many_attempts");
    const station = await redeem(code, "demo", "203.0.113.32");
    expect(station.status).toBe(200);
    expect(station.body).toMatchObject({ userName: ben.userName, profileId: "P100" });
  });

  it("refusals when issuing: a closed profile 409, an unknown one 404, disabled access 409; applicant token 403, another customer's recruiter 403", async () => {
    const ben = await api.clone("ben");
    expect((await issue(ben.userName, "P200")).body.error).toBe("profile_closed");
    expect((await issue(ben.userName, "P999")).status).toBe(404);
    expect((await issue("nobody-here", "P100")).status).toBe(404);
    const benToken = await api.login(ben.userName);
    expect((await issue(ben.userName, "P100", benToken)).body.error).toBe("wrong_token_kind");
    const rolf = await recruiterToken(api, "rolf", "Rolf-Recruiter-2027", "azubi");
    expect((await issue(ben.userName, "P100", rolf)).body.error).toBe("customer_not_served");
    const disabled = await api.post(`/demo/recruiter/applicants/${ben.userName}/access`, { loginEnabled: false }, { token: rita });
    expect(disabled.status).toBe(200);
    const refused = await issue(ben.userName, "P100");
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe("access_disabled");
    expect((await api.post("/onSiteContinue", { cstm: "demo", code: "ABCD-EFGH", extra: 1 })).status).toBe(400);
  });

  it("wrong codes are throttled per client: after 10 in 5 minutes even a valid code waits (429)", async () => {
    const ben = await api.clone("ben");
    let status = 0;
    for (let attempt = 0; attempt < 12 && status !== 429; attempt++) status = (await redeem("ZZZZ-ZZZZ")).status;
    expect(status).toBe(429);
    const { code } = (await issue(ben.userName, "P100")).body;
    const blocked = await redeem(code);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe("too_many_attempts");
    api.advance(5 * 60 + 1);
    const fresh = (await issue(ben.userName, "P100")).body.code;
    expect((await redeem(fresh)).status).toBe(200);
  });

  it("R-SCR-14 wrong codes at one customer from many addresses meet its ceiling (100 in a sliding 15 minutes): every code there waits and one line says so; one address alone never gets there", async () => {
    // A clean window: the wrong codes of the tests above leave it.
    api.advance(15 * 60 + 1);
    const token = await recruiterToken(api, "rita", "Rita-Recruiter-2027", "demo");
    const ben = await api.clone("ben");
    const freshCode = async () => (await issue(ben.userName, "P100", token)).body.code as string;
    const wrongCodes = async (firstAddress: number, addresses: number) => {
      for (let address = firstAddress; address < firstAddress + addresses; address++) {
        for (let attempt = 0; attempt < 10; attempt++)
          expect((await redeem("ZZZZ-ZZZZ", "demo", `198.51.100.${address}`)).status).toBe(401);
      }
    };
    const ceilingLines = () =>
      api
        .logs()
        .split("\n")
        .filter((line) => line.includes('"continueCodeCeiling"'));

    // One address: its own 10, then it waits; the station beside it is let in.
    await wrongCodes(1, 1);
    expect((await redeem("ZZZZ-ZZZZ", "demo", "198.51.100.1")).status).toBe(429);
    expect((await redeem(await freshCode(), "demo", "198.51.100.200")).status).toBe(200);

    // 4 more addresses now and 5 ten minutes later: the 100th wrong code meets the ceiling.
    await wrongCodes(2, 4);
    api.advance(10 * 60);
    await wrongCodes(6, 5);
    const waiting = await freshCode();
    const refused = await redeem(waiting, "demo", "198.51.100.201");
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 429, body: { status: "failed", error: "too_many_attempts" } });
    // Another customer's codes are not held up.
    expect((await redeem("ZZZZ-ZZZZ", "demo-vor-ort", "198.51.100.202")).status).toBe(401);
    expect(ceilingLines()).toHaveLength(1);
    const line = JSON.parse(ceilingLines()[0]);
    expect(line).toMatchObject({ level: 40, continueCodeCeiling: { cstm: "demo", wrongCodes: 100, clients: 10, max: 100, windowS: 900 } });
    expect(line.continueCodeCeiling.blockedForS).toBeGreaterThan(4 * 60);
    expect(line.continueCodeCeiling.blockedForS).toBeLessThanOrEqual(5 * 60 + 1);
    for (const secret of ["ZZZZ", waiting, waiting.replace("-", ""), ben.userName, "198.51.100"])
      expect(ceilingLines()[0]).not.toContain(secret);

    // Sliding: 5 minutes on, the first 50 have left the window and codes are taken again, but only 50
    // more wrong ones fit until the later 50 leave too (a fixed window would allow 100).
    api.advance(5 * 60 + 1);
    expect((await redeem(await freshCode(), "demo", "198.51.100.203")).status).toBe(200);
    await wrongCodes(11, 5);
    expect((await redeem(await freshCode(), "demo", "198.51.100.204")).status).toBe(429);
    expect(ceilingLines()).toHaveLength(2);
  });
});
