import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * R-SCR-14 bulk actions (docs/decisions/183), with JavaScript off and on: rita filters the list to P100 under 50 %,
 * selects three applicants, sends them a reminder through the confirmation step and sees the result page; the outbox
 * then holds exactly one new reminder for each of them. The three are fresh clones of ben, so the run of the other
 * project (same server and database) cannot meet them.
 */
async function signInAsRita(page: Page) {
  await page.goto("/demo/recruiter/login?langId=en_GB");
  await page.getByLabel("Username").fill("rita");
  await page.getByLabel("Password").fill("Rita-Recruiter-2027");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/demo\/recruiter\/applicants$/);
}

interface OutboxMail {
  to: string;
  userName: string;
  kind: string;
  subject: string;
}

test("R-SCR-14 rita filters to P100 under 50 %, selects three applicants, sends them a reminder after confirming; the outbox has three new reminders", async ({
  page,
  cloneUser,
}) => {
  test.setTimeout(120_000);
  const bens = [await cloneUser("ben"), await cloneUser("ben"), await cloneUser("ben")];
  await signInAsRita(page);

  // The list, filtered through its GET form; the newest "ben-" clones first, so these three are on the first page.
  await page.getByText("Filters and sorting", { exact: true }).click();
  await page.getByLabel("Profile").selectOption("P100");
  await page.getByRole("group", { name: "Progress (%)" }).getByLabel("At most").fill("49");
  await page.getByLabel("Search (name, username, e-mail)").fill("ben-");
  await page.getByLabel("Sort by").selectOption("registered");
  await page.getByLabel("Order", { exact: true }).selectOption("desc");
  await page.getByRole("button", { name: "Apply" }).first().click();
  await expect(page).toHaveURL(/profile=P100/);
  await expect(page).toHaveURL(/progressMax=49/);

  // Three rows checked, the reminder chosen.
  for (const ben of bens) await page.getByRole("checkbox", { name: `Select Ben Schulz (${ben.userName})` }).check();
  await page.getByLabel("Action", { exact: true }).selectOption("reminder");
  await page.getByRole("button", { name: "Continue" }).click();

  // The confirmation names the change and the count; nothing is sent before it.
  await expect(page.getByRole("heading", { name: "Send the reminder mail: 3 applicants" })).toBeVisible();
  const before = await page.request.get("/api/dev/outbox");
  const sentBefore = ((await before.json()) as OutboxMail[]).filter((mail) => bens.some((ben) => ben.userName === mail.userName));
  expect(sentBefore).toEqual([]);
  await page.getByRole("button", { name: "Confirm for 3 applicants" }).click();

  // The result page: each of the three changed, linked; back to the list keeps the filter.
  await expect(page).toHaveURL(/\/demo\/recruiter\/bulk\/done$/);
  await expect(page.getByRole("heading", { level: 1, name: "Result of the change" })).toBeVisible();
  await expect(page.getByText("Send the reminder mail: 3 changed, 0 unchanged, 0 refused.")).toBeVisible();
  const results = page.getByRole("table", { name: "3 applicants" });
  for (const ben of bens) await expect(results.getByRole("row", { name: new RegExp(ben.userName) })).toContainText("Changed");
  const back = page.getByRole("link", { name: "Back to the list" });
  await expect(back).toHaveAttribute("href", /profile=P100/);
  await expect(back).toHaveAttribute("href", /progressMax=49/);

  // Exactly three new reminder mails, one to each of them.
  const after = await page.request.get("/api/dev/outbox");
  const sent = ((await after.json()) as OutboxMail[]).filter((mail) => bens.some((ben) => ben.userName === mail.userName));
  expect(sent.map((mail) => mail.userName).sort()).toEqual(bens.map((ben) => ben.userName).sort());
  for (const mail of sent) {
    expect(mail.kind).toBe("recruiter");
    expect(mail.subject).toMatch(/^(Erinnerung|Reminder)/);
  }
});
