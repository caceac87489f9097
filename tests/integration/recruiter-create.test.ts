import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { signedInRita } from "../support/recruiter";
import { outbox, signIn } from "../support/demo";
import { startServer, type RunningServer } from "../support/server";

/**
 * R-SCR-14 (docs/decisions/151, 152) over HTTP, like a browser without JavaScript: rita creates applicants one at a time on
 * /{cstm}/recruiter/create, with a password or with an activation mail; refusals keep the input.
 */
let server: RunningServer;
const client = () => new BrowserClient(server.baseUrl);

beforeAll(async () => {
  server = await startServer({}, { timeoutMs: 90_000 });
});
afterAll(async () => {
  await server?.stop();
});

const rita = (language = "en_GB") => signedInRita(server.baseUrl, language);

const base = {
  firstName: "Lena",
  lastName: "Neumann",
  email: "",
  userName: "",
  language: "en_GB",
  password: "",
  profileId: "",
  openUntil: "",
  owner: "",
};

describe("R-SCR-14 create one applicant (app, decision 151)", () => {
  it("guard: without a recruiter session, and with only an applicant's, the page and its post lead to the recruiter login", async () => {
    const browser = client();
    const page = await browser.get("/demo/recruiter/create", { follow: false });
    expect(page.status).toBe(302);
    expect(page.location).toBe(`/demo/recruiter/login?redirectTo=${encodeURIComponent("/demo/recruiter/create")}`);
    await signIn(browser, { userName: "anna", password: "Anna-Demo-2027", cstm: "demo" });
    const post = await browser.post("/demo/recruiter/create", { ...base, email: "guard.app@example.com" }, { follow: false });
    expect(post.location).toMatch(/^\/demo\/recruiter\/login/);
    expect(await outbox(server.baseUrl, "guard.app@example.com")).toEqual([]);
  });

  it("the form: in the navigation, every field labelled, the customer's languages, profiles and owners, the password rules; no-store", async () => {
    const browser = await rita();
    const list = await browser.get("/demo/recruiter/applicants");
    expect(list.text).toContain('href="/demo/recruiter/create"');
    const page = await browser.get("/demo/recruiter/create");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.text).toContain("<h1");
    expect(page.text).toContain("Create applicant");
    for (const label of ["First name", "Last name", "E-mail address", "Username", "Password", "Profile", "Open until", "Owner"])
      expect(page.text).toContain(label);
    expect(page.text).toContain('value="P100"');
    expect(page.text).toContain('value="rita"');
    expect(page.text).toContain('<option value="hu">Hungarian</option>');
    expect(page.text).toContain("Empty: the applicant receives an activation mail");
  });

  it("R-SCR-14: without a password the activation mail goes out in the chosen language; rita lands on the new applicant's page with a notice and the audit entry", async () => {
    const browser = await rita();
    const page = await browser.post("/demo/recruiter/create", {
      ...base,
      email: "lena.neumann@example.com",
      language: "it",
      profileId: "P100",
      openUntil: "2031-03-31",
      owner: "rita",
    });
    expect(new URL(page.url).pathname).toBe(`/demo/recruiter/applicants/${encodeURIComponent("lena.neumann@example.com")}`);
    expect(page.text).toContain("the activation mail has been sent");
    expect(page.text).toContain("Applicant created");
    expect(page.text).toContain("P100");
    const [mail] = await outbox(server.baseUrl, "lena.neumann@example.com");
    expect(mail).toMatchObject({ kind: "activation", subject: "Attiva il tuo account" });
    expect(mail.link).toMatch(/\/demo\/activation\/[^/]+\/it$/);
    expect(server.logs()).toMatch(/"intent":"create"/);
  });

  it("with a password the applicant signs in at once through the applicant login; no mail; the password is never logged or echoed", async () => {
    const browser = await rita();
    const page = await browser.post("/demo/recruiter/create", {
      ...base,
      userName: "mario.station",
      email: "mario@example.com",
      firstName: "Mario",
      password: "Mario-Station-2027",
      onSite: "on",
    });
    expect(new URL(page.url).pathname).toBe("/demo/recruiter/applicants/mario.station");
    expect(page.text).toContain("The applicant has been created and can sign in.");
    expect(page.text).not.toContain("Mario-Station-2027");
    expect(await outbox(server.baseUrl, "mario@example.com")).toEqual([]);
    const mario = client();
    const landing = await signIn(mario, { userName: "mario.station", password: "Mario-Station-2027", cstm: "demo" });
    expect(new URL(landing.url).pathname).not.toMatch(/login/);
    expect(server.logs()).not.toContain("Mario-Station-2027");
  });

  it("a taken e-mail address or user name is refused on its field with what was typed kept (never the password)", async () => {
    const browser = await rita();
    const taken = await browser.post("/demo/recruiter/create", {
      ...base,
      firstName: "Annette",
      email: "anna@example.com",
      password: "Annette-Pass-2027",
    });
    expect(taken.status).toBe(409);
    expect(taken.text).toContain("An applicant with this e-mail address already exists.");
    expect(taken.text).toContain('value="Annette"');
    expect(taken.text).toContain('value="anna@example.com"');
    expect(taken.text).not.toContain("Annette-Pass-2027");
    const name = await browser.post("/demo/recruiter/create", { ...base, userName: "ben", email: "another.ben@example.com" });
    expect(name.status).toBe(409);
    expect(name.text).toContain("This username is already taken.");
    expect(name.text).toMatch(/id="create-applicant-userName"[^>]*aria-invalid="true"/);
    expect(await outbox(server.baseUrl, "another.ben@example.com")).toEqual([]);
  });

  it("bad input: translated messages per field, input kept, never a 500; German formal", async () => {
    const browser = await rita();
    const empty = await browser.post("/demo/recruiter/create", { ...base, firstName: "", email: "nope", openUntil: "2031-02-30" });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Please enter a valid e-mail address.");
    expect(empty.text).toContain('value="nope"');
    // A profile or owner the upstream does not know (a tampered form) is this form's refusal, not the invalid-link page.
    const profile = await browser.post("/demo/recruiter/create", {
      ...base,
      firstName: "Tamper",
      email: "tamper@example.com",
      profileId: "P610",
    });
    expect(profile.status).toBe(404);
    expect(profile.text).toContain("This profile is not available.");
    expect(profile.text).toContain('value="Tamper"');
    const owner = await browser.post("/demo/recruiter/create", { ...base, email: "tamper@example.com", owner: "rolf" });
    expect(owner.status).toBe(404);
    expect(owner.text).toContain("This recruiter cannot be the owner.");
    const until = await browser.post("/demo/recruiter/create", { ...base, email: "until@example.com", openUntil: "2031-01-31" });
    expect(until.status).toBe(400);
    expect(until.text).toContain("An open-until date needs a profile.");
    const weak = await browser.post("/demo/recruiter/create", { ...base, email: "weak.app@example.com", password: "weak" });
    expect(weak.status).toBe(400);
    expect(weak.text).not.toContain('value="weak"');
    const german = await rita("de");
    const page = await german.post("/demo/recruiter/create", { ...base, language: "de", email: "anna@example.com" });
    expect(page.text).toContain("Es gibt bereits Bewerbende mit dieser E-Mail-Adresse.");
  });
});
