import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { inspectablePage } from "./session";

/**
 * axe-core on every page of the app, both projects (JavaScript off and on): no serious or critical
 * violations. A page another branch builds (home, assessment, report, …) is one more line here.
 */
interface AuditedPage {
  name: string;
  path: string;
  /** Sign in first (a seeded session of this customer). */
  signedIn?: string;
  /** Sign in first as a fresh copy of this demo user, through the real login form. */
  user?: string;
}

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

const PAGES: AuditedPage[] = [
  { name: "login", path: "/demo/login" },
  { name: "login in English", path: "/demo/login?langId=en_GB" },
  { name: "login with the privacy modal", path: "/demo/login?modal=privacy" },
  { name: "login with stacked modals", path: "/demo/login?modal=privacy&modal=legal-notice" },
  { name: "landing", path: "/initiativ/landing" },
  { name: "newsletter", path: "/preview/newsletter" },
  { name: "newsletter signed in (navigation)", path: "/preview/newsletter", signedIn: "preview" },
  { name: "page-not-found", path: "/demo/page-not-found" },
  { name: "report (modules left)", path: "/demo/report", user: "anna" },
  { name: "report with the feedback modal", path: "/demo/report?modal=feedback", user: "anna" },
  { name: "error page (unknown langId, E02)", path: "/demo/login?langId=xx" },
  { name: "error page (unknown customer)", path: "/no-such-customer/login" },
  { name: "home", path: "/demo/home", user: "anna" },
  { name: "home with the change-password dialog", path: "/demo/home?modal=change-password", user: "anna" },
  { name: "home with a side panel (trainee area)", path: "/azubi/home", user: "greta" },
  { name: "profile chooser", path: "/demo/profileChooser", user: "ben" },
  { name: "assessment: the personal-data form", path: "/demo/assessment/40", user: "anna" },
  { name: "assessment: a Scale module in the embedded frame", path: "/demo/assessment/31", user: "anna" },
  { name: "FAQ", path: "/demo/FAQ?langId=en_GB", signedIn: "demo" },
  { name: "support with the video archive", path: "/demo/support?langId=en_GB", signedIn: "demo" },
  { name: "support with the video player", path: "/demo/support?langId=en_GB&video=welcome&modal=video", signedIn: "demo" },
  { name: "profile", path: "/demo/profile?langId=en_GB", user: "anna" },
];

for (const audited of PAGES) {
  test(`R-LAY-01 accessibility: ${audited.name} has no serious or critical axe violations`, async ({ page, browser, baseURL }, testInfo) => {
    const signedIn = audited.signedIn ? { cstm: audited.signedIn, displayName: "Ada Lovelace" } : undefined;
    const inspected = await inspectablePage(testInfo, browser, page, { baseURL: baseURL!, signedIn });
    if (audited.user) await logInClone(inspected, baseURL!, audited.user);
    await inspected.goto(audited.path);
    await expect(inspected.locator("main")).toBeVisible();
    const results = await new AxeBuilder({ page: inspected }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
    expect(serious).toEqual([]);
  });
}
