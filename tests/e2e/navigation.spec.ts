import { expect, test } from "./fixtures";
import { inspectablePage, signInAs } from "./session";

/** R-NAV-01/02 and R-LAY-01 as a user sees them, at a desktop width and at 320 px. */

test("R-NAV-01 signed in: the menu lists the area's pages by rank, marks the current page and offers Logout", async ({
  page,
  context,
  baseURL,
}) => {
  await signInAs(context, baseURL!, { cstm: "preview", displayName: "Ada Lovelace" });
  await page.goto("/preview/newsletter");
  const menu = page.getByRole("navigation", { name: "Hauptnavigation" });
  await expect(menu.getByRole("link")).toHaveText(["Übersicht", "Module", "Newsletter"]);
  await expect(menu.getByRole("link", { name: "Newsletter" })).toHaveAttribute("aria-current", "page");
  await expect(menu.getByRole("button", { name: "Abmelden" })).toBeVisible();
  await expect(page.getByText("Hallo Ada Lovelace")).toBeVisible();
});

test("R-NAV-01 signed out: no menu", async ({ page }) => {
  await page.goto("/preview/newsletter");
  await expect(page.getByRole("navigation", { name: "Hauptnavigation" })).toHaveCount(0);
});

for (const path of [
  "/demo/login",
  "/initiativ/landing",
  "/preview/newsletter",
  "/demo/page-not-found",
  "/demo/login?modal=privacy&modal=legal-notice",
]) {
  test(`R-LAY-01 R-NAV-01 usable at 320 px: ${path} fits without horizontal scrolling`, async ({ page, browser, baseURL }, testInfo) => {
    const inspected = await inspectablePage(testInfo, browser, page, {
      baseURL: baseURL!,
      signedIn: { cstm: path.split("/")[1], displayName: "Ada Lovelace" },
      viewport: { width: 320, height: 640 },
    });
    await inspected.goto(path);
    await expect(inspected.locator("main")).toBeVisible();
    const overflow = await inspected.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("R-NAV-01 at 320 px every menu entry, Logout and the language chooser are visible and reachable without hover", async ({
  page,
  context,
  baseURL,
}) => {
  await signInAs(context, baseURL!, { cstm: "preview", displayName: "Ada Lovelace" });
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/preview/newsletter");
  const menu = page.getByRole("navigation", { name: "Hauptnavigation" });
  for (const name of ["Übersicht", "Module", "Newsletter"]) {
    const link = menu.getByRole("link", { name });
    await expect(link).toBeVisible();
    await expect(link).toBeInViewport();
  }
  await expect(menu.getByRole("button", { name: "Abmelden" })).toBeInViewport();
});

test("R-SCR-10 the language chooser offers only the customer's languages and marks the current one", async ({ page }) => {
  await page.goto("/initiativ/landing");
  const chooser = page.getByRole("form", { name: "Sprache wählen" });
  await expect(chooser.getByRole("button")).toHaveText(["Deutsch (du)", "English"]);
  await expect(chooser.getByRole("button", { name: "Deutsch (du)" })).toHaveAttribute("aria-current", "true");
  await chooser.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Initiativbewerbung");
  await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();
});

test("R-RTE-01 landing leads to sign-in", async ({ page }) => {
  await page.goto("/initiativ");
  await expect(page).toHaveURL(/\/initiativ\/landing$/);
  await page.getByRole("link", { name: "Anmelden" }).click();
  await expect(page).toHaveURL(/\/initiativ\/login$/);
});

test("R-LAY-01 the skip link is the first stop of the keyboard and leads to the main content", async ({ page }) => {
  await page.goto("/demo/login");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Zum Inhalt springen" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

test("R-RTE-06 R-VAL-06 newsletter sign-up validates with translated messages (JS off and on)", async ({ page }) => {
  await page.goto("/preview/newsletter");
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("kein-name");
  await page.getByRole("button", { name: "Abonnieren" }).click();
  await expect(page.getByText("Bitte gib eine gültige E-Mail-Adresse ein.")).toBeVisible();
  await expect(page.getByText("Bitte bestätige deine Einwilligung.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "E-Mail-Adresse" })).toHaveAttribute("aria-invalid", "true");
});

test("R-RTE-06 the newsletter thank-you is a one-time notice: it does not follow the visitor to the next page", async ({ page }) => {
  await page.goto("/preview/newsletter");
  await page.getByRole("textbox", { name: "E-Mail-Adresse" }).fill("ada@example.com");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Abonnieren" }).click();
  await expect(page.getByRole("status")).toHaveText(/Danke!/);
  await page.getByRole("link", { name: "Vorschau – Startseite" }).click();
  await expect(page).toHaveURL(/\/preview\/login$/);
  await expect(page.getByRole("status")).toHaveCount(0);
});
