import { expect, test as base, type Page } from "@playwright/test";

/**
 * Shared fixtures for every journey:
 * - consoleErrors (automatic): with JavaScript on, a page error or a console error (a hydration
 *   mismatch, a failed chunk) fails the test; a cancelled navigation's AbortError does not.
 * - pageStateOnFailure (automatic): after a failed test, a short account of the page (does it still paint,
 *   does it answer, what is loading), printed with the failure; no trace is recorded by default (docs/decisions/167).
 * - cloneUser: an independent copy of a demo user (same state, own name) from the embedded API's
 *   test helper, so journeys that change data can run in parallel.
 */
export interface DemoUser {
  userName: string;
  password: string;
  cstm: string;
  activationHash?: string;
}

type Fixtures = {
  consoleErrors: string[];
  pageStateOnFailure: void;
  cloneUser: (template: string) => Promise<DemoUser>;
};

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use, testInfo) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`console: ${message.text()}`);
      });
      await use(errors);
      if (testInfo.project.use.javaScriptEnabled !== false) {
        // Remix logs the AbortError of a navigation's data request that a newer navigation cancelled (single-fetch's
        // decoding logs every failure, a cancellation too): a user who submits while a page still loads, not a fault.
        const unexpected = errors.filter(
          (error) =>
            !error.includes("Failed to load resource") && !error.startsWith("console: AbortError: signal is aborted without reason"),
        );
        expect(unexpected, "no console or page errors").toEqual([]);
      }
    },
    { auto: true },
  ],
  pageStateOnFailure: [
    async ({ page }, use, testInfo) => {
      await use();
      if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
      const body = await pageState(page, testInfo.project.use.javaScriptEnabled !== false);
      await testInfo.attach("page state", { body, contentType: "text/plain" });
    },
    { auto: true },
  ],
  cloneUser: async ({ request }, use) => {
    await use(async (template) => {
      const response = await request.post("/api/dev/clone-user", { data: { template } });
      expect(response.status(), `clone of ${template}`).toBe(201);
      return (await response.json()) as DemoUser;
    });
  },
});

export { expect };

/**
 * What the page was doing when a test failed, printed with the failure (Playwright prints a short text attachment),
 * for a failure that a rerun does not show: a click that waited out its timeout for "visible, enabled and stable"
 * without saying which, because the stability check waits for animation frames that never came. Whether the page
 * still paints (a screenshot needs a frame), whether it answers, and what was loading tell a page of ours from the
 * browser. With JavaScript off the page's timers and frame callbacks never run: only its state is read.
 */
async function pageState(page: Page, javaScript: boolean): Promise<string> {
  const within = <T>(promise: Promise<T>, ms: number, late: string) =>
    Promise.race([promise, new Promise<string>((resolve) => setTimeout(() => resolve(late), ms))]);
  const state = await within(
    page
      .evaluate(() => {
        const loading = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet);
        return [
          `url=${location.pathname}${location.search}`,
          `readyState=${document.readyState}`,
          `visibility=${document.visibilityState}`,
          `open dialogs=${document.querySelectorAll("dialog[open]").length}`,
          `pending bar=${document.querySelector('[data-testid="pending-bar"]') ? "shown" : "none"}`,
          `stylesheets not loaded=${loading.map((link) => link.getAttribute("href")).join(" ") || "none"}`,
        ].join("\n");
      })
      .catch((error: Error) => `the page could not be asked: ${error.message.split("\n")[0]}`),
    5000,
    "the page did not answer within 5 s",
  );
  const frame = javaScript
    ? await within(
        page
          .evaluate(() => new Promise<string>((resolve) => requestAnimationFrame(() => resolve("an animation frame within 2 s: came"))))
          .catch(() => "an animation frame within 2 s: not asked"),
        2000,
        "an animation frame within 2 s: none",
      )
    : "";
  const painted = await page.screenshot({ timeout: 3000 }).then(
    () => "a screenshot within 3 s: taken",
    (error: Error) => `a screenshot within 3 s: not taken (${error.message.split("\n")[0]})`,
  );
  // Playwright prints the first 300 characters of a text attachment: the answers that tell the cause come first.
  return [frame, painted, state].filter(Boolean).join("\n");
}

/** Fills and submits the login form like a user (works with JavaScript on and off). */
export async function logIn(page: Page, user: Pick<DemoUser, "userName" | "password" | "cstm">, language = "en_GB") {
  await page.goto(`/${user.cstm}/login?langId=${language}`);
  await page.getByLabel("Username").fill(user.userName);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign in" }).click();
}
