import path from "node:path";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { seedApplicantSession, type SeededApplicant } from "../support/seed-session";

/**
 * A signed-in applicant for pages whose login is built on another branch: a session record written
 * into the e2e server's store (E2E_DATA_DIR and SESSION_SECRET of playwright.config.ts).
 */
const E2E_DATABASE = path.resolve("test-results/e2e-data/app.db");
const E2E_SECRET = "e2e-secret-that-is-long-enough-0123456789";

export async function signInAs(context: BrowserContext, baseURL: string, applicant: SeededApplicant) {
  const cookie = await seedApplicantSession(E2E_DATABASE, E2E_SECRET, applicant);
  // A host-only Secure cookie, as the server sets it (__Host- prefix; localhost counts as secure).
  await context.addCookies([
    { name: cookie.name, value: cookie.value, domain: new URL(baseURL).hostname, path: "/", secure: true, httpOnly: true, sameSite: "Lax" },
  ]);
}

/**
 * A page whose DOM can be inspected with scripts (axe, layout measurements). In the js-off project
 * the page itself runs no scripts at all, so this opens the same URL in a context whose own app
 * scripts are blocked: the DOM is exactly the server-rendered one a browser without JavaScript shows.
 */
export async function inspectablePage(
  testInfo: TestInfo,
  browser: Browser,
  page: Page,
  options: { baseURL: string; signedIn?: SeededApplicant; viewport?: { width: number; height: number } },
): Promise<Page> {
  if (testInfo.project.use.javaScriptEnabled !== false) {
    if (options.signedIn) await signInAs(page.context(), options.baseURL, options.signedIn);
    if (options.viewport) await page.setViewportSize(options.viewport);
    return page;
  }
  const context = await browser.newContext({ baseURL: options.baseURL, javaScriptEnabled: true, viewport: options.viewport });
  await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
  if (options.signedIn) await signInAs(context, options.baseURL, options.signedIn);
  return context.newPage();
}
