import AxeBuilder from "@axe-core/playwright";
import { expect, logIn, test } from "./fixtures";
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
  /** Sign in for real first, as a clone of this demo user (pages that call the upstream with the token). */
  clone?: string;
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
  { name: "report (modules left)", path: "/demo/report", clone: "anna" },
  { name: "report with the feedback modal", path: "/demo/report?modal=feedback", clone: "anna" },
  { name: "error page (unknown langId, E02)", path: "/demo/login?langId=xx" },
  { name: "error page (unknown customer)", path: "/no-such-customer/login" },
];

for (const audited of PAGES) {
  test(`R-LAY-01 accessibility: ${audited.name} has no serious or critical axe violations`, async ({ page, browser, baseURL, cloneUser }, testInfo) => {
    const signedIn = audited.signedIn ? { cstm: audited.signedIn, displayName: "Ada Lovelace" } : undefined;
    const inspected = await inspectablePage(testInfo, browser, page, { baseURL: baseURL!, signedIn });
    if (audited.clone) {
      await logIn(inspected, await cloneUser(audited.clone));
      await inspected.waitForURL((url) => !url.pathname.endsWith("/login"));
    }
    await inspected.goto(audited.path);
    await expect(inspected.locator("main")).toBeVisible();
    const results = await new AxeBuilder({ page: inspected }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
    expect(serious).toEqual([]);
  });
}
