import type { Page } from "@playwright/test";
import { answerInFrame, answerOverHttp } from "./engine";
import { expect, logIn, test, type DemoUser } from "./fixtures";

/**
 * The assessment journeys as an applicant walks them, with JavaScript off and on: a Scale
 * module in the embedded frame, dora's personal-data form, an fbo container, a skipped training
 * module, and a form draft that survives reloads and the back button. Every journey uses a clone.
 */

/** Signs in and waits until the login is through (with JavaScript the form posts with fetch). */
async function signIn(page: Page, user: DemoUser) {
  await logIn(page, user);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

test("R-FIN-01 R-SCR-02 a Scale module end to end in the frame, to the transition screen with the next module's minutes", async ({
  page,
  cloneUser,
}) => {
  const anna = await cloneUser("anna");
  await signIn(page, anna);
  await page.goto("/demo/assessment/31");
  await expect(page.getByRole("heading", { level: 1, name: "Verbal reasoning" })).toBeVisible();
  // R-ENT-06: a Scale module cannot be discontinued.
  await expect(page.getByRole("button", { name: "Skip practice" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Frame not showing? Open the module in this window" })).toBeVisible();
  await answerInFrame(page.frameLocator('iframe[title="Assessment: Verbal reasoning"]'));
  await expect(page).toHaveURL(/\/demo\/assessment\/31$/);
  await expect(page.getByRole("heading", { level: 1, name: "Module completed" })).toBeVisible();
  await expect(page.getByText("You have completed “Verbal reasoning”.")).toBeVisible();
  await expect(page.getByText("Tip: take a short break before you start the next module.")).toBeVisible();
  await expect(page.getByText("Numerical reasoning · 15 minutes")).toBeVisible();
  await page.getByRole("link", { name: "Start the next module" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Numerical reasoning" })).toBeVisible();
});

test("R-FORM-01 R-SCR-03 R-SCR-04 R-VAL-06 dora fills the form, fixes a missing field, edits from the summary, saves, cannot edit again and reaches the all-done state", async ({
  page,
  cloneUser,
}) => {
  const dora = await cloneUser("dora");
  await signIn(page, dora);
  await page.goto("/demo/assessment/40");
  await expect(page.getByRole("heading", { level: 1, name: "Personal details", exact: true })).toBeVisible();
  await expect(page.getByText("Date of birth (optional)")).toBeVisible();
  await page.getByLabel("First name", { exact: true }).fill("Dora");
  await page.getByLabel("Date of birth").fill("2008-04-01");
  await page.getByLabel("E-mail address", { exact: true }).fill("dora@example.com");
  await page.getByLabel("School-leaving qualification", { exact: true }).selectOption("realschule");
  await page.getByRole("radio", { name: "Yes" }).check();
  await page.getByRole("button", { name: "Continue to the summary" }).click();

  const lastName = page.getByLabel("Last name", { exact: true });
  await expect(lastName).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Please fill in this field.")).toBeVisible();
  await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Dora");
  await lastName.fill("Fischer");
  await page.getByRole("button", { name: "Continue to the summary" }).click();

  await expect(page).toHaveURL(/\/demo\/assessment\/40\/summary$/);
  await expect(page.getByRole("heading", { level: 1, name: "Summary: Personal details" })).toBeVisible();
  await expect(page.getByText("1 April 2008")).toBeVisible();
  await expect(page.getByText("Intermediate school certificate")).toBeVisible();
  await page.getByRole("link", { name: "Edit: First name" }).click();
  await expect(page).toHaveURL(/\/demo\/assessment\/40\?field=firstName$/);
  await expect(page.getByLabel("First name", { exact: true })).toBeFocused();
  await page.getByLabel("First name", { exact: true }).fill("Dorothea");
  await page.getByRole("button", { name: "Continue to the summary" }).click();
  await expect(page).toHaveURL(/\/summary$/);
  await expect(page.getByText("Dorothea")).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(/\/demo\/assessment\/40\/saved$/);
  await expect(page.getByRole("heading", { level: 1, name: "Thank you!" })).toBeVisible();
  await expect(page.getByText("Your entries for “Personal details” have been saved.")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Edit/ })).toHaveCount(0);
  // After saving no change is possible: the form and the summary lead back to the saved state.
  await page.goto("/demo/assessment/40?field=lastName");
  await expect(page).toHaveURL(/\/demo\/assessment\/40\/saved$/);
  await page.goto("/demo/assessment/40/summary");
  await expect(page).toHaveURL(/\/demo\/assessment\/40\/saved$/);
  await expect(page.getByText("Dorothea")).toBeVisible();

  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/demo\/assessment\/40$/);
  await expect(page.getByRole("heading", { level: 1, name: "Congratulations!" })).toBeVisible();
  await expect(page.getByText("You have completed all modules.")).toBeVisible();
  await expect(page.getByRole("link", { name: "To the module overview" })).toHaveAttribute("href", "/demo/home");
  // R-SCR-07: home greets the finished profile with the congratulation notice and the way to the report.
  await page.getByRole("link", { name: "To the module overview" }).click();
  await expect(page.getByRole("heading", { name: "All modules completed" })).toBeVisible();
  await expect(page.getByText("Congratulations, you have completed all modules! You can now download your report.")).toBeVisible();
  await expect(page.getByRole("link", { name: "To your results" })).toHaveAttribute("href", "/demo/report");
});

test("R-FIN-01 an fbo container (42 + 43) finishes both modules together", async ({ page, cloneUser }) => {
  const anna = await cloneUser("anna");
  await signIn(page, anna);
  // 42 is answered over HTTP; its return leads to the rest of the group, walked in the browser.
  await page.goto(await answerOverHttp(page, "/demo/assessment/42"));
  await expect(page).toHaveURL(/\/demo\/assessment\/43\?after=42$/);
  await expect(page.getByText("Your answers to “Conscientiousness” are saved.")).toBeVisible();
  await answerInFrame(page.frameLocator('iframe[title="Assessment: Teamwork"]'));
  await expect(page).toHaveURL(/\/demo\/assessment\/43$/);
  await expect(page.getByRole("heading", { level: 1, name: "Module completed" })).toBeVisible();
  await expect(page.getByText("Working style: 2 of 2 completed")).toBeVisible();
  await page.goto("/demo/assessment/42");
  await expect(page.getByText("Working style: 2 of 2 completed")).toBeVisible();
});

test("R-ENT-06 a training module (86) is skipped", async ({ page, cloneUser }) => {
  const anna = await cloneUser("anna");
  await signIn(page, anna);
  await page.goto("/demo/assessment/86");
  await expect(page.getByText("This practice is optional: you may skip it.")).toBeVisible();
  await page.getByRole("button", { name: "Skip practice" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Module completed" })).toBeVisible();
  await expect(page.getByText("You have completed “Practice: verbal tasks”.")).toBeVisible();
  await expect(page.getByText("Practice: numerical tasks · 3 minutes")).toBeVisible();
});

test("the form draft survives coming back, a reload and the back button", async ({ page, cloneUser }, testInfo) => {
  const dora = await cloneUser("dora");
  await signIn(page, dora);
  await page.goto("/demo/assessment/40");
  await page.getByLabel("First name", { exact: true }).fill("Dora");
  await page.getByLabel("Last name", { exact: true }).fill("Fischer");
  await page.getByRole("button", { name: "Continue to the summary" }).click();
  await expect(page.getByLabel("E-mail address", { exact: true })).toHaveAttribute("aria-invalid", "true");

  // Coming back to the form later (a new visit, a session time-out) shows what was typed.
  await page.goto("/demo/assessment/31");
  await page.goto("/demo/assessment/40");
  await expect(page.getByLabel("First name", { exact: true })).toHaveValue("Dora");
  await expect(page.getByLabel("Last name", { exact: true })).toHaveValue("Fischer");
  await page.getByLabel("E-mail address", { exact: true }).fill("dora@example.com");
  await page.getByLabel("School-leaving qualification", { exact: true }).selectOption("abitur");
  await page.getByRole("radio", { name: "No" }).check();
  await page.getByRole("button", { name: "Continue to the summary" }).click();
  await expect(page).toHaveURL(/\/summary$/);

  await page.reload();
  await expect(page.getByText("General higher education entrance qualification")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/demo\/assessment\/40$/);
  await expect(page.getByRole("heading", { level: 1, name: "Personal details", exact: true })).toBeVisible();
  await expect(page.getByLabel("E-mail address", { exact: true })).toHaveValue("dora@example.com");
  await expect(page.getByLabel("School-leaving qualification", { exact: true })).toHaveValue("abitur");
  await expect(page.getByRole("radio", { name: "No" })).toBeChecked();

  if (testInfo.project.use.javaScriptEnabled !== false) {
    // With JavaScript, leaving a field keeps the draft at once: a reload loses nothing typed.
    await page.getByLabel("Motivation").fill("Weil ich gern mit Menschen arbeite.");
    const kept = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().endsWith("/demo/assessment/40/draft"),
    );
    await page.getByLabel("First name", { exact: true }).focus();
    await kept;
    await page.reload();
    await expect(page.getByLabel("Motivation")).toHaveValue("Weil ich gern mit Menschen arbeite.");
  }
});
