import { expect } from "vitest";
import { BrowserClient } from "./browser-client";

/**
 * rita (the demo recruiter of `demo`) signed in through the recruiter login form, in `language`
 * when one is given (the login page's langId), on her applicant list.
 */
export async function signedInRita(baseUrl: string, language?: string): Promise<BrowserClient> {
  const browser = new BrowserClient(baseUrl);
  if (language) await browser.get(`/demo/recruiter/login?langId=${language}`);
  const page = await browser.post("/demo/recruiter/login", { username: "rita", password: "Rita-Recruiter-2027" });
  expect(new URL(page.url).pathname).toBe("/demo/recruiter/applicants");
  return browser;
}
