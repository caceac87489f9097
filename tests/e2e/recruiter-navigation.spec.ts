import { expect, test } from "./fixtures";
import { signInAsRita } from "./recruiter-sign-in";

/**
 * R-SCR-14 (docs/decisions/188), with JavaScript off and on: rita filters the list, opens an applicant, goes to the
 * next one, comes back to the list and finds her filters; she saves the view and opens it again.
 */
test("R-SCR-14 rita filters the list, steps to the next applicant, comes back to her filters, saves the view and opens it", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  await signInAsRita(page);

  // P100, not finished, newest first.
  await page.getByText("Filters and sorting", { exact: true }).click();
  await page.getByLabel("Profile").selectOption("P100");
  await page.getByRole("group", { name: "Progress (%)" }).getByLabel("At most").fill("99");
  await page.getByLabel("Sort by").selectOption("registered");
  await page.getByLabel("Order").selectOption("desc");
  await page.getByRole("button", { name: "Apply" }).first().click();
  await expect(page).toHaveURL(/profile=P100/);
  const table = page.getByRole("table", { name: /applicants · page 1 of/ });
  // The filtered, sorted table has arrived (with JavaScript, the old one stays until it has).
  await expect(table.getByRole("columnheader", { name: "Registered" })).toHaveAttribute("aria-sort", "descending");
  const first = table.getByRole("rowheader").first().getByRole("link");
  const firstName = await first.innerText();
  await first.click();
  await expect(page.getByRole("heading", { level: 1, name: firstName })).toBeVisible();
  const navigation = page.getByRole("navigation", { name: "Applicant list: back, previous and next" });
  await expect(navigation).toContainText(/Applicant 1 of \d+/);
  await expect(navigation.getByRole("link", { name: /^Previous:/ })).toHaveCount(0);

  // The next one of the same list, and back to it.
  await navigation.getByRole("link", { name: /^Next:/ }).click();
  await expect(navigation).toContainText(/Applicant 2 of \d+/);
  await expect(navigation.getByRole("link", { name: `Previous: ${firstName}` })).toBeVisible();
  await navigation.getByRole("link", { name: "Back to the applicant list" }).click();
  await expect(page).toHaveURL(/\/demo\/recruiter\/applicants\?sort=registered&order=desc&progressMax=99&profile=P100$/);
  // With JavaScript the address changes a moment before the list replaces the applicant page.
  await expect(page.getByRole("heading", { level: 1, name: "Applicants" })).toBeVisible();
  await expect(page.getByLabel("Profile", { exact: true })).toHaveValue("P100");
  await expect(page.getByLabel("Sort by")).toHaveValue("registered");

  // Saved as a view (the two projects run side by side as the same rita: a name each), opened from the plain list.
  const name = `P100, not finished (${testInfo.project.name} #${testInfo.repeatEachIndex + 1})`;
  await page.getByLabel("Name of this view").fill(name);
  await page.getByRole("button", { name: "Save this view" }).click();
  await expect(page.getByText("The view has been saved.")).toBeVisible();
  await page.goto("/demo/recruiter/applicants");
  await page.getByRole("region", { name: "Saved views" }).getByRole("link", { name }).click();
  await expect(page).toHaveURL(/\/demo\/recruiter\/applicants\?sort=registered&order=desc&progressMax=99&profile=P100$/);
  await expect(page.getByRole("region", { name: "Saved views" }).getByRole("link", { name })).toHaveAttribute("aria-current", "page");
});
