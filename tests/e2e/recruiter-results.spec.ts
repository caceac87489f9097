import { expect, test } from "./fixtures";

/**
 * R-SCR-14 (docs/decisions/184, 185), with JavaScript off and on: rita chooses P200's result columns in the
 * applicant list, sorts by a norm value (highest first), opens the first applicant and rates them; the rating
 * shows on the applicant page and in the list. Both runs share one database and may rate the same applicant:
 * both give 4, so either run's view holds.
 */
test("R-SCR-14 rita shortlists by P200's norm values: sort, open the first, rate; the rating is on the page and in the list", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/demo/recruiter/login?langId=en_GB");
  await page.getByLabel("Username").fill("rita");
  await page.getByLabel("Password").fill("Rita-Recruiter-2027");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/demo\/recruiter\/applicants$/);

  await page.getByText("Filters and sorting").click();
  await page.getByLabel("Result columns of the test").selectOption("P200");
  await page.getByRole("button", { name: "Apply" }).last().click();
  await expect(page).toHaveURL(/results=P200/);
  const table = page.getByRole("table");
  await table.getByRole("link", { name: "Norm value Verbal reasoning" }).click();
  await expect(page).toHaveURL(/sort=norm31&order=desc/);
  await expect(table.getByRole("columnheader", { name: "Norm value Verbal reasoning" })).toHaveAttribute("aria-sort", "descending");

  // Highest first: the first row's value is the column's largest on the page.
  const column = await table.getByRole("columnheader").allTextContents();
  const index = column.indexOf("Norm value Verbal reasoning");
  const values = (await table.locator("tbody tr").evaluateAll((rows, at) => rows.map((row) => row.children[at]?.textContent ?? ""), index))
    .map(Number)
    .filter((value) => !Number.isNaN(value));
  expect(values.length).toBeGreaterThan(0);
  expect(values[0]).toBe(Math.max(...values));

  const first = table.locator("tbody tr").first().getByRole("rowheader").getByRole("link");
  const href = (await first.getAttribute("href"))!;
  // The link carries the list it came from (decision 188): the user name is the path's last segment.
  const userName = decodeURIComponent(new URL(href, "http://localhost").pathname.split("/").pop()!);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/applicants/${userName}(\\?|$)`));

  const shortlist = page.locator("#shortlist-P200");
  await shortlist.getByRole("radio", { name: "4 of 5" }).check();
  await shortlist.getByRole("button", { name: "Save rating" }).click();
  await expect(page.getByText("The rating is saved.")).toBeVisible();
  await expect(page.locator("#shortlist-P200").getByText(/Rated 4 of 5 by rita/)).toBeVisible();

  await page.goto(`/demo/recruiter/applicants?results=P200&userName=${encodeURIComponent(userName)}`);
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: /./ }).and(page.locator(`[href$="/${userName}"], [href*="/${userName}?"]`)) });
  await expect(row.getByRole("cell", { name: "4 of 5", exact: true })).toBeVisible();
});
