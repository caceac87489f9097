import { createHmac } from "node:crypto";
import { Honeypot } from "remix-utils/honeypot/server";
import { describe, expect, it } from "vitest";
import { createHoneypot } from "../../app/forms/honeypot.server";

const secret = "a-session-secret-that-is-long-enough-0123456789";

/** The form as a browser posts it: the visible fields and the honeypot inputs the loader handed out. */
function posted(props: ReturnType<ReturnType<typeof createHoneypot>["inputProps"]>, trap = ""): FormData {
  const form = new FormData();
  form.set("username", "anna");
  form.set(props.nameFieldName, trap);
  if (props.validFromFieldName) form.set(props.validFromFieldName, props.encryptedValidFrom);
  return form;
}

describe("decision 130: the public forms' honeypot (remix-utils, encrypted time stamp)", () => {
  it("a form posted as served, with the trap empty, passes", () => {
    const honeypot = createHoneypot({ secret, minFillMs: 0 });
    expect(honeypot.isSpam(posted(honeypot.inputProps()))).toBe(false);
  });

  it("a filled trap field is spam", () => {
    const honeypot = createHoneypot({ secret, minFillMs: 0 });
    expect(honeypot.isSpam(posted(honeypot.inputProps(), "http://spam.example"))).toBe(true);
  });

  it("a form posted sooner than the minimum after it was served is spam (a bot replaying it at once)", () => {
    const honeypot = createHoneypot({ secret, minFillMs: 60_000 });
    expect(honeypot.isSpam(posted(honeypot.inputProps()))).toBe(true);
  });

  it("a time stamp forged, emptied or encrypted with another secret is spam, never an exception", () => {
    const honeypot = createHoneypot({ secret, minFillMs: 0 });
    const other = createHoneypot({ secret: "another-secret-that-is-long-enough-0123456789", minFillMs: 0 });
    expect(honeypot.isSpam(posted(other.inputProps()))).toBe(true);
    for (const stamp of ["", "not-encrypted", "U2FsdGVkX1+garbage==", "%%%"]) {
      const form = posted(honeypot.inputProps());
      form.set("from__confirm", stamp);
      expect(honeypot.isSpam(form), stamp).toBe(true);
    }
  });

  it("a forged time stamp that is no sealed one is spam every time, never opened with a guessed key", () => {
    const honeypot = createHoneypot({ secret, minFillMs: 0 });
    const form = posted(honeypot.inputProps());
    form.set("from__confirm", "not-encrypted");
    let passed = 0;
    for (let attempt = 0; attempt < 20_000; attempt++) if (!honeypot.isSpam(form)) passed++;
    expect(passed).toBe(0);
  });

  it("instances sharing SESSION_SECRET (the first of a rotation list) accept each other's forms", () => {
    const served = createHoneypot({ secret: `${secret}, an-older-secret-that-is-long-enough-000`, minFillMs: 0 });
    const checked = createHoneypot({ secret, minFillMs: 0 });
    expect(checked.isSpam(posted(served.inputProps()))).toBe(false);
  });

  it("decision 112: only node:crypto seals are opened; remix-utils' crypto-js format and a tampered seal are spam", () => {
    const honeypot = createHoneypot({ secret, minFillMs: 0 });
    const cryptoJs = new Honeypot({
      nameFieldName: "name__confirm",
      validFromFieldName: "from__confirm",
      encryptionSeed: createHmac("sha256", secret).update("honeypot").digest("hex"),
    });
    expect(honeypot.isSpam(posted(cryptoJs.getInputProps({ validFromTimestamp: Date.now() })))).toBe(true);
    const served = honeypot.inputProps();
    expect(served.encryptedValidFrom).not.toBe(honeypot.inputProps().encryptedValidFrom);
    const sealed = served.encryptedValidFrom;
    const tampered = `${sealed.slice(0, 10)}${sealed[10] === "A" ? "B" : "A"}${sealed.slice(11)}`;
    for (const stamp of ["v2.", "v2.AAAA", tampered]) {
      const form = posted(served);
      form.set("from__confirm", stamp);
      expect(honeypot.isSpam(form), stamp).toBe(true);
    }
  });

  it("a post that carries neither input is not the honeypot's to judge (the rate limits are)", () => {
    const honeypot = createHoneypot({ secret, minFillMs: 60_000 });
    const form = new FormData();
    form.set("username", "anna");
    expect(honeypot.isSpam(form)).toBe(false);
  });
});
