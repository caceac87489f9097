import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient, type PageResponse } from "../support/browser-client";
import { startServer, type RunningServer } from "../support/server";
import { customerConfig, json, startFakeUpstream, type FakeServer } from "./errors-fakes";

/**
 * R-ERR-01, R-ERR-03, R-SCR-10 and decision 127 on the server, as a browser without
 * JavaScript gets it: a failed action shows its catalogue error as a dialog over the page it was
 * sent from, with what was typed, closed by a plain form; errors that end the session keep the error
 * page. A fake upstream decides how the login call fails, by user name.
 */
let upstream: FakeServer;
let server: RunningServer;

beforeAll(async () => {
  upstream = await startFakeUpstream({
    "GET /getConfiguration": (call, res) =>
      json(
        res,
        200,
        customerConfig(call.query.get("cstm") ?? "", {
          area: { name: "generic", root: "login", routes: ["login", "forgot-password", "account-activation", "page-not-found"] },
          enablePasswordSelfService: true,
        }),
      ),
    "POST /login": (call, res) => {
      const { userName } = JSON.parse(call.body) as { userName: string };
      if (userName === "wrong-password") return json(res, 401, { status: "failed", error: "invalid_credentials" });
      if (userName === "not-activated") return json(res, 402, { status: "failed", error: "not_activated" });
      if (userName === "forbidden") return json(res, 403, { status: "failed" });
      if (userName === "conflict") return json(res, 409, { status: "failed" });
      if (userName === "expired-token") return json(res, 419, { status: "failed" });
      json(res, 500, { status: "failed" });
    },
    // The mail service behind the upstream is down: the reset mail could not be sent.
    "POST /resetPasswordByUserName": (_call, res) => json(res, 500, { status: "failed", error: "mail_not_sent" }),
  });
  server = await startServer({ UPSTREAM_API_URL: upstream.url, CONFIG_CACHE_TTL_S: "0" });
});

afterAll(async () => {
  await server?.stop();
  await upstream?.close();
});

/** The open error dialogs of a page, in document order (the last one is on top). */
function dialogs(page: PageResponse): string[] {
  return [...page.text.matchAll(/<dialog open=""[^>]*class="error-dialog[\s\S]*?<\/dialog>/g)].map((match) => match[0]);
}

async function postLogin(userName: string, language?: string): Promise<PageResponse> {
  const browser = new BrowserClient(server.baseUrl);
  await browser.get(language ? `/demo/login?langId=${language}` : "/demo/login");
  return browser.post("/demo/login", { username: userName, password: "Secret-Typed-2027", privacy: "on" });
}

/** The form's own error list (FormErrors in app/forms/field.tsx): inside the form, announced as an alert. */
function formErrors(page: PageResponse): string | undefined {
  return /<form method="post"[^>]*>[\s\S]*?(<div class="form-errors" role="alert"[\s\S]*?<\/div>)/.exec(page.text)?.[1];
}

describe("R-ERR-01 R-SCR-10 catalogue errors as dialogs over the page (decision 127)", () => {
  it("R-ERR-01 R-SCR-10 a failed action (403: C05) shows its dialog over the page it came from, with the input kept, closable by a plain form", async () => {
    const page = await postLogin("forbidden");
    expect(page.status).toBe(403);
    const [dialog, ...more] = dialogs(page);
    expect(more).toEqual([]);
    expect(dialog).toContain('aria-modal="true"');
    expect(dialog).toContain("Fehlercode C05");
    expect(dialog).toMatch(/<h2 id="error-dialog-0-title">Keine Berechtigung<\/h2>/);
    // "Retry" and "Close" close the dialog without JavaScript: forms with method="dialog".
    expect(dialog).toMatch(
      /<form method="dialog"[^>]*><button type="submit" class="button button-primary">Erneut versuchen<\/button><\/form>/,
    );
    expect(dialog).toMatch(/<form method="dialog"[^>]*><button type="submit" class="button">Schließen<\/button><\/form>/);
    // The page is still there behind it, with what was typed (never the password).
    expect(page.text).toMatch(/<form method="post"[^>]*>/);
    expect(page.text).toMatch(/name="username"[^>]*value="forbidden"|value="forbidden"[^>]*name="username"/);
    expect(page.text).not.toContain("Secret-Typed-2027");
    expect(page.text).not.toMatch(/<section class="error-view"[^>]*>\s*<p class="error-code">[^<]*<\/p>\s*<h1/);
  });

  it("R-ERR-02 a closable dialog keeps its button: API01 (409) leads to the login, customer-prefixed", async () => {
    const page = await postLogin("conflict");
    expect(page.status).toBe(502);
    const [dialog] = dialogs(page);
    expect(dialog).toContain("Fehlercode API01");
    expect(dialog).toContain('<a class="button button-primary" href="/demo/login">Zur Anmeldung</a>');
    expect(dialog).toContain(">Schließen</button>");
  });

  it("R-CAT-02 an error that ends the session keeps the full error page: nothing of the page can load without a sign-in", async () => {
    const page = await postLogin("expired-token");
    expect(page.status).toBe(401);
    expect(dialogs(page)).toEqual([]);
    expect(page.text).toMatch(/<h1 id="error-title">Sitzung abgelaufen<\/h1>/);
    expect(page.text).not.toContain('name="username"');
  });

  it("R-CAT-05 login 401 and 402 are the form's (decision 169): the message in the form, the input kept, no dialog; 403 is a dialog", async () => {
    const wrong = await postLogin("wrong-password", "en_GB");
    expect(wrong.status).toBe(401);
    expect(dialogs(wrong)).toEqual([]);
    expect(formErrors(wrong)).toContain("Username or password incorrect");
    expect(wrong.text).toMatch(/name="username"[^>]*value="wrong-password"|value="wrong-password"[^>]*name="username"/);
    // Decision 169: not activated is fixed by activating, so the form says so and leads there, instead of
    // C14's dialog, which cannot be closed.
    const inactive = await postLogin("not-activated", "en_GB");
    expect(inactive.status).toBe(402);
    expect(dialogs(inactive)).toEqual([]);
    expect(formErrors(inactive)).toContain("Your access has not yet been activated. Please activate it before signing in.");
    expect(inactive.text).toMatch(/name="username"[^>]*value="not-activated"|value="not-activated"[^>]*name="username"/);
    expect(inactive.text).toMatch(/<a [^>]*href="\/demo\/account-activation">Activate your access<\/a>/);
    expect(inactive.text).not.toContain("C14");
    // Whatever the form cannot fix stays the error view's: a dialog over the page.
    const forbidden = await postLogin("forbidden", "en_GB");
    expect(dialogs(forbidden)).toHaveLength(1);
    expect(formErrors(forbidden)).toBeUndefined();
  });

  it("R-CAT-03 forgot-password whose mail the upstream could not send: 'Email could not be sent. Please check your username', the name kept", async () => {
    const browser = new BrowserClient(server.baseUrl);
    await browser.get("/demo/forgot-password?langId=en_GB");
    const page = await browser.post("/demo/forgot-password", { username: "mia.muster" });
    expect(page.status).toBe(400);
    expect(dialogs(page)).toEqual([]);
    expect(formErrors(page)).toContain("Email could not be sent. Please check your username");
    expect(page.text).not.toContain("If we have your username");
    expect(page.text).toMatch(/name="username"[^>]*value="mia.muster"|value="mia.muster"[^>]*name="username"/);
  });

  it("a page without errors has no error dialog", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/demo/login");
    expect(page.status).toBe(200);
    expect(dialogs(page)).toEqual([]);
    expect(page.text).not.toContain("error-dialog");
  });
});
