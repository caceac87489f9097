import type { Page } from "@playwright/test";
import { expect, logIn, test, type DemoUser } from "./fixtures";

/**
 * FAQ, profile, support with the video archive and player, and the screen-size warning (docs/decisions/080–084),
 * as an applicant walks them, with JavaScript off and on. The applicant is a cloned demo user
 * (docs/decisions/005), so editing the profile changes nobody else's data.
 */

/** Signs in and waits until the login answered (the next goto must not cancel it). */
async function signIn(page: Page, user: DemoUser) {
  await logIn(page, user);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

test("R-RTE-02 R-NAV-01 R-SCR-10 an applicant reads the FAQ, edits the profile, opens support and plays a video", async ({
  page,
  cloneUser,
}, testInfo) => {
  const jsOn = testInfo.project.use.javaScriptEnabled !== false;
  const user = await cloneUser("anna");
  await signIn(page, user);

  // FAQ: questions as disclosures that open without any script.
  await page.goto("/demo/FAQ");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently asked questions");
  const answer = page.getByText("Allow about an hour. You can pause at any time; finished modules are saved.");
  await expect(answer).toBeHidden();
  await page.getByText("How long does it take?").click();
  await expect(answer).toBeVisible();

  // Profile, through the menu: a wrong entry keeps what was typed, a right one is saved with a notice.
  const navigation = page.getByRole("navigation", { name: "Main navigation" });
  await navigation.getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL(/\/demo\/profile$/);
  await expect(page.getByLabel("First name")).toHaveValue("Anna");
  await expect(page.getByLabel("E-mail address")).toHaveValue(`${user.userName}@example.com`);
  await page.getByLabel("First name").fill("");
  await page.getByLabel("Last name").fill("Becker-Stein");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please fill in this field.")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Last name")).toHaveValue("Becker-Stein");
  await page.getByLabel("First name").fill("Annabel");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Your details have been saved.");
  await expect(page.getByText("Hello Annabel Becker-Stein")).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Annabel");

  // Support: the customer's text, its address, and the video archive.
  await navigation.getByRole("link", { name: "Support" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Support");
  await expect(page.getByText("If you have any questions, write to support@example.com")).toBeVisible();
  await expect(page.getByRole("link", { name: "support@example.com" })).toHaveAttribute("href", "mailto:support@example.com");
  await page.getByRole("link", { name: "Play video: Welcome to Demo AG" }).click();
  await expect(page).toHaveURL(/\/demo\/support\?video=welcome&modal=video$/);
  const player = page.getByRole("dialog", { name: "Welcome to Demo AG" });
  await expect(player).toBeVisible();
  const video = player.locator("video");
  await expect(video).toHaveAttribute("src", "/api/media/welcome.webm");
  await expect(video).toHaveAttribute("controls", "");
  await expect(player.getByRole("link", { name: "Open the video file" })).toHaveAttribute("href", "/api/media/welcome.webm");
  if (jsOn) {
    // Playing reports "play" in the background; the page does not change.
    const tracked = page.waitForRequest((request) => request.url().endsWith("/demo/track-video") && request.method() === "POST");
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    expect((await tracked).postData()).toContain("action=play");
    await expect(player).toBeVisible();
  }
  await player.getByRole("link", { name: "Close" }).click();
  await expect(player).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Support");
});

test("R-LANG-01 saving another language in the profile switches the application's language", async ({ page, cloneUser }) => {
  const user = await cloneUser("anna");
  await signIn(page, user);
  await page.goto("/demo/profile");
  await page.getByLabel("Language", { exact: true }).selectOption("de");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText("Ihre Angaben wurden gespeichert.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ihr Profil");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
});

test("R-SCR-10 the screen-size warning shows on screens narrower than 320 px and on very low landscape screens only", async ({
  page,
  cloneUser,
}) => {
  const user = await cloneUser("anna");
  await signIn(page, user);
  await page.goto("/demo/FAQ");
  const warning = page.getByText("Your screen is too small for the assessment.");
  await expect(warning).toBeHidden();
  await page.setViewportSize({ width: 300, height: 640 });
  await expect(warning).toBeVisible();
  await page.setViewportSize({ width: 320, height: 640 });
  await expect(warning).toBeHidden();
  await page.setViewportSize({ width: 640, height: 280 });
  await expect(warning).toBeVisible();
  await page.setViewportSize({ width: 740, height: 360 });
  await expect(warning).toBeHidden();
});
