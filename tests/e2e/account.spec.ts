import type { Page } from "@playwright/test";
import { startServer } from "../support/server";
import { expect, logIn, test } from "./fixtures";

/**
 * Account journeys, each run with JavaScript off and on. Journeys that change data use a
 * cloned demo user (docs/decisions/005).
 */

async function fillLogin(page: Page, userName: string, password: string) {
  await page.getByLabel("Username").fill(userName);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function mailLink(page: Page, userName: string): Promise<string> {
  const response = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(userName)}`);
  const mails = (await response.json()) as { link: string }[];
  expect(mails.length).toBeGreaterThan(0);
  const link = new URL(mails[0].link);
  return link.pathname;
}

test("R-AUTH-02 R-PROF-01 anna logs in and lands on home", async ({ page }) => {
  await logIn(page, { userName: "anna", password: "Anna-Demo-2027", cstm: "demo" });
  await expect(page).toHaveURL(/\/demo\/home$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("R-PROF-01 ben logs in and lands on the profile chooser", async ({ page }) => {
  await logIn(page, { userName: "ben", password: "Ben-Demo-2027", cstm: "demo" });
  await expect(page).toHaveURL(/\/demo\/profileChooser$/);
});

test("R-CAT-03 carla gets the not-activated message", async ({ page }) => {
  await logIn(page, { userName: "carla", password: "Carla-Demo-2027", cstm: "demo" });
  await expect(page.getByRole("alert")).toContainText("Your access has not yet been activated. Please activate it before signing in.");
});

test("R-AUTH-02 emil's expired account lands on page-not-found", async ({ page }) => {
  await logIn(page, { userName: "emil", password: "Emil-Demo-2027", cstm: "demo" });
  await expect(page).toHaveURL(/\/demo\/page-not-found$/);
});

test("R-CAT-03 a wrong password shows 'Username or password incorrect' and keeps the username", async ({ page }) => {
  await logIn(page, { userName: "anna", password: "not-her-password", cstm: "demo" });
  await expect(page.getByRole("alert")).toContainText("Username or password incorrect");
  await expect(page.getByLabel("Username")).toHaveValue("anna");
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
});

test("R-VAL-01 missing fields in the login form, in English and in German", async ({ page }) => {
  await page.goto("/demo/login?langId=en_GB");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Please enter your username.")).toBeVisible();
  await expect(page.getByText("Please enter your password.")).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
  await page.goto("/demo/login?langId=de");
  await page.getByRole("button", { name: "Anmelden" }).click();
  await expect(page.getByText("Bitte geben Sie Ihren Benutzernamen ein.")).toBeVisible();
  await expect(page.getByText("Bitte geben Sie Ihr Passwort ein.")).toBeVisible();
});

test("R-VAL-02 R-VAL-03 missing fields in the forgot and registration forms, in two languages", async ({ page }) => {
  await page.goto("/demo/forgot-password?langId=en_GB");
  await page.getByRole("button", { name: "Request e-mail" }).click();
  await expect(page.getByText("Please enter your username.")).toBeVisible();
  await page.goto("/demo/registration?langId=it");
  await page.getByRole("button", { name: "Registrati" }).click();
  await expect(page.getByText("Compila questo campo.").first()).toBeVisible();
  await expect(page.getByText("Accetta l'informativa sulla privacy.")).toBeVisible();
});

test("R-SCR-09 anonymous registration for P500 warns about inactivity and starts", async ({ page }) => {
  await page.goto("/demo/registration?profileId=P500&langId=en_GB");
  await expect(page.getByText("the connection ends after 15 minutes of inactivity")).toBeVisible();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/demo\/home$/);
});

test("R-VAL-03 forgot → reset via the outbox link → login with the new password; the old one again is C04", async ({ page, cloneUser }) => {
  const user = await cloneUser("anna");
  await page.goto("/demo/forgot-password?langId=en_GB");
  await page.getByLabel("Username").fill(user.userName);
  await page.getByRole("button", { name: "Request e-mail" }).click();
  await expect(page.getByText("If we have your username, we have just sent an email")).toBeVisible();

  await page.goto(await mailLink(page, user.userName));
  await page.getByLabel("Username").fill(user.userName);
  await page.getByLabel("New password", { exact: true }).fill(user.password);
  await page.getByLabel("Repeat new password").fill(user.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByRole("alert")).toContainText("You have already used this password.");
  await expect(page.getByText("C04", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveValue(user.userName);

  await page.getByLabel("New password", { exact: true }).fill("Fresh-Start-2027");
  await page.getByLabel("Repeat new password").fill("Fresh-Start-2027");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page).toHaveURL(/\/demo\/login\?notice=password-saved$/);
  await expect(page.getByRole("status")).toContainText("Your new password has been saved.");
  await fillLogin(page, user.userName, "Fresh-Start-2027");
  await expect(page).toHaveURL(/\/demo\/home$/);
});

test("felix activates his account, chooses a password and logs in", async ({ page, cloneUser }) => {
  const user = await cloneUser("felix");
  await page.goto(`/demo/activation/${user.activationHash}/en_GB`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose your password");
  await page.getByLabel("New password", { exact: true }).fill("Felix-Start-2027");
  await page.getByLabel("Repeat new password").fill("Felix-Start-2027");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page).toHaveURL(/\/demo\/login\?notice=activated$/);
  await fillLogin(page, user.userName, "Felix-Start-2027");
  await expect(page).toHaveURL(/\/demo\/(home|profileChooser)$/);
});

test.describe("R-AUTH-04 logout destinations", () => {
  test("a regular applicant goes to login", async ({ page }) => {
    await logIn(page, { userName: "anna", password: "Anna-Demo-2027", cstm: "demo" });
    await expect(page).toHaveURL(/\/demo\/home$/);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/demo\/login$/);
    // The back button shows no applicant data: the page is loaded again and requires a login.
    await page.goBack();
    await expect(page).toHaveURL(/\/demo\/login/);
  });

  test("on-site goes back to the station's login link", async ({ page }) => {
    await page.goto("/demo/login?onSite=1&profileId=P100&langId=en_GB");
    await fillLogin(page, "anna", "Anna-Demo-2027");
    await expect(page).toHaveURL(/\/demo\/home$/);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/demo\/login\?onSite=1&profileId=P100$/);
  });

  test("an anonymous applicant goes back to the registration link", async ({ page }) => {
    await page.goto("/demo/registration?profileId=P500&langId=en_GB");
    await page.getByRole("checkbox").check();
    await page.getByRole("button", { name: "Start" }).click();
    await expect(page).toHaveURL(/\/demo\/home$/);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/demo\/registration\?profileId=P500$/);
  });
});

test("R-TOK-01 R-CAT-02 an expired token gives C02 with its button to login and no close", async ({ browser }, testInfo) => {
  // Its own server: tokens live 3 s and can be refreshed for 6 s, so the session ends during the test
  // (not 1 s: a page load spanning the expiry got 419 on a loaded machine, before the test's wait).
  const server = await startServer({ API_TOKEN_TTL_S: "3", API_TOKEN_ABSOLUTE_TTL_S: "6", COOKIE_SECURE: "false" });
  const context = await browser.newContext({ baseURL: server.baseUrl, javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  try {
    const page = await context.newPage();
    await logIn(page, { userName: "anna", password: "Anna-Demo-2027", cstm: "demo" });
    await expect(page).toHaveURL(/\/demo\/home$/);
    // The token was issued before this moment (whole seconds upstream): wait for the clock to pass its 6 s.
    const signedInBy = Date.now();
    while (Date.now() <= signedInBy + 6_000) await new Promise((resolve) => setTimeout(resolve, signedInBy + 6_001 - Date.now()));
    await page.goto("/demo/change-password");
    await expect(page.getByText("Error code C02")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Session expired");
    await expect(page.getByRole("link", { name: "Go to login" })).toHaveAttribute("href", "/demo/login");
    await expect(page.getByRole("link", { name: "Close" })).toHaveCount(0);
    await page.getByRole("link", { name: "Go to login" }).click();
    await expect(page.getByLabel("Username")).toBeVisible();
  } finally {
    await context.close();
    await server.stop();
  }
});
