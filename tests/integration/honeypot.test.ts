import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { startServer, type RunningServer } from "../support/server";

/**
 * docs/decisions/130: remix-utils' honeypot on every public form, checked by the
 * real server. `prompt` serves forms that may be posted at once (HONEYPOT_MIN_FILL_MS=0); `strict`
 * asks for a minute, so any post of its forms comes too early.
 */
let prompt: RunningServer;
let strict: RunningServer;

beforeAll(async () => {
  [prompt, strict] = await Promise.all([startServer({ HONEYPOT_MIN_FILL_MS: "0" }), startServer({ HONEYPOT_MIN_FILL_MS: "60000" })]);
}, 120_000);
afterAll(async () => {
  await Promise.all([prompt?.stop(), strict?.stop()]);
});

/** The honeypot inputs of the page's form, as a browser without JavaScript posts them. */
function honeypotOf(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of ["name__confirm", "from__confirm"]) {
    const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
    if (!tag) throw new Error(`no ${name} input in the page`);
    fields[name] = /value="([^"]*)"/.exec(tag)?.[1] ?? "";
  }
  return fields;
}

const NOT_SENT_EN = "The form could not be sent. Please check your entries and send it again.";
const NOT_SENT_DE_DU = "Das Formular konnte nicht gesendet werden. Bitte prüfe deine Eingaben und sende es noch einmal ab.";

describe("decision 130: the honeypot of the public forms", () => {
  it("every public form carries the trap and the encrypted time stamp as plain inputs (works without JavaScript)", async () => {
    const client = new BrowserClient(prompt.baseUrl);
    for (const path of [
      "/demo/login",
      "/demo/registration",
      "/demo/registration?profileId=P100",
      "/demo/forgot-password",
      "/demo/account-activation",
      "/demo/recruiter/login",
      "/preview/newsletter",
    ]) {
      const page = await client.get(path);
      expect(page.status, path).toBe(200);
      const fields = honeypotOf(page.text);
      expect(fields.name__confirm, path).toBe("");
      expect(fields.from__confirm.length, path).toBeGreaterThan(20);
      expect(page.text, path).toMatch(/<div id="name__confirm_wrap" style="display:none" aria-hidden="true">/);
    }
  });

  it("R-AUTH-01 a normal sign-in through the form, honeypot inputs included, passes", async () => {
    const client = new BrowserClient(prompt.baseUrl);
    const form = await client.get("/demo/login");
    const page = await client.post("/demo/login", {
      username: "anna",
      password: "Anna-Demo-2027",
      privacy: "on",
      ...honeypotOf(form.text),
    });
    expect(new URL(page.url).pathname).toBe("/demo/home");
  });

  it("R-AUTH-01 a filled trap on the login form: the translated refusal, the user name kept, nobody signed in", async () => {
    const client = new BrowserClient(prompt.baseUrl);
    const form = await client.get("/demo/login?langId=en_GB");
    const fields = { ...honeypotOf(form.text), name__confirm: "http://spam.example" };
    const page = await client.post("/demo/login", { username: "anna", password: "Anna-Demo-2027", privacy: "on", ...fields });
    expect(page.status).toBe(400);
    expect(page.text).toContain(NOT_SENT_EN);
    expect(/<input[^>]*name="username"[^>]*>/.exec(page.text)?.[0]).toContain('value="anna"');
    expect(page.text).not.toContain("Anna-Demo-2027");
    expect((await client.get("/demo/home", { follow: false })).status).toBe(302);
  });

  it("R-RTE-06 a filled trap on the newsletter form: the refusal with the address kept, no thank-you", async () => {
    const client = new BrowserClient(prompt.baseUrl);
    const form = await client.get("/preview/newsletter");
    const fields = { ...honeypotOf(form.text), name__confirm: "x" };
    const page = await client.post("/preview/newsletter", { email: "bot@example.com", consent: "on", ...fields });
    expect(page.status).toBe(400);
    expect(page.text).toContain(NOT_SENT_DE_DU);
    expect(page.text).toContain('value="bot@example.com"');
    expect(page.text).not.toContain("notice-success");
  });

  it("a forged time stamp is refused like a filled trap, never a 500", async () => {
    const client = new BrowserClient(prompt.baseUrl);
    const form = await client.get("/demo/forgot-password?langId=en_GB");
    for (const stamp of ["forged", "U2FsdGVkX1+AAAAAAAAAAA==", ""]) {
      const page = await client.post("/demo/forgot-password", { username: "anna", ...honeypotOf(form.text), from__confirm: stamp });
      expect(page.status, stamp).toBe(400);
      expect(page.text, stamp).toContain(NOT_SENT_EN);
      expect(page.text, stamp).toContain('value="anna"');
    }
  });

  it("a form posted sooner than HONEYPOT_MIN_FILL_MS after it was served (a bot replaying it at once) is refused, the input kept", async () => {
    const client = new BrowserClient(strict.baseUrl);
    const login = await client.get("/demo/login?langId=en_GB");
    const refused = await client.post("/demo/login", {
      username: "anna",
      password: "Anna-Demo-2027",
      privacy: "on",
      ...honeypotOf(login.text),
    });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(NOT_SENT_EN);
    expect(refused.text).toContain('value="anna"');
    const registration = await client.get("/demo/registration");
    const values = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada-honeypot@example.com",
      password: "Secret-Pass-1",
      passwordRepeat: "Secret-Pass-1",
      privacy: "on",
    };
    const page = await client.post("/demo/registration", { ...values, ...honeypotOf(registration.text) });
    expect(page.status).toBe(400);
    expect(page.text).toContain(NOT_SENT_EN);
    expect(page.text).toContain('value="ada-honeypot@example.com"');
    expect(page.text).not.toContain("Secret-Pass-1");
  });
});
