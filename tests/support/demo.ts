import { expect } from "vitest";
import { BrowserClient } from "./browser-client";

/** A fresh copy of a demo user from the embedded API's test helper (DEMO_MODE=true). */
export interface ClonedUser {
  userName: string;
  password: string | null;
  cstm: string;
  activationHash?: string;
}

export async function cloneUser(baseUrl: string, template: string): Promise<ClonedUser> {
  const response = await fetch(`${baseUrl}/api/dev/clone-user`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ template }),
  });
  expect(response.status, `clone ${template}`).toBe(201);
  return (await response.json()) as ClonedUser;
}

export interface OutboxMail {
  to: string;
  userName: string;
  kind: string;
  subject: string;
  text: string;
  link: string;
}

export async function outbox(baseUrl: string, to: string): Promise<OutboxMail[]> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as OutboxMail[];
}

/** Signs in through the login form like a browser without JavaScript; returns the final page. */
export async function signIn(client: BrowserClient, user: { userName: string; password: string | null; cstm: string }, query = "") {
  return client.post(`/${user.cstm}/login${query}`, { username: user.userName, password: user.password ?? "", privacy: "on" });
}

/**
 * A fresh clone of a demo user, signed in through the login form in the given language, like a
 * browser without JavaScript. `landing` is the page the login ended on.
 */
export async function signedInClone(baseUrl: string, template: string, language = "en_GB") {
  const user = await cloneUser(baseUrl, template);
  const browser = new BrowserClient(baseUrl);
  await browser.get(`/${user.cstm}/login?langId=${language}`);
  const landing = await signIn(browser, user);
  return { browser, user, landing };
}

export { DORA_PERSONAL_DATA } from "./demo-answers";
