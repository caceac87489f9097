import { expect, test } from "./fixtures";

const titles = [
  { langId: "de-DU", lang: "de", title: "Anmeldung", username: "Benutzername" },
  { langId: "de", lang: "de", title: "Anmeldung", username: "Benutzername" },
  { langId: "en_GB", lang: "en-GB", title: "Sign in", username: "Username" },
  { langId: "hu", lang: "hu", title: "Bejelentkezés", username: "Felhasználónév" },
  { langId: "it", lang: "it", title: "Accesso", username: "Nome utente" },
];

for (const { langId, lang, title, username } of titles) {
  test(`R-SCR-01 R-LANG-01 the login screen renders in ${langId}`, async ({ page }) => {
    await page.goto(`/demo/login?langId=${langId}`);
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(page.getByLabel(username)).toBeVisible();
    await expect(page.getByRole("checkbox")).toBeVisible();
  });
}

test("R-RTE-04 the language chooser switches the language without JavaScript and keeps it", async ({ page }) => {
  await page.goto("/demo/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anmeldung");
  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await expect(page.getByRole("button", { name: "English" })).toHaveAttribute("aria-current", "true");
  // The choice is kept in the session: a page without langId stays English.
  await page.goto("/demo/page-not-found");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});

test("R-RTE-03 an unknown path redirects to page-not-found, whose exit button leads to login", async ({ page }) => {
  await page.goto("/demo/does/not/exist");
  await expect(page).toHaveURL(/\/demo\/page-not-found$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Seite nicht gefunden");
  await page.getByRole("link", { name: "Zur Startseite" }).click();
  await expect(page).toHaveURL(/\/demo\/login$/);
});

test("R-TEN-03 an unknown customer shows the catalogue error, not a crash", async ({ page }) => {
  const response = await page.goto("/no-such-customer/login");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fehler in der URL");
  await expect(page.getByText("Fehlercode E02")).toBeVisible();
});

test("R-LANG-02 an unknown langId shows E02 that cannot be closed", async ({ page }) => {
  const response = await page.goto("/demo/login?langId=xx");
  expect(response?.status()).toBe(400);
  await expect(page.getByText("Fehlercode E02")).toBeVisible();
  await expect(page.getByRole("link", { name: "Schließen" })).toHaveCount(0);
});
