import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";

/** R-SCR-10/11: the URL-addressed modal stack, as a user walks it with and without JavaScript. */

const needsJs = (name: string) => name === "js-off";

/**
 * R-CON-03 as the browser lays the dialog out: the stacking level of the overlay it sits in (the nearest
 * ancestor that has one) and its largest width in em of its own font size.
 */
function overlayOf(dialog: Locator): Promise<{ zIndex: string; maxWidthEm: number }> {
  return dialog.evaluate((element) => {
    let layer = element.parentElement;
    while (layer && getComputedStyle(layer).zIndex === "auto") layer = layer.parentElement;
    const style = getComputedStyle(element);
    return {
      zIndex: layer ? getComputedStyle(layer).zIndex : "auto",
      maxWidthEm: Math.round((parseFloat(style.maxWidth) / parseFloat(style.fontSize)) * 100) / 100,
    };
  });
}

test("R-SCR-10 R-SCR-11 the privacy link opens the data-protection modal; a click outside closes it", async ({ page }) => {
  await page.goto("/demo/login?langId=en_GB");
  await page.getByRole("link", { name: "privacy policy." }).click();
  await expect(page).toHaveURL(/\/demo\/login\?langId=en_GB&modal=privacy$/);
  const privacy = page.getByRole("dialog", { name: "Privacy policy" });
  await expect(privacy).toBeVisible();
  await expect(privacy).toContainText("Privacy statement of Demo AG");
  // The backdrop covers the page around the dialog: a click in the corner is a click outside.
  await page.mouse.click(5, 5);
  await expect(page).toHaveURL(/\/demo\/login\?langId=en_GB$/);
  await expect(privacy).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
});

test("R-SCR-11 while a modal is open the keyboard stays in it: the page behind is inert", async ({ page }) => {
  await page.goto("/demo/login?langId=en_GB&modal=privacy");
  const privacy = page.getByRole("dialog", { name: "Privacy policy" });
  await expect(privacy).toBeVisible();
  // The skip link, the language chooser and the form come first in the page, but are inert.
  await page.keyboard.press("Tab");
  await expect(privacy.getByRole("link", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(privacy.getByRole("link", { name: "Legal notice" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("textbox", { name: "Username" })).not.toBeFocused();
  await expect(page.getByRole("link", { name: "Skip to content" })).not.toBeFocused();
});

test("R-SCR-11 R-CON-03 modals stack: the legal notice opens over the privacy modal and closes back to it", async ({ page }) => {
  await page.goto("/demo/login?langId=en_GB&modal=privacy");
  const privacy = page.getByRole("dialog", { name: "Privacy policy" });
  // The statement is a wide modal, the legal notice a narrow one; both overlays at z-index 1001.
  expect(await overlayOf(privacy)).toEqual({ zIndex: "1001", maxWidthEm: 80 });
  await privacy.getByRole("link", { name: "Legal notice" }).click();
  await expect(page).toHaveURL(/modal=privacy&modal=legal-notice$/);
  const notice = page.getByRole("dialog", { name: "Legal notice" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Demo AG");
  expect(await overlayOf(notice)).toEqual({ zIndex: "1001", maxWidthEm: 34 });
  // Only the most recent modal is active: the keyboard never reaches the one below.
  await page.keyboard.press("Tab");
  await expect(notice.getByRole("link", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(notice.getByRole("link", { name: "Open the full legal notice" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(privacy.getByRole("link", { name: "Legal notice" })).not.toBeFocused();
  await notice.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/modal=privacy$/);
  await expect(notice).toHaveCount(0);
  await expect(privacy).toBeVisible();
  await privacy.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/demo\/login\?langId=en_GB$/);
});

test("R-SCR-11 the browser's back button steps back through the stack", async ({ page }) => {
  await page.goto("/demo/login?langId=en_GB");
  await page.getByRole("link", { name: "privacy policy." }).click();
  await page.getByRole("dialog", { name: "Privacy policy" }).getByRole("link", { name: "Legal notice" }).click();
  await expect(page.getByRole("dialog", { name: "Legal notice" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("dialog", { name: "Privacy policy" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("R-SCR-11 with JavaScript: focus moves into the dialog, Escape closes it, focus returns to the opener", async ({ page }, testInfo) => {
  test.skip(needsJs(testInfo.project.name), "keyboard and focus handling are the JavaScript enhancement");
  await page.goto("/demo/login?langId=en_GB");
  const opener = page.getByRole("link", { name: "privacy policy." });
  await opener.focus();
  await page.keyboard.press("Enter");
  const privacy = page.getByRole("dialog", { name: "Privacy policy" });
  await expect(privacy).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(privacy).toHaveCount(0);
  await expect(page).toHaveURL(/\/demo\/login\?langId=en_GB$/);
  await expect(opener).toBeFocused();
});

test("R-SCR-11 with JavaScript: Escape closes only the top modal, focus goes back to the link that opened it", async ({
  page,
}, testInfo) => {
  test.skip(needsJs(testInfo.project.name), "keyboard and focus handling are the JavaScript enhancement");
  await page.goto("/demo/login?langId=en_GB");
  await page.getByRole("link", { name: "privacy policy." }).click();
  const privacy = page.getByRole("dialog", { name: "Privacy policy" });
  const legalLink = privacy.getByRole("link", { name: "Legal notice" });
  await legalLink.focus();
  await page.keyboard.press("Enter");
  const notice = page.getByRole("dialog", { name: "Legal notice" });
  await expect(notice).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(notice).toHaveCount(0);
  await expect(legalLink).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(privacy).toHaveCount(0);
  await expect(page.getByRole("link", { name: "privacy policy." })).toBeFocused();
});

test("R-SCR-11 with JavaScript: an outside click closes without a page load and focus returns", async ({ page }, testInfo) => {
  test.skip(needsJs(testInfo.project.name), "client-side navigation and focus are the JavaScript enhancement");
  await page.goto("/demo/login?langId=en_GB");
  await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
  const opener = page.getByRole("link", { name: "privacy policy." });
  await opener.click();
  await expect(page.getByRole("dialog", { name: "Privacy policy" })).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(opener).toBeFocused();
  // Still the same document: the modal opened and closed without reloading the page.
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
});

test("R-SCR-11 with JavaScript: a page loaded with a modal open focuses it; closing focuses its opener link", async ({
  page,
}, testInfo) => {
  test.skip(needsJs(testInfo.project.name), "focus handling is the JavaScript enhancement");
  await page.goto("/demo/login?langId=en_GB&modal=privacy");
  await expect(page.getByRole("dialog", { name: "Privacy policy" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("link", { name: "privacy policy." })).toBeFocused();
});
