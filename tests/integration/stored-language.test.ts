import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient, type PageResponse } from "../support/browser-client";
import { cloneUser, signIn } from "../support/demo";
import { startServer, type RunningServer } from "../support/server";

/**
 * R-LANG-01, docs/decisions/124: the applicant's stored language (spec §3: the login response and userData carry
 * `language`) applies after sign-in unless the URL's langId says otherwise; a change made with the
 * language chooser while signed in is stored upstream, as the profile page does.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const htmlLang = (page: PageResponse) => /<html lang="([^"]+)"/.exec(page.text)?.[1];

describe("the applicant's stored language", () => {
  it("R-LANG-01 a language chosen with the chooser while signed in is stored; a new device starts in it after sign-in (decision 124)", async () => {
    const user = await cloneUser(server.baseUrl, "anna");
    const first = new BrowserClient(server.baseUrl);
    await first.get("/demo/login");
    await signIn(first, user);
    const italian = await first.get("/demo/home?langId=it");
    expect(htmlLang(italian)).toBe("it");

    // Another device: the login page is in the customer's default language, home in anna's own.
    const second = new BrowserClient(server.baseUrl);
    const login = await second.get("/demo/login");
    expect(htmlLang(login)).toBe("de");
    const landing = await signIn(second, user);
    expect(new URL(landing.url).pathname).toBe("/demo/home");
    expect(htmlLang(landing)).toBe("it");
    // And it stays so on the next pages, without langId.
    expect(htmlLang(await second.get("/demo/profile"))).toBe("it");
  });

  it("R-LANG-01 R-RTE-04 the URL's langId at sign-in wins over the stored language (decision 124)", async () => {
    const user = await cloneUser(server.baseUrl, "anna");
    const setup = new BrowserClient(server.baseUrl);
    await setup.get("/demo/login");
    await signIn(setup, user);
    await setup.get("/demo/home?langId=hu");

    const browser = new BrowserClient(server.baseUrl);
    await browser.get("/demo/login?langId=en_GB");
    const landing = await signIn(browser, user, "?langId=en_GB");
    expect(htmlLang(landing)).toBe("en-GB");
    expect(htmlLang(await browser.get("/demo/home"))).toBe("en-GB");
  });
});
