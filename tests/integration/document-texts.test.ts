import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInClone } from "../support/demo";
import { startServer, type RunningServer } from "../support/server";

/**
 * docs/decisions/108: a document carries only the texts of its page (the server
 * renders them all), lite mode none; a client navigation's data request brings the language in full.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const carriedTexts = (html: string) => {
  const block = /<script type="application\/json" id="i18n-texts"[^>]*>(.*?)<\/script>/s.exec(html);
  return block ? (JSON.parse(block[1]) as Record<string, Record<string, unknown>>) : undefined;
};

describe("translations in documents (decision 108)", () => {
  it("R-SCR-01 the login document renders every text but carries only its page's, with the sign-in button's sending state (decision 108)", async () => {
    const response = await fetch(`${server.baseUrl}/demo/login?langId=en_GB`);
    const html = await response.text();
    expect(html).toContain('<h1 id="login-title">');
    const texts = carriedTexts(html);
    expect(texts).toBeDefined();
    expect(Object.keys(texts!)).not.toContain("recruiter");
    expect(Object.keys(texts!)).not.toContain("dashboard");
    const someText: unknown = expect.any(String);
    expect(texts!.auth).toMatchObject({ login: { submit: someText, submitting: someText } });
    expect(texts!.auth).not.toHaveProperty("registration");
    expect(html).not.toContain("Your modules");
    // No translations travel as loader data in a document.
    expect(html).not.toContain('\\"resources\\"');
  });

  it("R-SCR-01 lite mode: no texts and no scripts at all (decision 108)", async () => {
    const html = await (await fetch(`${server.baseUrl}/demo/login`, { headers: { "Save-Data": "on" } })).text();
    expect(html).toContain('<h1 id="login-title">');
    expect(html).not.toContain("<script");
  });

  it("decision 108: a client navigation's data request brings the language's translations (not the recruiter's)", async () => {
    const response = await fetch(`${server.baseUrl}/demo/login.data?_routes=root&langId=en_GB`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('"resources"');
    // The home page's heading, which the login document did not carry; no recruiter texts.
    expect(body).toContain('"Your modules"');
    expect(body).not.toContain("Recruiter sign-in");
  });

  it("R-ENT-04 home's document carries the containers' descriptions it shows, not the modules' it never shows (decision 108)", async () => {
    const { browser } = await signedInClone(server.baseUrl, "anna");
    const response = await browser.get("/demo/home");
    expect(response.status).toBe(200);
    const html = response.text;
    expect(html).toContain("Verbal reasoning");
    expect(html).toContain("Short blocks on language, numbers and logic.");
    expect(html).not.toContain("How well do you understand texts and instructions?");
  });
});

describe("the stylesheet of lite documents (decision 192)", () => {
  const linked = (html: string) => /<link rel="stylesheet" href="(\/assets\/app-[^"]+\.css)"/.exec(html)?.[1];
  const inline = (html: string) => /<style>([^<]*)<\/style>/.exec(html)?.[1];

  it("R-SCR-01 a signed-out lite document carries the app stylesheet inline, within the document budget, and prefetches the file", async () => {
    const withScripts = await (await fetch(`${server.baseUrl}/demo/login`)).text();
    const file = linked(withScripts);
    expect(file).toBeDefined();
    expect(inline(withScripts)).toBeUndefined();
    const stylesheet = await (await fetch(`${server.baseUrl}${file}`)).text();

    const response = await fetch(`${server.baseUrl}/demo/login`, { headers: { "Save-Data": "on", "Accept-Encoding": "br" } });
    const html = await response.text();
    expect(linked(html)).toBeUndefined();
    expect(inline(html)?.trim()).toBe(stylesheet.trim());
    expect(html).toContain(`<link rel="prefetch" href="${file}" as="style"/>`);
    // The logo comes after the first layout there; with the stylesheet linked, at once beside it.
    expect(html).toMatch(/<img src="\/api\/media\/logo-demo\.svg"[^>]* loading="lazy"/);
    expect(withScripts).toMatch(/<img src="\/api\/media\/logo-demo\.svg"[^>]* fetchpriority="high"/);
    // DESIGN §7: an applicant page's document, compressed, at most 6 KiB.
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(Number(response.headers.get("content-length"))).toBeLessThanOrEqual(6 * 1024);
  });

  it("R-SCR-01 a signed-in lite document links the stylesheet the sign-in page prefetched", async () => {
    const { browser } = await signedInClone(server.baseUrl, "anna");
    const home = await browser.get("/demo/home", { headers: { "Save-Data": "on" } });
    expect(home.status).toBe(200);
    expect(home.text).not.toContain("<script");
    expect(linked(home.text)).toBeDefined();
    expect(inline(home.text)).toBeUndefined();
    expect(home.text).not.toContain('rel="prefetch"');
  });
});
