import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * A keyboard-only journey (docs/decisions/132). Nothing is clicked: every step is
 * Tab, Shift+Tab, Enter, Space or typing through page.keyboard. After each navigation and each error
 * the test asserts where focus lands and that the focused element can be seen: a focus indicator
 * with contrast (WCAG 2.4.7, 1.4.11), not obscured (2.4.11) and a target of at least 24×24 CSS px
 * or with the spacing exception (2.5.8). Runs with JavaScript off and on.
 */

interface FocusReport {
  tag: string;
  text: string;
  indicator: boolean;
  contrast: number;
  inViewport: boolean;
  covered: string | null;
  interactive: boolean;
  width: number;
  height: number;
  spaced: boolean;
  inline: boolean;
}

/** What the focused element looks like, measured in the page. */
async function focusReport(page: Page): Promise<FocusReport> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    const rgb = (color: string) => (color.match(/[\d.]+/g) ?? ["0", "0", "0", "0"]).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const channel = (value: number) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    // The surface behind the indicator: the first ancestor (outside the element) with a background.
    let surface = "rgb(255, 255, 255)";
    for (let node = element.parentElement; node; node = node.parentElement) {
      const background = getComputedStyle(node).backgroundColor;
      const [, , , alpha = 1] = rgb(background);
      if (background !== "transparent" && alpha > 0) {
        surface = background;
        break;
      }
    }
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2;
    const shadow = style.boxShadow !== "none";
    const ring = outline
      ? style.outlineColor
      : shadow
        ? (style.boxShadow.match(/rgba?\([^)]*\)/)?.[0] ?? "rgb(0,0,0)")
        : "rgb(255,255,255)";
    const [l1, l2] = [luminance(rgb(ring)), luminance(rgb(surface))].sort((a, b) => b - a);
    const rect = element.getBoundingClientRect();
    const inViewport = rect.top >= 0 && rect.left >= 0 && rect.bottom <= innerHeight && rect.right <= innerWidth;
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    // A hit on the element, inside it or on its own label (a checkbox drawn by its label) is not covering it.
    const own = hit && (hit === element || element.contains(hit) || (element as HTMLInputElement).labels?.[0]?.contains(hit));
    const covered = own || element === document.body ? null : (hit?.outerHTML.slice(0, 120) ?? "nothing");
    const interactive = element.matches("a[href], button, input, select, textarea, summary");
    const inline =
      element.matches("a") &&
      style.display === "inline" &&
      (element.parentElement?.textContent ?? "").trim().length > (element.textContent ?? "").trim().length;
    // Spacing exception: a 24 px circle around the centre meets no other target.
    const cx = rect.left + rect.width / 2;
    const cy = rect.top + rect.height / 2;
    const spaced = [...document.querySelectorAll("a[href], button, input, select, textarea, summary")]
      .filter((other) => other !== element && (other as HTMLElement).offsetParent !== null)
      .every((other) => {
        const box = other.getBoundingClientRect();
        const dx = Math.max(box.left - cx, 0, cx - box.right);
        const dy = Math.max(box.top - cy, 0, cy - box.bottom);
        return Math.hypot(dx, dy) >= 12;
      });
    return {
      tag: element.tagName.toLowerCase(),
      text: (element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 60),
      indicator: outline || shadow,
      contrast: (l1 + 0.05) / (l2 + 0.05),
      inViewport,
      covered,
      interactive,
      width: rect.width,
      height: rect.height,
      spaced,
      inline,
    };
  });
}

