import { readdirSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { inspectablePage } from "./session";

/**
 * axe-core on every page of the app, both projects (JavaScript off and on): no serious or critical
 * violations under WCAG 2.2 AA (docs/decisions/132). Every route file under app/routes is either
 * audited here (PAGES names it in `route`) or listed in NOT_PAGES with the reason: a new route
 * fails the first test below until it is one or the other, so a page cannot be forgotten.
 */
interface AuditedPage {
  name: string;
  /** The route file under app/routes this state belongs to. */
  route: string;
  /** The address to open; a function for one that needs data made first (a clone's activation code). */
  path: string | ((request: APIRequestContext) => Promise<string>);
  /** Sign in first (a seeded session of this customer). */
  signedIn?: string;
  /** Sign in first as a fresh copy of this demo user, through the real login form. */
  user?: string;
  /** Sign in first as the recruiter rita, through the recruiter login form. */
  recruiter?: boolean;
  /** The state to audit, reached from the opened page like a user does (a refused form). */
  act?: (page: Page) => Promise<void>;
}

/** Route files that render no page of their own, each with the reason. */
const NOT_PAGES: Record<string, string> = {
  "$cstm.$.tsx": "redirects every unknown path to page-not-found (audited)",
  "$cstm._index.tsx": "redirects the customer root to login or landing (both audited)",
  "$cstm.tsx": "the customer layout: rendered around every audited applicant page",
  "$cstm.login_.landing.tsx": "redirects to landing (audited)",
  "$cstm.logout.tsx": "action only (POST); a GET redirects to the customer root",
  "$cstm.feedback.tsx": "the feedback modal's action; always redirects to the page with the modal (audited on report)",
  "$cstm.assessment.$moduleId_.draft.tsx": "action only: the form's draft autosave answers JSON",
  "$cstm.report_.download.tsx": "resource route: report.pdf",
  "$cstm.track-video.ts": "resource route: the video player's tracking beacon",
  "$cstm.recruiter.tsx": "the recruiter layout: rendered around every audited recruiter page",
  "$cstm.recruiter._index.tsx": "redirects to the applicant list (audited)",
  "$cstm.recruiter_.logout.tsx": "action only (POST); a GET redirects to the recruiter login",
  "$cstm.recruiter.applicants[.]csv.ts": "resource route: the applicant list as CSV",
  "$cstm.recruiter.bulk[.]csv.ts": "resource route: a bulk selection as CSV (the confirmation page's POST)",
  "$cstm.recruiter.applicants.$userName_.values[.]csv.ts": "resource route: an applicant's values as CSV",
  "$cstm.recruiter.applicants.$userName_.report.$profileId.ts": "resource route: an applicant's report PDF",
  "$cstm.recruiter.import-template[.]csv.ts": "resource route: the import template CSV",
  "$cstm.recruiter.applicants.$userName_.data[.]json.ts": "resource route: an applicant's GDPR Art. 15 file (JSON)",
  "$cstm.profile_.data[.]json.ts": "resource route: the applicant's own GDPR Art. 15 file (JSON)",
  "[_client-errors].ts": "resource route: the browser's error reports (POST, JSON)",
  "__registration-forms.tsx": "not a route (a sibling module of $cstm.registration.tsx, ignored by its __ prefix)",
};

/** Signs a clone of a demo user in through the login form with the page's own cookies. */
async function logInClone(page: Page, baseURL: string, template: string) {
  const clone = await page.request.post("/api/dev/clone-user", { data: { template } });
  expect(clone.status()).toBe(201);
  const user = (await clone.json()) as { userName: string; password: string; cstm: string };
  await page.request.get(`/${user.cstm}/login`);
  const login = await page.request.post(`/${user.cstm}/login`, {
    form: { username: user.userName, password: user.password, privacy: "on" },
    headers: { Origin: baseURL, "Sec-Fetch-Site": "same-origin" },
  });
  expect(login.ok()).toBe(true);
}

/**
 * rita signs in by posting the recruiter login form with the page's own cookies: the audits are not
 * sign-in journeys (those stay in recruiter.spec.ts), and a post costs a fraction of filling the form
 * in the browser (docs/decisions/167).
 */
async function logInRita(page: Page, baseURL: string) {
  await page.request.get("/demo/recruiter/login?langId=en_GB");
  const login = await page.request.post("/demo/recruiter/login", {
    form: { username: "rita", password: "Rita-Recruiter-2027" },
    headers: { Origin: baseURL, "Sec-Fetch-Site": "same-origin" },
  });
  expect(login.ok()).toBe(true);
  expect(new URL(login.url()).pathname).toBe("/demo/recruiter/applicants");
}

async function cloneOf(request: APIRequestContext, template: string) {
  const clone = await request.post("/api/dev/clone-user", { data: { template } });
  expect(clone.status()).toBe(201);
  return (await clone.json()) as { userName: string; activationHash?: string };
}

const submit = (name: string) => async (page: Page) => {
  await page.getByRole("button", { name }).click();
  await expect(page.locator("[aria-invalid=true], [role=alert]").first()).toBeVisible();
};

const PAGES: AuditedPage[] = [
  { name: "login", route: "$cstm.login.tsx", path: "/demo/login" },
  { name: "login in English", route: "$cstm.login.tsx", path: "/demo/login?langId=en_GB" },
  { name: "login with the privacy modal", route: "$cstm.login.tsx", path: "/demo/login?modal=privacy" },
  { name: "login with stacked modals", route: "$cstm.login.tsx", path: "/demo/login?modal=privacy&modal=legal-notice" },
  { name: "login refused (missing fields)", route: "$cstm.login.tsx", path: "/demo/login?langId=en_GB", act: submit("Sign in") },
  { name: "login on site", route: "$cstm.login.tsx", path: "/demo/login?onSite=1&profileId=P100&langId=en_GB" },
  { name: "landing", route: "$cstm.landing.tsx", path: "/initiativ/landing" },
  { name: "newsletter", route: "$cstm.newsletter.tsx", path: "/preview/newsletter" },
  { name: "newsletter signed in (navigation)", route: "$cstm.newsletter.tsx", path: "/preview/newsletter", signedIn: "preview" },
  { name: "page-not-found", route: "$cstm.page-not-found.tsx", path: "/demo/page-not-found" },
  { name: "report (modules left)", route: "$cstm.report.tsx", path: "/demo/report", user: "anna" },
  { name: "report with the feedback modal", route: "$cstm.report.tsx", path: "/demo/report?modal=feedback", user: "anna" },
  { name: "error page (unknown langId, E02)", route: "$cstm.login.tsx", path: "/demo/login?langId=xx" },
  { name: "error page (unknown customer)", route: "$cstm.login.tsx", path: "/no-such-customer/login" },
  { name: "error page (bare host, no customer)", route: "_index.tsx", path: "/" },
  { name: "home", route: "$cstm.home.tsx", path: "/demo/home", user: "anna" },
  { name: "home with the change-password dialog", route: "$cstm.home.tsx", path: "/demo/home?modal=change-password", user: "anna" },
  { name: "home with a side panel (trainee area)", route: "$cstm.home.tsx", path: "/azubi/home", user: "greta" },
  { name: "home on site (trainee area)", route: "$cstm.home-on-site.tsx", path: "/azubi/home-on-site", user: "greta" },
  { name: "change-password as a page", route: "$cstm.change-password.tsx", path: "/demo/change-password?langId=en_GB", user: "anna" },
  {
    name: "change-password refused (missing fields)",
    route: "$cstm.change-password.tsx",
    path: "/demo/change-password?langId=en_GB",
    user: "anna",
    act: submit("Change password"),
  },
  { name: "passwort-aendern (trainee area)", route: "$cstm.passwort-aendern.tsx", path: "/azubi/passwort-aendern", user: "greta" },
  { name: "profile chooser", route: "$cstm.profileChooser.tsx", path: "/demo/profileChooser", user: "ben" },
  { name: "assessment: the personal-data form", route: "$cstm.assessment.$moduleId.tsx", path: "/demo/assessment/40", user: "anna" },
  {
    name: "assessment: the form refused (missing fields)",
    route: "$cstm.assessment.$moduleId.tsx",
    path: "/demo/assessment/40?langId=en_GB",
    user: "dora",
    act: submit("Continue to the summary"),
  },
  {
    name: "assessment: a Scale module in the embedded frame",
    route: "$cstm.assessment.$moduleId.tsx",
    path: "/demo/assessment/31",
    user: "anna",
  },
  {
    name: "assessment: summary of the form",
    route: "$cstm.assessment.$moduleId_.summary.tsx",
    path: "/demo/assessment/40?langId=en_GB",
    user: "dora",
    act: async (page) => {
      await fillDorasForm(page);
      await expect(page).toHaveURL(/\/demo\/assessment\/40\/summary$/);
    },
  },
  {
    name: "assessment: the form saved",
    route: "$cstm.assessment.$moduleId_.saved.tsx",
    path: "/demo/assessment/40?langId=en_GB",
    user: "dora",
    act: async (page) => {
      await fillDorasForm(page);
      await expect(page).toHaveURL(/\/demo\/assessment\/40\/summary$/);
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page).toHaveURL(/\/demo\/assessment\/40\/saved$/);
    },
  },
  {
    name: "assessment: a frame module not completed (done, 409)",
    route: "$cstm.assessment.$moduleId_.done.tsx",
    path: "/demo/assessment/31/done?session=x",
    user: "anna",
  },
  { name: "FAQ", route: "$cstm.FAQ.tsx", path: "/demo/FAQ?langId=en_GB", signedIn: "demo" },
  { name: "support with the video archive", route: "$cstm.support.tsx", path: "/demo/support?langId=en_GB", signedIn: "demo" },
  {
    name: "support with the video player",
    route: "$cstm.support.tsx",
    path: "/demo/support?langId=en_GB&video=welcome&modal=video",
    signedIn: "demo",
  },
  { name: "profile", route: "$cstm.profile.tsx", path: "/demo/profile?langId=en_GB", user: "anna" },
  { name: "forgot-password", route: "$cstm.forgot-password.tsx", path: "/demo/forgot-password?langId=en_GB" },
  {
    name: "forgot-password refused (missing username)",
    route: "$cstm.forgot-password.tsx",
    path: "/demo/forgot-password?langId=en_GB",
    act: submit("Request e-mail"),
  },
  { name: "registration", route: "$cstm.registration.tsx", path: "/demo/registration?langId=en_GB" },
  { name: "registration (anonymous, P500)", route: "$cstm.registration.tsx", path: "/demo/registration?profileId=P500&langId=en_GB" },
  { name: "account activation by code", route: "$cstm.account-activation.tsx", path: "/demo/account-activation?langId=en_GB" },
  {
    name: "activation (choose a password)",
    route: "$cstm.activation.$userHash.$language.tsx",
    path: async (request) => `/demo/activation/${(await cloneOf(request, "felix")).activationHash}/en_GB`,
  },
  {
    name: "reset password (unknown link)",
    route: "$cstm.reset-password.$userHash.$language.tsx",
    path: "/demo/reset-password/0123456789abcdef/en_GB",
  },
  { name: "recruiter login", route: "$cstm.recruiter_.login.tsx", path: "/demo/recruiter/login?langId=en_GB" },
  {
    name: "recruiter: applicant list",
    route: "$cstm.recruiter.applicants._index.tsx",
    path: "/demo/recruiter/applicants",
    recruiter: true,
  },
  {
    name: "recruiter: applicant list with a refused filter",
    route: "$cstm.recruiter.applicants._index.tsx",
    path: "/demo/recruiter/applicants?profile=P100&progressMax=abc&sort=progress&order=desc",
    recruiter: true,
    act: async (page) => {
      await expect(page.getByText("Please enter a whole number from 0 to 100.")).toBeVisible();
    },
  },
  {
    // docs/decisions/184: the result columns, their filters and a refused norm range.
    name: "recruiter: applicant list with a test's result columns",
    route: "$cstm.recruiter.applicants._index.tsx",
    path: "/demo/recruiter/applicants?results=P200&sort=norm31&order=desc&norm32Min=12",
    recruiter: true,
    act: async (page) => {
      await expect(page.getByText("Please enter a whole number from 1 to 9.")).toBeVisible();
      await expect(page.getByRole("columnheader", { name: "Norm value Verbal reasoning" })).toBeVisible();
    },
  },
  {
    name: "recruiter: an applicant",
    route: "$cstm.recruiter.applicants.$userName.tsx",
    path: "/demo/recruiter/applicants/ben",
    recruiter: true,
  },
  {
    name: "recruiter: an applicant, confirming disabled sign-in",
    route: "$cstm.recruiter.applicants.$userName.tsx",
    path: "/demo/recruiter/applicants/ben?confirm=access",
    recruiter: true,
    act: async (page) => {
      await expect(page.getByRole("heading", { name: "Disable sign-in for Ben Schulz?" })).toBeVisible();
    },
  },
  {
    name: "recruiter: an applicant, invitation preview",
    route: "$cstm.recruiter.applicants.$userName.tsx",
    path: "/demo/recruiter/applicants/ben?preview=invitation",
    recruiter: true,
  },
  { name: "recruiter: create applicants", route: "$cstm.recruiter.create.tsx", path: "/demo/recruiter/create", recruiter: true },
  { name: "recruiter: summary", route: "$cstm.recruiter.summary.tsx", path: "/demo/recruiter/summary", recruiter: true },
  { name: "recruiter: intro", route: "$cstm.recruiter.intro.tsx", path: "/demo/recruiter/intro", recruiter: true },
  { name: "recruiter: tests", route: "$cstm.recruiter.tests._index.tsx", path: "/demo/recruiter/tests", recruiter: true },
  {
    name: "recruiter: a test's setup with a refused value",
    route: "$cstm.recruiter.tests.$profileId.tsx",
    path: "/demo/recruiter/tests/P200",
    recruiter: true,
    act: async (page) => {
      await page.getByLabel(/Open for \(days\)/).fill("many");
      await page.getByRole("button", { name: "Save default" }).click();
      await expect(page.getByText("Please enter a whole number of days from 1 to 365, or leave the field empty.")).toBeVisible();
    },
  },
  {
    // Nothing is saved: the refused value leaves the demo's reminders off for the other journeys.
    name: "recruiter: a test's reminders with a refused value",
    route: "$cstm.recruiter.tests.$profileId_.reminders.tsx",
    path: "/demo/recruiter/tests/P100/reminders",
    recruiter: true,
    act: async (page) => {
      await page.getByLabel(/Days before the open-until date/).fill("many");
      await page.getByRole("button", { name: "Save reminders" }).click();
      await expect(page.getByText("Please enter a whole number of days from 1 to 90, or leave the field empty.")).toBeVisible();
    },
  },
  {
    name: "recruiter: erased in the next 30 days",
    route: "$cstm.recruiter.retention.tsx",
    path: "/demo/recruiter/retention",
    recruiter: true,
  },
  {
    name: "recruiter: test continue for an applicant",
    route: "$cstm.recruiter.applicants.$userName_.continue.tsx",
    path: "/demo/recruiter/applicants/ben/continue",
    recruiter: true,
  },
  {
    name: "recruiter: erase an applicant (the confirmation step)",
    route: "$cstm.recruiter.applicants.$userName_.erase.tsx",
    path: "/demo/recruiter/applicants/ben/erase",
    recruiter: true,
  },
  {
    name: "recruiter: saved views, a refused name",
    route: "$cstm.recruiter.views.tsx",
    path: "/demo/recruiter/applicants?status=new",
    recruiter: true,
    act: async (page) => {
      await page.getByRole("button", { name: "Save this view" }).click();
      await expect(page.getByText("Please enter a name for the view.")).toBeVisible();
    },
  },
  {
    name: "recruiter: bulk action, its parameters",
    route: "$cstm.recruiter.bulk.tsx",
    path: "/demo/recruiter/applicants?profile=P100",
    recruiter: true,
    act: async (page) => {
      await page.getByRole("checkbox").first().check();
      await page.getByLabel("Action", { exact: true }).selectOption("status");
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText("1 applicant selected.")).toBeVisible();
    },
  },
  {
    name: "recruiter: bulk erasure, the confirmation step",
    route: "$cstm.recruiter.bulk.tsx",
    path: "/demo/recruiter/applicants?profile=P100",
    recruiter: true,
    act: async (page) => {
      await page.getByRole("checkbox").first().check();
      await page.getByLabel("Action", { exact: true }).selectOption("erase");
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("heading", { name: "Erase 1 applicant permanently?" })).toBeVisible();
    },
  },
  {
    // Enabling a sign-in that is enabled changes nothing: the result of a real call, without changing demo data.
    name: "recruiter: bulk action result",
    route: "$cstm.recruiter.bulk_.done.tsx",
    path: "/demo/recruiter/applicants?profile=P100",
    recruiter: true,
    act: async (page) => {
      await page.getByRole("checkbox").first().check();
      await page.getByLabel("Action", { exact: true }).selectOption("enable-access");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("button", { name: "Confirm for 1 applicant" }).click();
      await expect(page.getByRole("heading", { name: "Result of the change" })).toBeVisible();
    },
  },
  { name: "continue a test at a station", route: "$cstm.continue.tsx", path: "/demo/continue?langId=en_GB" },
  { name: "recruiter: import", route: "$cstm.recruiter.import.tsx", path: "/demo/recruiter/import", recruiter: true },
  {
    name: "recruiter: import preview with row problems",
    route: "$cstm.recruiter.import_.$importId.tsx",
    path: "/demo/recruiter/import",
    recruiter: true,
    act: async (page) => {
      const template = await (await page.request.get("/demo/recruiter/import-template.csv")).text();
      const header = template.split(/\r?\n/)[0];
      const separator = header.includes(";") ? ";" : ",";
      const empty = header
        .split(separator)
        .map(() => "x")
        .join(separator);
      await page
        .locator("input#import-file")
        .setInputFiles({ name: "applicants.csv", mimeType: "text/csv", buffer: Buffer.from(`${header}\n${empty}\n`) });
      await page.getByRole("button", { name: "Upload and check" }).click();
      await expect(page).toHaveURL(/\/demo\/recruiter\/import\/[^/]+$/);
    },
  },
];

