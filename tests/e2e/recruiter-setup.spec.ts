import { randomBytes } from "node:crypto";
import { expect, test } from "./fixtures";

/**
 * R-SCR-14, test setup (docs/decisions/157), with JavaScript off and on: rita changes P100's
 * open-until default, sees the change in the test's audit log, and an applicant she then creates with
 * P100 and no date of their own is open until today plus that many days. The default is per customer:
 * each project uses its own of rita's two customers, so the two runs cannot change each other's.
 */
const SLOW = { timeout: 30_000 };

test("R-SCR-14 rita changes P100's open-until default, sees it in the audit log, and a new assignment uses it", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const jsOff = testInfo.project.name === "js-off";
  const cstm = jsOff ? "demo" : "demo-vor-ort";
  const days = jsOff ? 21 : 28;
  const email = `e2e.setup.${testInfo.project.name}-${randomBytes(3).toString("hex")}@example.com`;

  await page.goto(`/${cstm}/recruiter/login?langId=en_GB`);
  await page.getByLabel("Username").fill("rita");
  await page.getByLabel("Password").fill("Rita-Recruiter-2027");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`/${cstm}/recruiter/applicants$`), SLOW);

  const navigation = page.getByRole("navigation", { name: "Recruiter navigation" });
  await navigation.getByRole("link", { name: "Test setup" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Test setup" })).toBeVisible(SLOW);
  await page
    .getByRole("table", { name: "Tests of this customer" })
    .getByRole("link", { name: /\(P100\)$/ })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /^Test setup: / })).toBeVisible(SLOW);
  await expect(page.getByText("Currently: open without end.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Parts and modules" })).toBeVisible();

  // A refusal first: named under the field, what was typed kept.
  const field = page.getByLabel(/Open for \(days\)/);
  await field.fill("four weeks");
  await page.getByRole("button", { name: "Save default" }).click();
  await expect(page.getByText("Please enter a whole number of days from 1 to 365, or leave the field empty.")).toBeVisible(SLOW);
  await expect(field).toHaveValue("four weeks");
  await expect(field).toHaveAttribute("aria-invalid", "true");

  await field.fill(String(days));
  await page.getByRole("button", { name: "Save default" }).click();
  await expect(page.getByText("The open-until default has been saved.")).toBeVisible(SLOW);
  await expect(page.getByText(`Currently: ${days} days.`)).toBeVisible();
  const audit = page.getByRole("table", { name: "Changes to the test's setup, newest first" });
  await expect(audit.getByRole("row").nth(1)).toContainText("rita");
  await expect(audit.getByRole("row").nth(1)).toContainText("Open-until default changed");
  await expect(audit.getByRole("row").nth(1)).toContainText(`open without end → ${days} days`);

  // A new assignment without a date of its own: open until today plus the default's days.
  await navigation.getByRole("link", { name: "Create applicant" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create applicant" })).toBeVisible(SLOW);
  await page.getByLabel("First name").fill("Olga");
  await page.getByLabel("Last name").fill("Offen");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Language", { exact: true }).selectOption("en_GB");
  await page.getByLabel("Profile").selectOption("P100");
  await page.getByRole("button", { name: "Create applicant" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Olga Offen" })).toBeVisible(SLOW);
  const expected = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  await expect(page.locator("#open-until-P100-date")).toHaveValue(expected);
});
