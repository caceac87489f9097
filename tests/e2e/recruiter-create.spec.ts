import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * R-SCR-14 (docs/decisions/151–153): rita creates applicants, with JavaScript off and on: one without a password (the
 * activation mail appears in the outbox), and three from a CSV file that also holds a bad row.
 */
async function signInAsRita(page: Page) {
  await page.goto("/demo/recruiter/login?langId=en_GB");
  await page.getByLabel("Username").fill("rita");
  await page.getByLabel("Password").fill("Rita-Recruiter-2027");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/demo\/recruiter\/applicants$/, SLOW);
}

/** Page changes get more than the default 10 s: the machine runs these beside other suites at load 20-40. */
const SLOW = { timeout: 30_000 };

/** A suffix that keeps the two projects' (and reruns') applicants apart on the shared server. */
const unique = (project: string) => `${project}-${randomBytes(3).toString("hex")}`;

test("R-SCR-14 rita creates an applicant without a password and the activation mail in the chosen language appears in the outbox", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `e2e.create.${unique(testInfo.project.name)}@example.com`;
  await signInAsRita(page);
  await page.getByRole("navigation", { name: "Recruiter navigation" }).getByRole("link", { name: "Create applicant" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create applicant" })).toBeVisible(SLOW);
  await page.getByLabel("First name").fill("Erika");
  await page.getByLabel("Last name").fill("Würth");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Language", { exact: true }).selectOption("hu");
  await page.getByLabel("Profile").selectOption("P100");
  await page.getByRole("button", { name: "Create applicant" }).click();

  await expect(page).toHaveURL(new RegExp(`/demo/recruiter/applicants/${encodeURIComponent(email).replace(/\./g, "\\.")}$`), SLOW);
  await expect(page.getByText("The applicant has been created; the activation mail has been sent.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Erika Würth" })).toBeVisible(SLOW);
  await expect(page.getByRole("table", { name: /Changes by recruiters/ })).toContainText("Applicant created");

  // The mail is written in the same upstream transaction; read the outbox until it is there, with a deadline.
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
          kind: string;
          subject: string;
          link: string;
        }[],
      {
        timeout: 10_000,
      },
    )
    .toEqual([
      expect.objectContaining({
        kind: "activation",
        subject: "Kérjük, aktiválja fiókját",
        link: expect.stringMatching(/\/demo\/activation\/[^/]+\/hu$/),
      }),
    ]);
});

test("R-SCR-14 rita uploads a CSV of 3 valid rows and 1 bad one, sees the bad row named, imports the 3 and finds them in the list", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = unique(testInfo.project.name);
  const csv =
    "\uFEFFemail;firstName;lastName;language;profileId\r\n" +
    `anja.${tag}@example.com;Anja;Kröger;de;P100\r\n` +
    `bela.${tag}@example.com;Béla;Tóth;hu;P100\r\n` +
    `not-an-address-${tag};;Fehler;de;P100\r\n` +
    `carlo.${tag}@example.com;Carlo;Ricci;it;\r\n`;
  await signInAsRita(page);
  await page.getByRole("navigation", { name: "Recruiter navigation" }).getByRole("link", { name: "Import applicants" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import applicants from a CSV file" })).toBeVisible(SLOW);
  await page
    .getByLabel("CSV file", { exact: true })
    .setInputFiles({ name: "applicants.csv", mimeType: "text/csv", buffer: Buffer.from(csv, "utf8") });
  await page.getByRole("button", { name: "Upload and check" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Check the import" })).toBeVisible(SLOW);
  await expect(page.getByText("4 rows: 3 can be imported, 1 have problems")).toBeVisible();
  const preview = page.getByRole("table", { name: "Rows of the file with the result of the check" });
  const bad = preview.getByRole("row", { name: /Line 4/ });
  await expect(bad).toContainText("E-mail address: not valid");
  await expect(bad).toContainText("First name: missing");
  await expect(preview.getByRole("row", { name: /Line 2/ })).toContainText("Kröger");
  await page.getByRole("button", { name: "Import 3 applicants" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Import finished" })).toBeVisible(SLOW);
  await expect(page.getByText("3 applicants were created; 1 rows were skipped.")).toBeVisible();
  await expect(page.getByRole("table", { name: /Skipped: 1 row/ })).toContainText("4");

  await page.goto(`/demo/recruiter/applicants?q=${encodeURIComponent(tag)}`);
  const list = page.getByRole("table", { name: /3 applicants/ });
  await expect(list).toBeVisible(SLOW);
  for (const name of ["Anja Kröger", "Béla Tóth", "Carlo Ricci"]) await expect(list.getByRole("link", { name })).toBeVisible();
});

test("GDPR Art. 17 R-SCR-14 rita erases an applicant she created: a confirmation step names them, and the list no longer finds them", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = `e2e.erase.${unique(testInfo.project.name)}@example.com`;
  await signInAsRita(page);
  await page.goto("/demo/recruiter/create");
  await page.getByLabel("First name").fill("Egon");
  await page.getByLabel("Last name").fill("Löschmann");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Profile").selectOption("P100");
  await page.getByRole("button", { name: "Create applicant" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Egon Löschmann" })).toBeVisible(SLOW);

  // The applicant page's data protection section leads to the confirmation step, which names the applicant.
  await page.getByRole("link", { name: "Erase this applicant …" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Erase Egon Löschmann (${email})?` })).toBeVisible(SLOW);
  await expect(page.getByText("This cannot be undone.")).toBeVisible();
  // Cancel changes nothing.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Egon Löschmann" })).toBeVisible(SLOW);
  await page.getByRole("link", { name: "Erase this applicant …" }).click();
  await page.getByRole("button", { name: "Erase permanently" }).click();

  await expect(page).toHaveURL(/\/demo\/recruiter\/applicants$/, SLOW);
  await expect(page.getByRole("status")).toHaveText(
    "The applicant has been erased. Their results remain in the statistics without personal data.",
  );
  await page.getByLabel("Search (name, username, e-mail)").fill("Löschmann");
  await page.getByRole("button", { name: "Apply" }).first().click();
  await expect(page.getByText("No applicants match these filters.")).toBeVisible(SLOW);
  // The mail sent at creation is gone with the rest of their data.
  expect(await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()).toEqual([]);
});