async function fillDorasForm(page: Page) {
  await page.getByLabel("First name", { exact: true }).fill("Dora");
  await page.getByLabel("Last name", { exact: true }).fill("Fischer");
  await page.getByLabel("Date of birth").fill("2008-04-01");
  await page.getByLabel("E-mail address", { exact: true }).fill("dora@example.com");
  await page.getByLabel("School-leaving qualification", { exact: true }).selectOption("realschule");
  await page.getByRole("radio", { name: "Yes" }).check();
  await page.getByRole("button", { name: "Continue to the summary" }).click();
}

test("decision 132: every route under app/routes is audited below or listed as not a page, with a reason", () => {
  const files = readdirSync("app/routes").filter((file) => /\.(tsx?|jsx?)$/.test(file));
  const audited = new Set(PAGES.map((page) => page.route));
  const unlisted = files.filter((file) => !audited.has(file) && !(file in NOT_PAGES));
  expect(unlisted, "routes neither audited nor listed in NOT_PAGES").toEqual([]);
  const both = files.filter((file) => audited.has(file) && file in NOT_PAGES);
  expect(both, "routes both audited and listed as not a page").toEqual([]);
  const stale = [...audited, ...Object.keys(NOT_PAGES)].filter((file) => !files.includes(file));
  expect(stale, "listed routes that no longer exist").toEqual([]);
});

for (const audited of PAGES) {
  // Sign-ins, a page, a second context without scripts and axe: generous under a loaded machine.
  test(`R-LAY-01 accessibility: ${audited.name} has no serious or critical axe violations`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const signedIn = audited.signedIn ? { cstm: audited.signedIn, displayName: "Ada Lovelace" } : undefined;
    const inspected = await inspectablePage(testInfo, browser, page, { baseURL: baseURL!, signedIn });
    if (audited.user) await logInClone(inspected, baseURL!, audited.user);
    if (audited.recruiter) await logInRita(inspected, baseURL!);
    const path = typeof audited.path === "string" ? audited.path : await audited.path(inspected.request);
    await inspected.goto(path);
    if (audited.act) await audited.act(inspected);
    await expect(inspected.locator("main")).toBeVisible();
    const results = await new AxeBuilder({ page: inspected })
      // axe runs in the page itself: the default opens a blank page per audit to merge frame results,
      // which tripled its time; our pages have no cross-origin frame (docs/decisions/167).
      .setLegacyMode(true)
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
    expect(serious).toEqual([]);
  });
}
