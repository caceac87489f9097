import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { startServer, type RunningServer } from "../support/server";

/**
 * The pages that show customer texts and post to the upstream, against a fake upstream that
 * plays the customer's backend (the embedded API does not serve statements or the newsletter yet):
 * `preview` answers everything, `broken` fails every call but getConfiguration.
 */
interface Recorded {
  method: string;
  url: string;
  body: unknown;
  authorization?: string;
}

let upstream: Server;
let app: RunningServer;
const calls: Recorded[] = [];

function configuration(cstm: string) {
  return {
    status: "success",
    config: {
      cstm,
      name: cstm === "preview" ? "Vorschau GmbH" : "Broken AG",
      language: ["de-DU", "en_GB"],
      area: { name: "preview", root: "login", routes: ["newsletter", "login", "home"] },
      style: { appearance: { overlay: false, showProgress: false, logo: "https://cdn.example.com/logo.svg" }, primaryColor: "#ffd700" },
      texts:
        cstm === "preview"
          ? {
              "de-DU": {
                newsletter: "Neuigkeiten aus der Vorschau.\n\nZweiter Absatz <b>ohne</b> Markup.",
                legalNotice: "Vorschau GmbH\nMusterweg 1",
              },
              en_GB: { newsletter: "News from the preview." },
            }
          : {},
      contact: { legalNoticeUrl: "https://example.com/imprint" },
    },
  };
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  let text = "";
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  upstream = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://upstream");
    calls.push({
      method: request.method ?? "",
      url: url.pathname + url.search,
      body: await readBody(request),
      authorization: request.headers.authorization,
    });
    const cstm = url.searchParams.get("cstm") ?? url.pathname.split("/").find((part) => part === "preview" || part === "broken");
    response.setHeader("Content-Type", "application/json");
    if (url.pathname === "/getConfiguration" && (cstm === "preview" || cstm === "broken")) {
      response.end(JSON.stringify(configuration(cstm)));
    } else if (cstm === "preview" && url.pathname.startsWith("/preview/dataProtStat/1/")) {
      response.end(
        JSON.stringify({
          statement: `<h2>Datenschutz (${url.pathname.split("/").pop()})</h2><p>Wir schützen Ihre Daten.</p><p>Zweiter Absatz.</p>`,
          dpsm_dpsm_id: 7,
          dplm_id: "dplm-3",
          revision: 2,
        }),
      );
    } else if (cstm === "preview" && url.pathname === "/custom/preview/newsletter" && request.method === "POST") {
      response.statusCode = 201;
      response.end(JSON.stringify({ status: "success" }));
    } else {
      response.statusCode = cstm === "broken" ? 500 : 404;
      response.end(JSON.stringify({ status: "failed" }));
    }
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  app = await startServer({ UPSTREAM_API_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
});

afterAll(async () => {
  await app?.stop();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

beforeEach(() => {
  calls.length = 0;
});

describe("privacy modal", () => {
  it("R-SCR-10 R-ENT-03 shows the customer's statement in the page language, as text, from GET /{cstm}/dataProtStat/1/{language}", async () => {
    const page = await new BrowserClient(app.baseUrl).get("/preview/login?langId=en_GB&modal=privacy");
    expect(calls.map((call) => call.url)).toContain("/preview/dataProtStat/1/en_GB");
    const call = calls.find((entry) => entry.url.includes("dataProtStat"))!;
    expect(call.authorization).toBeUndefined();
    expect(page.text).toContain("<p>Datenschutz (en_GB)</p><p>Wir schützen Ihre Daten.</p><p>Zweiter Absatz.</p>");
    expect(page.text).not.toContain("&lt;h2");
  });

  it("R-SCR-10 DP01: a failing statement call leaves the page working and says 'could not be loaded'", async () => {
    const page = await new BrowserClient(app.baseUrl).get("/broken/login?modal=privacy");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Die Datenschutzerklärung konnte nicht geladen werden.");
    expect(page.text).toMatch(/<form method="post"/);
  });

  it("R-LANG-01 R-SCR-10 the statement is loaded only while the modal is open", async () => {
    await new BrowserClient(app.baseUrl).get("/preview/login");
    expect(calls.some((call) => call.url.includes("dataProtStat"))).toBe(false);
  });
});

describe("legal notice and appearance", () => {
  it("R-NAV-02 a customer with its own legal-notice text: the footer link opens it as a modal", async () => {
    const page = await new BrowserClient(app.baseUrl).get("/preview/login");
    expect(page.text).toMatch(
      /<footer class="app-footer"><a data-modal-opener="legal-notice"[^>]*href="\/preview\/login\?modal=legal-notice">Impressum</,
    );
    const modal = await new BrowserClient(app.baseUrl).get("/preview/login?modal=legal-notice");
    expect(modal.text).toContain("<p>Vorschau GmbH\nMusterweg 1</p>");
    expect(modal.text).toContain('href="https://example.com/imprint"');
  });

  it("R-NAV-02 the logo from the appearance, with a text alternative, linking home; the brand colour gets readable text", async () => {
    const page = await new BrowserClient(app.baseUrl).get("/preview/login");
    expect(page.text).toMatch(
      /<a class="brand"[^>]*href="\/preview"><img src="https:\/\/cdn.example.com\/logo.svg" alt="Vorschau GmbH – Startseite"/,
    );
    // Its box is known before the image arrives: no layout shift when it does (decision 189).
    expect(page.text).toMatch(/<img src="https:\/\/cdn.example.com\/logo.svg"[^>]* width="200" height="40"/);
    expect(page.text).toContain("--brand:#ffd700;--brand-contrast:#000");
  });

  it("R-CON-03 appearance.overlay false: modals do not dim the page", async () => {
    const page = await new BrowserClient(app.baseUrl).get("/preview/login?modal=legal-notice");
    expect(page.text).toContain('class="modal-layer"');
    expect(page.text).not.toContain("modal-layer-dim");
  });
});

describe("newsletter", () => {
  it("R-RTE-06 shows the customer's newsletter text in the page language (plain text), else the translated default", async () => {
    const client = new BrowserClient(app.baseUrl);
    const german = await client.get("/preview/newsletter");
    expect(german.text).toContain("<p>Neuigkeiten aus der Vorschau.</p><p>Zweiter Absatz &lt;b&gt;ohne&lt;/b&gt; Markup.</p>");
    const english = await client.get("/preview/newsletter?langId=en_GB");
    expect(english.text).toContain("<p>News from the preview.</p>");
    const fallback = await new BrowserClient(app.baseUrl).get("/broken/newsletter");
    expect(fallback.text).toContain("Unser Newsletter informiert dich über neue Stellenangebote und Termine.");
  });

  it("R-RTE-06 R-VAL-06 validation: a valid e-mail and the consent are required, with translated messages and the input kept", async () => {
    const client = new BrowserClient(app.baseUrl);
    const empty = await client.post("/preview/newsletter", {});
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("Bitte gib deine E-Mail-Adresse ein.");
    expect(empty.text).toContain("Bitte bestätige deine Einwilligung.");
    const invalid = await client.post("/preview/newsletter?langId=en_GB", { email: "not-an-address", consent: "on" });
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain("Please enter a valid email address.");
    const input = /<input id="newsletter-email"[^>]*>/.exec(invalid.text)?.[0];
    expect(input).toContain('value="not-an-address"');
    expect(input).toContain('aria-invalid="true" aria-describedby="newsletter-email-error"');
    expect(calls.some((call) => call.url.includes("/custom/"))).toBe(false);
  });

  it("R-RTE-06 R-API-02 success: POST /custom/{cstm}/newsletter without token, then redirect to a thank-you notice shown once (PRG)", async () => {
    const client = new BrowserClient(app.baseUrl);
    const posted = await client.post("/preview/newsletter", { email: " ada@example.com ", consent: "on" }, { follow: false });
    expect(posted.status).toBe(302);
    expect(posted.location).toBe("/preview/newsletter");
    const call = calls.find((entry) => entry.url === "/custom/preview/newsletter")!;
    expect(call).toMatchObject({ method: "POST", body: { email: "ada@example.com", consent: true, language: "de-DU" } });
    expect(call.authorization).toBeUndefined();
    const thanks = await client.get("/preview/newsletter");
    expect(thanks.text).toMatch(/<p class="notice notice-success" role="status">Danke! Du erhältst den Newsletter/);
    const again = await client.get("/preview/newsletter");
    expect(again.text).not.toContain("notice-success");
  });

  it("R-RTE-06 a filled honeypot is refused with the address kept, and nothing is sent upstream (decision 130)", async () => {
    const client = new BrowserClient(app.baseUrl);
    const form = await client.get("/preview/newsletter?langId=en_GB");
    const trap = /<input[^>]*name="from__confirm"[^>]*value="([^"]*)"/.exec(form.text)?.[1] ?? "";
    const posted = await client.post("/preview/newsletter", {
      email: "bot@example.com",
      consent: "on",
      name__confirm: "http://spam",
      from__confirm: trap,
    });
    expect(posted.status).toBe(400);
    expect(posted.text).toContain("The form could not be sent. Please check your entries and send it again.");
    expect(posted.text).toContain('value="bot@example.com"');
    expect(posted.text).not.toContain("notice-success");
    expect(calls.some((call) => call.url.includes("/custom/"))).toBe(false);
  });

  it("R-CAT-02 R-ERR-01 an upstream failure shows the catalogue error (API01) as a dialog over the newsletter form, the address kept (decision 127)", async () => {
    const page = await new BrowserClient(app.baseUrl).post("/broken/newsletter", { email: "ada@example.com", consent: "on" });
    expect(page.status).toBe(502);
    const dialog = page.text.match(/<dialog open=""[^>]*class="error-dialog[\s\S]*?<\/dialog>/)?.[0] ?? "";
    expect(dialog).toContain("API01");
    expect(page.text).not.toContain('class="layout layout-error"');
    expect(page.text).toContain('value="ada@example.com"');
    expect(calls.map((call) => call.url)).toContain("/custom/broken/newsletter");
  });
});
