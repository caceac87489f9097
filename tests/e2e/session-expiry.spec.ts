import type { Page } from "@playwright/test";
import path from "node:path";
import { expireSession } from "../support/seed-session";
import { startServer, testSecret, type RunningServer } from "../support/server";
import { expect, test, type DemoUser } from "./fixtures";

/**
 * R-CAT-02, R-CON-04 and decision 126 as an applicant meets it, with JavaScript off
 * and on: the session times out while they type; the page says so (C02, not closable), and signing
 * in again brings them back to the page with what they typed. A server of its own with an idle
 * time-out of a few seconds: the first journey waits for the real time-out, the others start from the
 * state it leaves (agedPastTimeOut, docs/decisions/167).
 */
const IDLE_TIMEOUT_S = 20;
// The wait for the time-out, two sign-ins and a server of its own, on a loaded machine.
test.describe.configure({ timeout: 180_000 });
let server: RunningServer;

test.beforeAll(async () => {
  server = await startServer({ SESSION_IDLE_TIMEOUT_S: String(IDLE_TIMEOUT_S), COOKIE_SECURE: "false" });
});

test.afterAll(async () => {
  await server?.stop();
});

async function cloneUser(template: string): Promise<DemoUser> {
  const response = await fetch(`${server.baseUrl}/api/dev/clone-user`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ template }),
  });
  expect(response.status, `clone of ${template}`).toBe(201);
  return (await response.json()) as DemoUser;
}

async function signIn(page: Page, user: DemoUser) {
  await page.getByLabel("Username").fill(user.userName);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

/**
 * Waits for the time-out: a copy of the browser's session cookie asks for a page for signed-in
 * applicants that never writes the session (asking does not keep it alive), until the answer is 401.
 */
async function untilTimedOut(page: Page) {
  const cookies = await page.context().cookies(server.baseUrl);
  const header = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  await expect
    .poll(async () => (await fetch(`${server.baseUrl}/demo/FAQ`, { headers: { Cookie: header }, redirect: "manual" })).status, {
      timeout: IDLE_TIMEOUT_S * 1000 + 30_000,
      intervals: [250],
    })
    .toBe(401);
}

/**
 * The state a time-out leaves, without waiting for it (docs/decisions/167): the record and the
 * cookie's signed hint aged past the idle time-out. The first journey waits for the real time-out.
 */
async function agedPastTimeOut(page: Page) {
  const cookie = (await page.context().cookies(server.baseUrl)).find((candidate) => candidate.name.endsWith("session"))!;
  const value = await expireSession(path.join(server.dataDir, "app.db"), testSecret(), cookie);
  await page.context().addCookies([{ ...cookie, value }]);
  const response = await fetch(`${server.baseUrl}/demo/FAQ`, { headers: { Cookie: `${cookie.name}=${value}` }, redirect: "manual" });
  expect(response.status, "FAQ after the time-out").toBe(401);
}

test("R-CAT-02 R-CON-04 a form sent after the time-out shows C02, which cannot be closed; signing in again leads back with what was typed", async ({
  page,
}) => {
  const dora = await cloneUser("dora");
  await page.goto(`${server.baseUrl}/demo/login?langId=en_GB`);
  await signIn(page, dora);
  await page.goto(`${server.baseUrl}/demo/assessment/40`);
  await expect(page.getByRole("heading", { level: 1, name: "Personal details", exact: true })).toBeVisible();
  await untilTimedOut(page);

  await page.getByLabel("Last name", { exact: true }).fill("Typed-While-Expired");
  await page.getByLabel("First name", { exact: true }).fill("Dorothea");
  await page.getByRole("button", { name: "Continue to the summary" }).click();

  const dialog = page.getByRole("alert");
  await expect(dialog.getByRole("heading", { name: "Session expired" })).toBeVisible();
  await expect(dialog.getByText("Error code C02")).toBeVisible();
  await expect(dialog.getByText("Your session has expired. Please sign in again.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Close" })).toHaveCount(0);
  await page.getByRole("link", { name: "Go to login" }).click();

  await expect(page).toHaveURL(/\/demo\/login\?redirectTo=%2Fdemo%2Fassessment%2F40$/);
  await signIn(page, dora);
  await expect(page).toHaveURL(`${server.baseUrl}/demo/assessment/40`);
  await expect(page.getByLabel("Last name", { exact: true })).toHaveValue("Typed-While-Expired");
  await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Dorothea");
});

