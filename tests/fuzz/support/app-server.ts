import { signedInClone, cloneUser, outbox, type ClonedUser } from "../../support/demo";
import { AppClient } from "./app-client";
import { startFuzzApp, type FuzzApp } from "./in-process";

/**
 * One in-process app for a whole fuzz file (support/in-process.ts): the real build, its embedded
 * API on fresh SQLite files, with the app's rate limit of login, registration and password posts
 * set out of the way: the fuzz counts what the forms do with the input, not the limiter's 429s.
 */
export function startFuzzServer(): Promise<FuzzApp> {
  return startFuzzApp();
}

/** A fresh clone of a demo user, signed in through the login form; its cookies in an AppClient. */
export async function signedInClient(app: FuzzApp, template: string): Promise<{ client: AppClient; user: ClonedUser }> {
  const { browser, user, landing } = await signedInClone(app.baseUrl, template, "en_GB");
  if (/\/login(\?|$)/.test(new URL(landing.url).pathname + new URL(landing.url).search)) {
    throw new Error(`sign-in of a ${template} clone failed: ${landing.status} ${landing.url}`);
  }
  return { client: new AppClient(app).withCookies(browser.cookies), user };
}

/** The path of a reset link mailed to a fresh clone of `template` (forgot-password, then the outbox). */
export async function resetLinkPath(app: FuzzApp, user: ClonedUser): Promise<string> {
  const before = (await outbox(app.baseUrl, user.userName)).length;
  const client = new AppClient(app);
  const answer = await client.post(`/${user.cstm}/forgot-password`, [["username", user.userName]], { transport: "action" });
  if (answer.status !== 302) throw new Error(`forgot-password for ${user.userName} answered ${answer.status}`);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = (await outbox(app.baseUrl, user.userName)).filter(
      (mail) => mail.kind.includes("reset") || /reset-password/.test(mail.link),
    );
    // The outbox lists the newest mail first.
    if (mails.length > before || (before === 0 && mails.length > 0)) return new URL(mails[0].link).pathname;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset mail for ${user.userName}`);
}

export { cloneUser };
