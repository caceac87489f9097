import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { DORA_PERSONAL_DATA } from "../support/demo-answers";
import { expect, logIn, test, type DemoUser } from "./fixtures";

/**
 * The report journeys as an applicant walks them, with JavaScript off and on (R-SCR-06,
 * R-REP-01, R-SCR-10): a user with everything done is asked for feedback, gives it and downloads
 * report.pdf; a user with modules left sees why there is no download. Every journey uses a clone.
 */
async function signIn(page: Page, user: DemoUser) {
  await logIn(page, user);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

/** dora's last open module (the personal-data form) saved and finished over HTTP with the browser's session. */
async function finishDorasForm(page: Page) {
  const post = (path: string, form: Record<string, string>) => page.request.post(path, { form, maxRedirects: 0 });
  const review = await post("/demo/assessment/40", { intent: "review", ...DORA_PERSONAL_DATA });
  expect(review.headers().location).toBe("/demo/assessment/40/summary");
  expect((await post("/demo/assessment/40/summary", { intent: "save" })).headers().location).toBe("/demo/assessment/40/saved");
  expect((await post("/demo/assessment/40/saved", { intent: "continue" })).headers().location).toBe("/demo/assessment/40");
}

test("R-SCR-06 R-REP-01 R-SCR-10 with every module done: the feedback modal opens, feedback is given, report.pdf is downloaded", async ({
  page,
  cloneUser,
}, testInfo) => {
  const dora = await cloneUser("dora");
  await signIn(page, dora);
  await finishDorasForm(page);

  await page.goto("/demo/report");
  // Feedback is requested for the completed profile: the modal opens by itself, once.
  await expect(page).toHaveURL(/\/demo\/report\?modal=feedback$/);
  const modal = page.getByRole("dialog", { name: "Your feedback" });
  await expect(modal).toBeVisible();
  await modal.getByLabel("Comment").fill("Clear questions, fair time limits.");
  await modal.getByRole("button", { name: "Send feedback" }).click();
  await expect(modal.getByText("Please choose a rating from 1 to 5.")).toBeVisible();
  await expect(modal.getByLabel("Comment")).toHaveValue("Clear questions, fair time limits.");
  await modal.getByRole("group", { name: "Your rating" }).getByLabel("4 – very good").check();
  await modal.getByRole("button", { name: "Send feedback" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you for your feedback!" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(/\/demo\/report$/);

  await expect(page.getByRole("heading", { level: 1, name: "Results" })).toBeVisible();
  await expect(page.getByText("8 of 8 completed")).toBeVisible();
  const javaScript = testInfo.project.use.javaScriptEnabled !== false;
  let release = () => {};
  if (javaScript) {
    // Hold the file back a moment: with JavaScript the button says the report is being prepared.
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/demo/report/download", async (route) => {
      expect(route.request().headers().accept).toBe("application/pdf");
      await held;
      await route.continue();
    });
  }
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download report (PDF)" }).click();
  if (javaScript) {
    await expect(page.getByRole("link", { name: "Preparing your report …" })).toHaveAttribute("aria-disabled", "true");
    release();
  }
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("report.pdf");
  const file = await readFile(await download.path());
  expect(file.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // The page is still the report page, with no failure shown.
  await expect(page).toHaveURL(/\/demo\/report$/);
  await expect(page.getByText("Report download failed.")).toHaveCount(0);

  // Seen: coming back does not open the modal again.
  await page.goto("/demo/report");
  await expect(page).toHaveURL(/\/demo\/report$/);
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

test("R-SCR-06 R-VAL-12 with modules left there is no download, and the download address sends the applicant back with the message", async ({
  page,
  cloneUser,
}) => {
  const anna = await cloneUser("anna");
  await signIn(page, anna);
  await page.goto("/demo/report");
  await expect(page.getByRole("heading", { level: 2, name: "Result report" })).toBeVisible();
  await expect(page.getByText("0 of 8 completed")).toBeVisible();
  await expect(page.getByText("You can download your report as soon as you have completed all modules.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download report (PDF)" })).toHaveCount(0);
  await page.goto("/demo/report/download");
  await expect(page).toHaveURL(/\/demo\/report$/);
  await expect(page.getByRole("alert").filter({ hasText: "Report download failed." })).toBeVisible();
});
