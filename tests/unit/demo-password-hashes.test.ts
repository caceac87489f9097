import { describe, expect, it } from "vitest";
import { COST, needsRehash, verifyPassword } from "../../api/auth/passwords";
import { UNKNOWN_PASSWORD_HASH } from "../../api/demo/bulk";
import { DEMO_PASSWORD_HASHES, DEMO_USERS } from "../../api/demo/users";

/** Decision 092: the demo hashes are precomputed at the production cost, and each one verifies. */
describe("decision 092: precomputed demo password hashes", () => {
  const withPassword = DEMO_USERS.filter((user) => user.password !== null);

  it("every demo user with a password has one, made with N=2^17, r=8, p=1", () => {
    expect(COST).toEqual({ N: 131072, r: 8, p: 1 });
    expect(Object.keys(DEMO_PASSWORD_HASHES).sort()).toEqual(withPassword.map((user) => user.userName).sort());
    for (const hash of [...Object.values(DEMO_PASSWORD_HASHES), UNKNOWN_PASSWORD_HASH]) {
      expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      expect(needsRehash(hash)).toBe(false);
    }
  });

  it("each one verifies its README password and refuses another", async () => {
    for (const user of withPassword) {
      expect(await verifyPassword(user.password!, DEMO_PASSWORD_HASHES[user.userName]), user.userName).toBe(true);
    }
    expect(await verifyPassword("Anna-Demo-2028", DEMO_PASSWORD_HASHES.anna)).toBe(false);
  }, 180_000);
});
