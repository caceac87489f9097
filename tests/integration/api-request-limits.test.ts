import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient, textOf } from "../support/browser-client";
import { cloneUser } from "../support/demo";
import { startServer, type RunningServer } from "../support/server";

/**
 * Decision 103: the embedded API's own limits of the mail and registration calls, seen
 * through the app's pages. The app's limit is set out of the way (RATE_LIMIT_MAX); the API allows
 * 2 calls per client and kind of call and 1 per target. One proxy in front of the app (the test
 * plays it, TRUST_PROXY=1): the app names each visitor's address to its embedded API, so visitors
 * count separately although every call of the app reaches the API from 127.0.0.1.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    TRUST_PROXY: "1",
    RATE_LIMIT_MAX: "1000",
    API_RATE_LIMIT_CLIENT_MAX: "2",
    API_RATE_LIMIT_TARGET_MAX: "1",
  });
});
afterAll(async () => {
  await server?.stop();
});

const visitor = (address: string) => ({ headers: { "X-Forwarded-For": address } });

/** The form's own error box (every page carries its translations, so the text alone proves nothing). */
const formErrors = (html: string) => textOf(html, /<div class="form-errors" role="alert"[^>]*>([\s\S]*?)<\/div>/);

describe("decision 103: the embedded API answers 429, the page says so and keeps the input", () => {
  it("forgot-password: a second reset for one user name within the hour shows the translated message with the name kept", async () => {
    const first = await new BrowserClient(server.baseUrl).post(
      "/demo/forgot-password?langId=en_GB",
      { username: "anna" },
      visitor("203.0.113.10"),
    );
    expect(new URL(first.url).searchParams.get("sent")).toBe("1");

    const browser = new BrowserClient(server.baseUrl);
    const second = await browser.post("/demo/forgot-password?langId=en_GB", { username: "anna" }, visitor("203.0.113.11"));
    expect(second.status).toBe(429);
    expect(formErrors(second.text)).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(second.text).toContain('value="anna"');
    // The same in German (the area's default language).
    const german = await new BrowserClient(server.baseUrl).post("/demo/forgot-password", { username: "anna" }, visitor("203.0.113.12"));
    expect(german.status).toBe(429);
    expect(formErrors(german.text)).toBe("Zu viele Versuche. Bitte warte einige Minuten und versuch es dann noch einmal.");
  });

  it("registration: a second registration of one address is one too many (not C12 'already registered'), the input kept", async () => {
    const email = `limit.${Date.now()}@example.com`;
    const form = { firstName: "Nina", lastName: "Neu", email, password: "Nina-Neu-2027", passwordRepeat: "Nina-Neu-2027", privacy: "on" };
    const registered = await new BrowserClient(server.baseUrl).post("/demo/registration?langId=en_GB", form, visitor("198.51.100.20"));
    expect(["/demo/home", "/demo/profileChooser"]).toContain(new URL(registered.url).pathname);

    const again = await new BrowserClient(server.baseUrl).post("/demo/registration?langId=en_GB", form, visitor("198.51.100.21"));
    expect(again.status).toBe(429);
    expect(formErrors(again.text)).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(again.text).toContain(`value="${email}"`);
    expect(again.text).toContain('value="Nina"');
    expect(again.text).not.toContain("Nina-Neu-2027");
  });

  it("newsletter: per visitor address, so one visitor's sign-ups do not block another's", async () => {
    const signUp = (address: string, email: string) =>
      new BrowserClient(server.baseUrl).post("/preview/newsletter", { email, consent: "on" }, visitor(address));
    for (const email of ["one@example.com", "two@example.com"]) {
      const page = await signUp("192.0.2.30", email);
      expect(new URL(page.url).pathname).toBe("/preview/newsletter");
      expect(page.status).toBe(200);
    }
    // The preview area speaks de-DU only.
    const third = await signUp("192.0.2.30", "three@example.com");
    expect(third.status).toBe(429);
    expect(formErrors(third.text)).toBe("Zu viele Versuche. Bitte warte einige Minuten und versuch es dann noch einmal.");
    expect(third.text).toContain('value="three@example.com"');

    const other = await signUp("192.0.2.31", "four@example.com");
    expect(other.status).toBe(200);
    expect(formErrors(other.text)).toBeUndefined();
  });

  it("anonymous registration: over the client limit the form shows the message instead of an error page", async () => {
    const register = () =>
      new BrowserClient(server.baseUrl).post("/demo/registration?profileId=P500&langId=en_GB", { privacy: "on" }, visitor("192.0.2.40"));
    for (let n = 0; n < 2; n++) expect(new URL((await register()).url).pathname).not.toBe("/demo/registration");
    const third = await register();
    expect(third.status).toBe(429);
    expect(formErrors(third.text)).toBe("Too many attempts. Please wait a few minutes and try again.");
  });

  it("login: after wrong passwords sent straight to the public /api, the sign-in form says 'too many attempts' (not API01) and keeps the name", async () => {
    const user = await cloneUser(server.baseUrl, "anna");
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await fetch(`${server.baseUrl}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ cstm: "demo", userName: user.userName, password: "not-the-password" }),
      });
      expect(wrong.status).toBe(401);
    }
    const page = await new BrowserClient(server.baseUrl).post(
      "/demo/login?langId=en_GB",
      { username: user.userName, password: user.password!, privacy: "on" },
      visitor("203.0.113.40"),
    );
    expect(page.status).toBe(429);
    expect(formErrors(page.text)).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect(page.text).toContain(`value="${user.userName}"`);
  }, 180_000); // eleven scrypt derivations at N=2^17: seconds each on a loaded machine

  it("the public /api ignores a visitor address a client names itself", async () => {
    const reset = (named: string) =>
      fetch(`${server.baseUrl}/api/resetPasswordByUserName`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "192.0.2.50", "X-Visitor-Address": named },
        body: JSON.stringify({ cstm: "demo", userName: `someone-${named}` }),
      });
    expect((await reset("10.0.0.1")).status).toBe(200);
    expect((await reset("10.0.0.2")).status).toBe(200);
    const third = await reset("10.0.0.3");
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await third.json()).toEqual({ status: "failed", error: "too_many_requests" });
  });
});
