import type { Page } from "@playwright/test";
import { expectedStats } from "../support/recruiter-stats";
import { expect, test } from "./fixtures";

/**
 * R-SCR-14 (docs/decisions/155, 156), with JavaScript off and on: rita reads P100's summary and its chart's table
 * holds the demo data's figures (worked out from the e2e server's database, not guessed); rita
 * issues a test-continue code for ben's P100 and a fresh browser continues ben's test with it.
 */
const API_DATABASE = "test-results/e2e-data/api.db";

async function signInAsRita(page: Page) {
  await page.goto("/demo/recruiter/login?langId=en_GB");
  await page.getByLabel("Username").fill("rita");
  await page.getByLabel("Password").fill("Rita-Recruiter-2027");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/demo\/recruiter\/applicants$/);
}

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

test("R-SCR-14 rita opens P100's summary: the states chart's table and each scale's norm values match the demo data", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsRita(page);
  await page.getByRole("link", { name: "Progress and summary" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Progress and summary" })).toBeVisible();
  // P100, registered up to yesterday. The journeys running beside this one write to the same database
  // (their clones are registered 14 days ago, like the seed, and start modules), so the page and the
  // rows are compared as one snapshot: reload and read both again until they agree.
  const yesterday = day(-1);
  await page.getByLabel("Test (profile)").selectOption("P100");
  await page.getByRole("group", { name: "Registered" }).getByLabel("To").fill(yesterday);
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(new RegExp(`profile=P100.*registeredTo=${yesterday}`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Progress and summary: ");

  const labels = { invited: "Invited", activated: "Activated", started: "Started", completed: "Completed", expired: "Expired" } as const;
  await expect(async () => {
    await page.reload();
    const want = expectedStats(API_DATABASE, { profile: "P100", to: yesterday });
    expect(want.total).toBeGreaterThan(50);
    const chart = page.getByRole("figure", { name: "Assignments by state" });
    await expect(chart.getByRole("img", { name: "Assignments by state" })).toBeVisible({ timeout: 1_000 });
    const table = chart.getByRole("table", { name: "Assignments by state" });
    for (const [state, label] of Object.entries(labels)) {
      expect(await table.getByRole("row", { name: label }).textContent()).toBe(`${label}${want.states[state as keyof typeof labels]}`);
    }
    const rate = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 }).format(
      Math.round((want.states.completed / want.total) * 1000) / 10 / 100,
    );
    await expect(page.getByText(rate, { exact: true })).toBeVisible({ timeout: 1_000 });

    // Each scale's norm values 1-9, as rows of its table.
    const figures = page.getByRole("figure", { name: /^Norm values: / });
    expect(await figures.count()).toBeGreaterThan(0);
    for (const figure of await figures.all()) {
      const id = await figure.getByRole("table").getAttribute("id");
      const compId = Number(/chart-scale-(\d+)-table/.exec(id ?? "")?.[1]);
      const values = want.norms.get(compId) ?? [];
      const cells = await figure.getByRole("table").locator("tbody td").allTextContents();
      expect(cells.map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9].map((value) => values.filter((norm) => norm === value).length));
    }
  }).toPass({ timeout: 60_000 });
});

test("R-SCR-14 rita issues a test-continue code for ben's P100 and a fresh browser continues ben's assessment with it", async ({
  page,
  browser,
  baseURL,
  cloneUser,
}, testInfo) => {
  test.setTimeout(120_000);
  const ben = await cloneUser("ben");
  await signInAsRita(page);
  await page.goto(`/demo/recruiter/applicants/${ben.userName}`);
  await page.getByRole("link", { name: "Continue “Ausbildung 2027” at a station …" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Test continue: Ben Schulz" })).toBeVisible();
  await expect(page.getByLabel("Test (profile)")).toHaveValue("P100");
  await page.getByRole("button", { name: "Create code" }).click();
  const code = (await page.getByTestId("continue-code").textContent())?.trim() ?? "";
  expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  const link = await page.getByRole("link", { name: /\/demo\/continue\?code=/ }).getAttribute("href");
  expect(link).toContain(`code=${code}`);

  // The station: a fresh browser opens the link (it only fills the field) and confirms.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled, locale: "en-GB" });
  try {
    const station = await context.newPage();
    await station.goto(`${new URL(link!).pathname}${new URL(link!).search}&langId=en_GB`);
    await expect(station.getByRole("heading", { level: 1, name: "Continue a test" })).toBeVisible();
    await expect(station.getByLabel("One-time code")).toHaveValue(code);
    await station.getByRole("button", { name: "Continue" }).click();
    await expect(station).toHaveURL(/\/demo\/home$/);
    // Where ben stopped: module 31 of "Cognitive abilities" finished, the next one to start.
    const cognitive = station.getByRole("article", { name: "Cognitive abilities" });
    await expect(cognitive.getByText("1 of 3 modules completed")).toBeVisible();
    await cognitive
      .getByRole("link", { name: /^Start / })
      .first()
      .click();
    await expect(station).toHaveURL(/\/demo\/assessment\/\d+/);

    // Single use: the same code on another station is refused, the code kept in the field.
    const second = await context.browser()!.newContext({ baseURL, javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
    try {
      const other = await second.newPage();
      await other.goto(`/demo/continue?langId=en_GB`);
      await other.getByLabel("One-time code").fill(code);
      await other.getByRole("button", { name: "Continue" }).click();
      await expect(other.getByText("This code is invalid, expired or already used. Please ask for a new code.")).toBeVisible();
      await expect(other.getByLabel("One-time code")).toHaveValue(code);
    } finally {
      await second.close();
    }
  } finally {
    await context.close();
  }
});

test("R-ROLE-01 the station flow in rita's own browser: the code signs rita out, ben's home opens, the recruiter area asks for a sign-in again", async ({
  page,
  cloneUser,
}) => {
  test.setTimeout(120_000);
  const ben = await cloneUser("ben");
  await signInAsRita(page);
  await page.goto(`/demo/recruiter/applicants/${ben.userName}/continue?profile=P100`);
  await page.getByRole("button", { name: "Create code" }).click();
  await expect(page.getByTestId("continue-station-warning")).toHaveText(
    "Enter the code or open the link on the station, not in this browser: used here, it would sign you out and sign in Ben Schulz instead.",
  );
  const code = (await page.getByTestId("continue-code").textContent())?.trim() ?? "";

  // The station's page, opened in rita's browser, says whom it would sign out before anything happens.
  await page.goto(`/demo/continue?code=${code}&langId=en_GB`);
  await expect(page.getByTestId("signs-out-other-role")).toHaveText(/^Signing in here signs out .+ \(recruiter\) in this browser\.$/);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/demo\/home$/);

  await page.goto("/demo/recruiter/applicants");
  await expect(page).toHaveURL(/\/demo\/recruiter\/login\?redirectTo=/);
  await expect(page.getByTestId("signs-out-other-role")).toHaveText("Signing in here signs out Ben Schulz in this browser.");
});
