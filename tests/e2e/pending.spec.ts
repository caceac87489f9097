import { expect, test } from "./fixtures";

/**
 * R-LOAD-01 / docs/decisions/121: with JavaScript, a navigation or submission that takes longer than a
 * moment shows a slim progress bar and marks the page's main region busy; both go once it is done.
 * The data request is held by the test (a slow network) until the pending state has been seen.
 */
test("R-LOAD-01 a slow sign-in shows the pending bar and aria-busy, and both go when the answer arrives", async ({
  page,
  javaScriptEnabled,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/demo/login?langId=en_GB");
  if (javaScriptEnabled) await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
  await expect(page.getByTestId("pending-bar")).toHaveCount(0);
  await page.getByLabel("Username").fill("nobody");
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign in" }).click();
  if (javaScriptEnabled) {
    await expect(page.getByTestId("pending-bar")).toBeVisible();
    await expect(page.locator("main")).toHaveAttribute("aria-busy", "true");
    release();
  }
  await expect(page.getByText("Username or password incorrect")).toBeVisible();
  await expect(page.getByTestId("pending-bar")).toHaveCount(0);
  await expect(page.locator("main")).not.toHaveAttribute("aria-busy", /.*/);
  // What was typed is still there.
  await expect(page.getByLabel("Username")).toHaveValue("nobody");
  release();
});
