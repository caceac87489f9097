import { expect, test as base, type Page } from "@playwright/test";

/**
 * Shared fixtures for every journey:
 * - consoleErrors (automatic): with JavaScript on, a page error or a console error (a hydration
 *   mismatch, a failed chunk) fails the test; a cancelled navigation's AbortError does not.
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
  cloneUser: async ({ request }, use) => {
    await use(async (template) => {
      const response = await request.post("/api/dev/clone-user", { data: { template } });
      expect(response.status(), `clone of ${template}`).toBe(201);
      return (await response.json()) as DemoUser;
    });
  },
});

export { expect };

/** Fills and submits the login form like a user (works with JavaScript on and off). */
export async function logIn(page: Page, user: Pick<DemoUser, "userName" | "password" | "cstm">, language = "en_GB") {
  await page.goto(`/${user.cstm}/login?langId=${language}`);
  await page.getByLabel("Username").fill(user.userName);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Sign in" }).click();
}
