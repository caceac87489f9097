import { expect, test } from "./fixtures";

/**
 * R-LANG-01, docs/decisions/124: anna switches to Italian with the language chooser while signed in; on another
 * device (a fresh browser context) she signs in on the default-language login page and lands in
 * Italian, her stored language. JS off and on.
 */
test("R-LANG-01 the language chosen while signed in follows the applicant to a new device (decision 124)", async ({
  page,
  browser,
  baseURL,
  cloneUser,
}, testInfo) => {
  // Two sign-ins, each a key derivation at the product's cost: generous on a busy machine (one run took 66 s at load 18).
  test.setTimeout(150_000);
  const user = await cloneUser("anna");
  const signIn = async (target: typeof page) => {
    await target.goto(`/${user.cstm}/login`);
    await target.getByLabel("Benutzername").fill(user.userName);
    await target.getByLabel("Passwort").fill(user.password);
    await target.getByRole("checkbox").check();
    await target.getByRole("button", { name: "Anmelden" }).click();
    await expect(target).toHaveURL(/\/demo\/home$/);
  };
  await signIn(page);
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.getByRole("button", { name: "Italiano" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "it");

  const other = await browser.newContext({ baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled, locale: "de-DE" });
  try {
    const second = await other.newPage();
    await signIn(second);
    await expect(second.locator("html")).toHaveAttribute("lang", "it");
  } finally {
    await other.close();
  }
});
