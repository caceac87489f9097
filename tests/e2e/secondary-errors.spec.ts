import type { Page } from "@playwright/test";
import { startFaultyUpstream, type FaultyUpstream } from "../support/faulty-upstream";
import { startServer, type RunningServer } from "../support/server";
import { expect, test } from "./fixtures";

/**
 * R-ERR-01, R-ERR-03 and decision 127 as an applicant meets it, with JavaScript off
 * and on: a failed secondary call is a dialog over the page, which stays usable; several errors of
 * one request stack newest first and can be cleared. An app server of its own runs against the
 * real embedded API of the journeys' demo server, through a proxy that breaks chosen calls.
 */
let upstream: FaultyUpstream;
let app: RunningServer;

test.beforeAll(async ({}, testInfo) => {
  upstream = await startFaultyUpstream(String(testInfo.project.use.baseURL));
  app = await startServer({ UPSTREAM_API_URL: upstream.url, COOKIE_SECURE: "false" });
});

test.afterAll(async () => {
  await app?.stop();
  await upstream?.close();
});

test.afterEach(() => upstream.heal());

const openDialogs = (page: Page) => page.locator("dialog.error-dialog[open]");

test("R-ERR-01 the privacy statement fails: DP01 over the login page; closing it leaves the page usable", async ({ page }) => {
  upstream.fail("GET /demo/dataProtStat*");
  await page.goto(`${app.baseUrl}/demo/login?langId=en_GB&modal=privacy`);
  const dialog = page.getByRole("dialog", { name: "Data protection statement could not be loaded" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Error code DP01")).toBeVisible();
  await expect(openDialogs(page)).toHaveCount(1);
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(openDialogs(page)).toHaveCount(0);
  // The page it was over: the privacy modal says the statement is missing; closed, the login form is usable.
  await expect(page.locator(".modal .notice-error", { hasText: "The data protection statement could not be loaded." })).toBeVisible();
  await page.locator(".modal").getByRole("link", { name: "Close" }).click();
  await page.getByLabel("Username").fill("after-the-dialog");
  await expect(page.getByLabel("Username")).toHaveValue("after-the-dialog");
});

/** A fresh demo applicant signed in through the app under test; home shows the contacting agreement. */
async function signedInAtHome(page: Page, cloneUser: (template: string) => Promise<{ userName: string; password: string }>) {
  const user = await cloneUser("anna");
  await page.goto(`${app.baseUrl}/demo/login?langId=en_GB`);
  await page.getByLabel("Username").fill(user.userName);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/demo\/home$/);
  await expect(page.getByRole("button", { name: "Yes, you may contact me" })).toBeVisible();
}

/** The contacting agreement is refused (403: C05) and the home's user data then fails (API01). */
async function failActionAndSecondary(page: Page) {
  upstream.fail("POST /acceptDataProtection", { status: 403 });
  upstream.fail("GET /userData");
  await page.getByRole("button", { name: "Yes, you may contact me" }).click();
  await expect(openDialogs(page)).toHaveCount(2);
}

test("R-ERR-03 a failed action and a failed secondary call: two dialogs over home, the newest on top, each closes in turn", async ({
  page,
  cloneUser,
}) => {
  await signedInAtHome(page, cloneUser);
  await failActionAndSecondary(page);
  // The top one (last in the document) is the newest: the user data the page loaded after the refusal.
  const top = openDialogs(page).last();
  await expect(top.getByText("Error code API01")).toBeVisible();
  await expect(top.getByText("There are more errors below this one.")).toBeVisible();
  await top.getByRole("button", { name: "Close" }).click();
  await expect(openDialogs(page)).toHaveCount(1);
  const next = openDialogs(page).last();
  await expect(next.getByText("Error code C05")).toBeVisible();
  await next.getByRole("button", { name: "Close" }).click();
  await expect(openDialogs(page)).toHaveCount(0);
  // Home is still there behind them: its modules.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator('a[href^="/demo/assessment/"]').first()).toBeVisible();
});

test("R-ERR-03 'Close all' clears the stack: with JavaScript at once, without it by loading the page again", async ({
  page,
  cloneUser,
}, testInfo) => {
  await signedInAtHome(page, cloneUser);
  await failActionAndSecondary(page);
  // The upstream answers again: a page loaded anew has nothing to report.
  upstream.heal();
  await openDialogs(page).last().getByRole("link", { name: "Close all" }).click();
  await expect(openDialogs(page)).toHaveCount(0);
  await expect(page.locator('a[href^="/demo/assessment/"]').first()).toBeVisible();
  if (testInfo.project.use.javaScriptEnabled !== false) {
    await expect(page.locator(".layout-page")).not.toHaveAttribute("inert", "");
  }
});
