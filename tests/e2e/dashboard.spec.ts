import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { pdfText } from "../api/support/pdf-text";
import { answerInFrame, answerOverHttp } from "./engine";
import { expect, logIn, test, type DemoUser } from "./fixtures";

/**
 * The dashboard as an applicant uses it, with JavaScript off and on: the profile chooser,
 * home with its containers and progress, and the change-password dialog. Every journey uses a clone.
 */
async function signIn(page: Page, user: DemoUser, language = "en_GB") {
  await logIn(page, user, language);
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
}

test("R-SCR-08 R-PROF-02 ben's chooser: P300 cannot be started, P400 says its time expired, P200 opens", async ({ page, cloneUser }) => {
  await signIn(page, await cloneUser("ben"));
  await expect(page).toHaveURL(/\/demo\/profileChooser$/);
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  const card = (name: string) => page.getByRole("article", { name });
  await expect(card("Vertrieb").getByText("This profile is not open at the moment.")).toBeVisible();
  await expect(card("Vertrieb").getByRole("button")).toHaveCount(0);
  await expect(card("Werkstudium").getByText("The time allotted for this profile has expired.")).toBeVisible();
  await expect(card("Werkstudium").getByRole("button")).toHaveCount(0);
  await expect(card("Duales Studium").getByText("You have finished this profile.")).toBeVisible();
  await expect(card("Duales Studium").getByText("Your report for this profile can be downloaded.")).toBeVisible();
  await card("Duales Studium").getByRole("button", { name: "Overview" }).click();
  // The completed profile asks for feedback once (R-SCR-10); closing the dialog shows its home.
  await expect(page).toHaveURL(/\/demo\/home\?modal=feedback$/);
  await page.getByRole("dialog", { name: "Your feedback" }).getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/demo\/home$/);
  await expect(page.getByText("Profile: Duales Studium")).toBeVisible();
  // Back in the chooser the opened profile is marked.
  await page.getByRole("link", { name: "Overview" }).click();
  await expect(card("Duales Studium").getByText("Current profile")).toBeVisible();
  await card("Ausbildung 2027").getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/demo\/home$/);
  await expect(page.getByRole("article", { name: "Cognitive abilities" }).getByText("1 of 3 modules completed")).toBeVisible();
});

test("R-SCR-05 R-CONT-03 anna's home: containers, durations, progress; the first module starts from its card", async ({
  page,
  cloneUser,
}) => {
  await signIn(page, await cloneUser("anna"));
  await expect(page).toHaveURL(/\/demo\/home$/);
  await expect(page.getByRole("heading", { name: "Your modules", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Modules" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("0 of 4 completed")).toBeVisible();
  await expect(page.getByText(/^Registered since /)).toBeVisible();
  const cognitive = page.getByRole("article", { name: "Cognitive abilities" });
  await expect(cognitive.getByText("0 of 3 modules completed")).toBeVisible();
  await expect(cognitive.getByText("33 minutes")).toBeVisible();
  // Only the next module of a container can be started.
  await expect(cognitive.getByRole("link", { name: /^Start / })).toHaveCount(1);
  await cognitive.getByRole("link", { name: "Start Verbal reasoning" }).click();
  await expect(page).toHaveURL(/\/demo\/assessment\/31$/);
});

test("R-SCR-10 R-VAL-04 the change-password dialog opens over home and refuses a mismatch", async ({ page, cloneUser }) => {
  await signIn(page, await cloneUser("anna"));
  await page.getByRole("link", { name: "Change password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change password" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Current password").fill("Anna-Demo-2027");
  await dialog.getByLabel("New password", { exact: true }).fill("Another-Pass-2028");
  await dialog.getByLabel("Repeat new password").fill("Another-Pass-2029");
  await dialog.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password fields don't match")).toBeVisible();
});

test("R-FIN-01 R-SCR-07 R-REP-01 anna works through the whole of P100, from her first module to the downloaded report", async ({
  page,
  cloneUser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, await cloneUser("anna"));
  // The first module in the browser: from home's card into the frame and back to the transition screen.
  await page.getByRole("article", { name: "Cognitive abilities" }).getByRole("link", { name: "Start Verbal reasoning" }).click();
  await answerInFrame(page.frameLocator('iframe[title="Assessment: Verbal reasoning"]'));
  await expect(page.getByRole("heading", { level: 1, name: "Module completed" })).toBeVisible();
  // The other Scale modules over HTTP with the browser's session (the engine's own pages, answered for real).
  for (const module of [32, 33, 42, 43]) await page.goto(await answerOverHttp(page, `/demo/assessment/${module}`));
  // The practice modules are skipped.
  for (const module of [86, 87]) {
    await page.goto(`/demo/assessment/${module}`);
    await page.getByRole("button", { name: "Skip practice" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Module completed" })).toBeVisible();
  }
  // The personal-data form: fill, review, save, continue.
  await page.goto("/demo/assessment/40");
  await page.getByLabel("First name", { exact: true }).fill("Anna");
  await page.getByLabel("Last name", { exact: true }).fill("Becker");
  await page.getByLabel("E-mail address", { exact: true }).fill("anna@example.com");
  await page.getByLabel("School-leaving qualification", { exact: true }).selectOption("realschule");
  await page.getByRole("radio", { name: "No" }).check();
  await page.getByRole("button", { name: "Continue to the summary" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Congratulations!" })).toBeVisible();

  // Home: the feedback dialog opens once by itself; closed, the congratulation notice leads to the report.
  await page.getByRole("link", { name: "To the module overview" }).click();
  await expect(page).toHaveURL(/\/demo\/home\?modal=feedback$/);
  await page.getByRole("dialog", { name: "Your feedback" }).getByRole("link", { name: "Close" }).click();
  await expect(page.getByText("4 of 4 completed")).toBeVisible();
  await expect(page.getByRole("heading", { name: "All modules completed" })).toBeVisible();
  await page.getByRole("link", { name: "To your results" }).click();
  await expect(page).toHaveURL(/\/demo\/report$/);
  await expect(page.getByText("8 of 8 completed")).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download report (PDF)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("report.pdf");
  const file = await readFile(await download.path());
  expect(file.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect((await pdfText(file)).lines).toContain("Verbal reasoning");
});
