import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, logIn, test } from "./fixtures";

/**
 * R-SCR-14 (docs/decisions/140–150): rita's journey through the recruiter workspace, with JavaScript off and on, and axe on
 * its pages. Ben is a fresh clone (the list holds many Ben Schulz), found through the list's filters.
 */
async function signInAsRita(page: Page) {
  await page.goto("/demo/recruiter/login?langId=en_GB");
  await page.getByLabel("Username").fill("rita");
  await page.getByLabel("Password").fill("Rita-Recruiter-2027");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/demo\/recruiter\/applicants$/);
}

/**
 * axe on the page as it is now. With JavaScript off the page runs no scripts, so axe runs on the same
 * URL in a context with this page's cookies whose app scripts are blocked (as tests/e2e/session.ts's
 * inspectablePage does): the DOM is the server-rendered one.
 */
async function expectNoSeriousAxeViolations(page: Page, browser: Browser, testInfo: TestInfo) {
  let inspected = page;
  let context: BrowserContext | undefined;
  if (testInfo.project.use.javaScriptEnabled === false) {
    context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: true });
    await context.addCookies(await page.context().cookies());
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    inspected = await context.newPage();
    await inspected.goto(page.url());
  }
  try {
    const results = await new AxeBuilder({ page: inspected })
      // axe runs in the page itself: the default opens a blank page per audit to merge frame results,
      // which tripled its time; our pages have no cross-origin frame (docs/decisions/167).
      .setLegacyMode(true)
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
      .analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
    expect(serious).toEqual([]);
  } finally {
    await context?.close();
  }
}

test("R-SCR-14 rita filters to P100 under 50 %, opens ben, changes his open-until, assigns a retest of module 31; ben sees it open again; his values export as CSV", async ({
  page,
  browser,
  baseURL,
  cloneUser,
}, testInfo) => {
  test.setTimeout(120_000);
  const ben = await cloneUser("ben");
  await signInAsRita(page);

  // The list, filtered through the GET form: applicants of P100 with progress under 50 %, this ben.
  await page.getByText("Filters and sorting", { exact: true }).click();
  await page.getByLabel("Profile").selectOption("P100");
  await page.getByRole("group", { name: "Progress (%)" }).getByLabel("At most").fill("49");
  await page.getByLabel("Search (name, username, e-mail)").fill(ben.userName);
  await page.getByRole("button", { name: "Apply" }).first().click();
  await expect(page).toHaveURL(/profile=P100/);
  await expect(page).toHaveURL(/progressMax=49/);
  const table = page.getByRole("table", { name: /1 applicant/ });
  await expect(table.getByRole("row", { name: new RegExp(ben.userName) })).toContainText("1 of 8 modules (12 %)");
  await table.getByRole("link", { name: "Ben Schulz" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ben Schulz" })).toBeVisible();

  // Change open-until of P100.
  const p100 = page.getByRole("region", { name: "Ausbildung 2027 (P100)" });
  await p100.getByLabel("Open until (last day) for Ausbildung 2027").fill("2099-06-30");
  await p100.getByRole("button", { name: "Save date" }).click();
  await expect(page.getByText("The open-until date is saved.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Ausbildung 2027 (P100)" }).getByText(/open until 30 June 2099/)).toBeVisible();

  // Assign a retest of module 31, through the confirmation step.
  await page.getByRole("region", { name: "Ausbildung 2027 (P100)" }).getByLabel("Verbal reasoning").check();
  await page.getByRole("region", { name: "Ausbildung 2027 (P100)" }).getByRole("button", { name: "Retest…" }).click();
  const confirmation = page.getByRole("region", { name: "Assign a retest to Ben Schulz?" });
  await expect(confirmation).toBeVisible();
  await expect(confirmation.getByRole("listitem")).toHaveText(["Verbal reasoning"]);
  await expectNoSeriousAxeViolations(page, browser, testInfo);
  await confirmation.getByRole("button", { name: "Yes, assign the retest" }).click();
  await expect(page.getByText("The retest is assigned.")).toBeVisible();
  const audit = page.getByRole("table", { name: "Changes by recruiters, newest first" });
  await expect(audit.getByRole("row").nth(1)).toContainText("Retest assigned");
  await expect(audit).toContainText("Open-until changed");

  // The values as CSV: it parses and holds ben's scale values.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Scale values and form answers (CSV)" }).click(),
  ]);
  const records = parse<Record<string, string>>(await readFile(await download.path(), "utf8"), { bom: true, columns: true });
  expect(records.find((record) => record.Profile.includes("P200") && record.Module === "31")).toMatchObject({
    Kind: "Scale",
    Score: "20",
    "Norm value": "8",
  });
  expect(records.find((record) => record.Profile.includes("P200") && record.Module === "32")).toMatchObject({ Kind: "Scale", Score: "17" });
  expect(records.find((record) => record.Profile.includes("P100") && record.Module === "31")).toMatchObject({ Score: "" });

  // Ben, signed in, sees module 31 open again.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled, locale: "de-DE" });
  try {
    const benPage = await context.newPage();
    await logIn(benPage, ben);
    await expect(benPage).toHaveURL(/\/demo\/profileChooser$/);
    await benPage.getByRole("article", { name: "Ausbildung 2027" }).getByRole("button", { name: "Start" }).click();
    await expect(benPage).toHaveURL(/\/demo\/home$/);
    const cognitive = benPage.getByRole("article", { name: "Cognitive abilities" });
    await expect(cognitive.getByText("0 of 3 modules completed")).toBeVisible();
    await expect(cognitive.getByRole("link", { name: "Start Verbal reasoning" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("R-ROLE-01 an applicant's sign-in is no recruiter's: the recruiter pages lead to the recruiter login", async ({ page, cloneUser }) => {
  const anna = await cloneUser("anna");
  await logIn(page, anna);
  await expect(page).toHaveURL(/\/demo\/home$/);
  await page.goto("/demo/recruiter/applicants");
  await expect(page).toHaveURL(/\/demo\/recruiter\/login\?redirectTo=%2Fdemo%2Frecruiter%2Fapplicants$/);
  await expect(page.getByRole("heading", { level: 1, name: "Recruiter sign-in" })).toBeVisible();
});