test("R-CAT-02 a page opened after the time-out shows C02 in the applicant's language, and the sign-in returns to it", async ({ page }) => {
  const anna = await cloneUser("anna");
  await page.goto(`${server.baseUrl}/demo/login?langId=it`);
  await page.getByLabel("Nome utente").fill(anna.userName);
  await page.getByLabel("Password").fill(anna.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Accedi" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await agedPastTimeOut(page);

  await page.goto(`${server.baseUrl}/demo/FAQ`);
  const dialog = page.getByRole("alert");
  await expect(dialog.getByText("La tua sessione è scaduta. Accedi di nuovo.")).toBeVisible();
  await page.getByRole("link", { name: "Vai all'accesso" }).click();
  await expect(page).toHaveURL(/\/demo\/login\?redirectTo=%2Fdemo%2FFAQ$/);
});

/** Sends the page's form after the time-out, follows C02's button and signs in again. */
async function sendExpiredAndSignInAgain(page: Page, user: DemoUser, send: () => Promise<void>, expectedLogin: RegExp) {
  await agedPastTimeOut(page);
  await send();
  const dialog = page.getByRole("alert");
  await expect(dialog.getByText("Error code C02")).toBeVisible();
  await page.getByRole("link", { name: "Go to login" }).click();
  await expect(page).toHaveURL(expectedLogin);
  await signIn(page, user);
}

test("R-CAT-02 the profile form sent after the time-out: signing in again shows the profile page with what was typed and says so", async ({
  page,
}) => {
  const dora = await cloneUser("dora");
  await page.goto(`${server.baseUrl}/demo/login?langId=en_GB`);
  await signIn(page, dora);
  await page.goto(`${server.baseUrl}/demo/profile`);
  await expect(page.getByRole("heading", { level: 1, name: "Your profile" })).toBeVisible();
  await sendExpiredAndSignInAgain(
    page,
    dora,
    async () => {
      await page.getByLabel("Last name", { exact: true }).fill("Typed-While-Expired");
      await page.getByRole("button", { name: "Save" }).click();
    },
    /\/demo\/login\?redirectTo=%2Fdemo%2Fprofile$/,
  );
  await expect(page).toHaveURL(`${server.baseUrl}/demo/profile`);
  await expect(page.getByLabel("Last name", { exact: true })).toHaveValue("Typed-While-Expired");
  await expect(
    page.getByRole("status").filter({ hasText: "Your session had expired. What you entered has been filled in again" }),
  ).toBeVisible();
  // Saving now keeps it.
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your details have been saved.")).toBeVisible();
  await page.goto(`${server.baseUrl}/demo/profile`);
  await expect(page.getByLabel("Last name", { exact: true })).toHaveValue("Typed-While-Expired");
});

test("R-CAT-02 feedback sent after the time-out: signing in again opens the feedback dialog where it was, with the rating and the comment", async ({
  page,
}) => {
  const dora = await cloneUser("dora");
  await page.goto(`${server.baseUrl}/demo/login?langId=en_GB`);
  await signIn(page, dora);
  await page.goto(`${server.baseUrl}/demo/report?modal=feedback`);
  await expect(page.getByRole("heading", { name: "Your feedback" })).toBeVisible();
  await sendExpiredAndSignInAgain(
    page,
    dora,
    async () => {
      await page.getByLabel("4 – very good").check();
      await page.getByLabel("Comment").fill("Kept across the time-out");
      await page.getByRole("button", { name: "Send feedback" }).click();
    },
    /\/demo\/login\?redirectTo=%2Fdemo%2Ffeedback$/,
  );
  await expect(page).toHaveURL(`${server.baseUrl}/demo/report?modal=feedback`);
  await expect(page.getByLabel("4 – very good")).toBeChecked();
  await expect(page.getByLabel("Comment")).toHaveValue("Kept across the time-out");
  await expect(page.getByText("Your session had expired. What you entered has been filled in again")).toBeVisible();
});