/** The focused element shows a visible, unobscured focus indicator and is a large enough target. */
async function expectVisibleFocus(page: Page, what: string) {
  const report = await focusReport(page);
  expect(report.tag, `${what}: something is focused`).not.toBe("body");
  expect(report.indicator, `${what}: ${report.tag} "${report.text}" shows a focus indicator`).toBe(true);
  expect(report.contrast, `${what}: the indicator's contrast`).toBeGreaterThanOrEqual(3);
  expect(report.inViewport, `${what}: ${report.tag} "${report.text}" is inside the viewport`).toBe(true);
  expect(report.covered, `${what}: ${report.tag} "${report.text}" is not covered`).toBeNull();
  if (report.interactive && !report.inline && !report.spaced) {
    expect(Math.min(report.width, report.height), `${what}: ${report.tag} "${report.text}" is at least 24×24 px`).toBeGreaterThanOrEqual(
      24,
    );
  }
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until the locator has focus; every stop on the way shows its focus too. */
async function tabTo(page: Page, locator: Locator, what: string, key: "Tab" | "Shift+Tab" = "Tab") {
  for (let presses = 0; presses < 60; presses += 1) {
    await page.keyboard.press(key);
    if (await isFocused(locator)) {
      await expectVisibleFocus(page, what);
      return;
    }
  }
  throw new Error(`${what}: not reached with ${key}`);
}

/**
 * Where focus is after a navigation. With JavaScript the page's main heading has it; without, a new
 * document starts at the top and the first Tab reaches the skip link, whose Enter moves to main.
 */
async function expectFocusAfterNavigation(page: Page, testInfo: TestInfo, heading: string | RegExp) {
  const h1 = page.getByRole("heading", { level: 1, name: heading });
  await expect(h1).toBeVisible();
  if (testInfo.project.use.javaScriptEnabled === false) {
    await expect(page.locator("body")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.locator("a.skip-link")).toBeFocused();
    await expectVisibleFocus(page, `skip link above "${heading}"`);
  } else {
    await expect(h1).toBeFocused();
    await expectVisibleFocus(page, `heading "${heading}"`);
  }
}

test("decision 132 keyboard only: login with an error → home → the form module with an error → summary → save → feedback → the report", async ({
  page,
  cloneUser,
}, testInfo) => {
  test.setTimeout(180_000);
  const dora = await cloneUser("dora");
  await page.goto("/demo/login?langId=en_GB");

  // The skip link is the first stop and leads into main.
  await page.keyboard.press("Tab");
  await expect(page.locator("a.skip-link")).toBeFocused();
  await expectVisibleFocus(page, "skip link");

  // Sign in with nothing filled in: the first invalid field has focus.
  await tabTo(page, page.getByRole("button", { name: "Sign in" }), "sign-in button");
  await page.keyboard.press("Enter");
  const username = page.getByLabel("Username");
  await expect(username).toHaveAttribute("aria-invalid", "true");
  await expect(username).toBeFocused();
  await expectVisibleFocus(page, "username after the refused sign-in");
  await page.keyboard.type(dora.userName);
  await page.keyboard.press("Tab");
  const password = page.getByLabel("Password", { exact: true });
  await expect(password).toBeFocused();
  await page.keyboard.type("Not-her-password-1");
  await tabTo(page, page.getByRole("checkbox"), "privacy checkbox");
  await page.keyboard.press("Space");
  await expect(page.getByRole("checkbox")).toBeChecked();
  await tabTo(page, page.getByRole("button", { name: "Sign in" }), "sign-in button");
  await page.keyboard.press("Enter");

  // A wrong password is a form-level error (no field is invalid): its message has focus, and the
  // next Tab goes on into the form.
  const refusal = page.getByRole("alert").filter({ hasText: "Username or password incorrect" });
  await expect(refusal).toBeFocused();
  await expectVisibleFocus(page, "the form's error message");
  await expect(page.getByLabel("Username")).toHaveValue(dora.userName);
  await tabTo(page, password, "password after the refused sign-in");
  await page.keyboard.type(dora.password);
  const privacy = page.getByRole("checkbox");
  if (!(await privacy.isChecked())) {
    await tabTo(page, privacy, "privacy checkbox");
    await page.keyboard.press("Space");
  }
  await tabTo(page, page.getByRole("button", { name: "Sign in" }), "sign-in button");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/demo\/home$/);
  await expectFocusAfterNavigation(page, testInfo, "Your modules");

  // Home → the personal-data form.
  await tabTo(page, page.locator('main a[href="/demo/assessment/40"]').first(), "the form module's link");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/demo\/assessment\/40$/);
  await expectFocusAfterNavigation(page, testInfo, "Personal details");

  const firstName = page.getByLabel("First name", { exact: true });
  await tabTo(page, firstName, "first name");
  await page.keyboard.type("Dora");
  const review = page.getByRole("button", { name: "Continue to the summary" });
  await tabTo(page, review, "continue to the summary");
  await page.keyboard.press("Enter");
  const lastName = page.getByLabel("Last name", { exact: true });
  await expect(lastName).toHaveAttribute("aria-invalid", "true");
  await expect(lastName).toBeFocused();
  await expectVisibleFocus(page, "last name after the refused form");
  await expect(firstName).toHaveValue("Dora");
  await page.keyboard.type("Fischer");
  // Back one field with Shift+Tab and forward again: the first name kept its value.
  await page.keyboard.press("Shift+Tab");
  await expect(firstName).toBeFocused();
  await expectVisibleFocus(page, "first name with Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(lastName).toBeFocused();

  await tabTo(page, page.getByLabel("E-mail address", { exact: true }), "e-mail");
  await page.keyboard.type("dora@example.com");
  const school = page.getByLabel("School-leaving qualification", { exact: true });
  await tabTo(page, school, "school-leaving qualification");
  await page.keyboard.type("Intermediate");
  await expect(school).toHaveValue("realschule");
  const yes = page.getByRole("radio", { name: "Yes" });
  await tabTo(page, yes, "relocation: yes");
  await page.keyboard.press("Space");
  await expect(yes).toBeChecked();
  await tabTo(page, review, "continue to the summary");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/demo\/assessment\/40\/summary$/);
  await expectFocusAfterNavigation(page, testInfo, "Summary: Personal details");
  await tabTo(page, page.getByRole("button", { name: "Save" }), "save");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/demo\/assessment\/40\/saved$/);
  await expectFocusAfterNavigation(page, testInfo, "Thank you!");
  await tabTo(page, page.getByRole("button", { name: "Continue" }), "continue");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/demo\/assessment\/40$/);
  await expectFocusAfterNavigation(page, testInfo, "Congratulations!");
  await tabTo(page, page.getByRole("link", { name: "To the module overview" }), "to the module overview");
  await page.keyboard.press("Enter");

  // With every module done, home asks for feedback first: the modal holds focus (without JavaScript the first Tab is in it).
  await expect(page).toHaveURL(/\/demo\/home\?modal=feedback$/);
  const modal = page.getByRole("dialog", { name: "Your feedback" });
  await expect(modal).toBeVisible();
  if (testInfo.project.use.javaScriptEnabled === false) await page.keyboard.press("Tab");
  await expect.poll(() => modal.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await expectVisibleFocus(page, "first stop in the feedback modal");

  // A rating with the arrow keys inside the radio group (Tab enters the group once), then send.
  const ratings = modal.getByRole("group", { name: "Your rating" }).getByRole("radio");
  await tabTo(page, ratings.first(), "the first rating");
  for (let step = 0; step < 3; step += 1) await page.keyboard.press("ArrowRight");
  const four = modal.getByLabel("4 – very good");
  await expect(four).toBeChecked();
  await expect(four).toBeFocused();
  await expectVisibleFocus(page, "rating 4");
  await tabTo(page, modal.getByRole("button", { name: "Send feedback" }), "send feedback");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Thank you for your feedback!" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Home → the report, and the download with Enter.
  await tabTo(page, page.getByRole("link", { name: "To your results" }), "to your results");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/demo\/report$/);
  await expectFocusAfterNavigation(page, testInfo, "Results");
  await tabTo(page, page.getByRole("link", { name: "Download report (PDF)" }), "download the report");
  const downloading = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  expect((await downloading).suggestedFilename()).toBe("report.pdf");
});
