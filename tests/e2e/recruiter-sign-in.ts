import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** rita signs in through the recruiter login form, in English, and lands on her applicant list. */
export async function signInAsRita(page: Page) {
  await page.goto("/demo/recruiter/login?langId=en_GB");
  await page.getByLabel("Username").fill("rita");
  await page.getByLabel("Password").fill("Rita-Recruiter-2027");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/demo\/recruiter\/applicants$/);
}
