import { signedInClone, cloneUser, outbox, type ClonedUser } from "../../support/demo";
import { startServer, type RunningServer } from "../../support/server";
import { AppClient } from "./app-client";

/**
 * One production server for a whole fuzz file (the real build, its embedded API on fresh SQLite
 * files), started once, with the app's rate limit of login, registration and password posts set
 * out of the way: the fuzz counts what the forms do with the input, not the limiter's 429s.
 */
export async function startFuzzServer(): Promise<RunningServer> {
  // FUZZ_BASE_URL: fuzz a server started by hand (to watch it while a failure reproduces).
  const external = process.env.FUZZ_BASE_URL;
  if (external) {
    const url = new URL(external);
    return { baseUrl: url.origin, port: Number(url.port), process: undefined as never, dataDir: "", logs: () => "", stop: async () => 0 };
  }
  return startServer({ RATE_LIMIT_MAX: "100000" }, { timeoutMs: 60_000 });
}

/** A fresh clone of a demo user, signed in through the login form; its cookies in an AppClient. */
export async function signedInClient(server: RunningServer, template: string): Promise<{ client: AppClient; user: ClonedUser }> {
  // A kept-alive connection the server closed as it was reused (ECONNRESET) costs one more try.
  const { browser, user, landing } = await signedInClone(server.baseUrl, template, "en_GB").catch((error: { cause?: { code?: string } }) => {
    if (error?.cause?.code !== "ECONNRESET") throw error;
    return signedInClone(server.baseUrl, template, "en_GB");
  });
  if (/\/login(\?|$)/.test(new URL(landing.url).pathname + new URL(landing.url).search)) {
    throw new Error(`sign-in of a ${template} clone failed: ${landing.status} ${landing.url}`);
  }
  return { client: new AppClient(server.baseUrl).withCookies(browser.cookies), user };
}

/** The path of a reset link mailed to a fresh clone of `template` (forgot-password, then the outbox). */
export async function resetLinkPath(server: RunningServer, user: ClonedUser): Promise<string> {
  const before = (await outbox(server.baseUrl, user.userName)).length;
  const client = new AppClient(server.baseUrl);
  const answer = await client.post(`/${user.cstm}/forgot-password`, [["username", user.userName]]);
  if (answer.status !== 302) throw new Error(`forgot-password for ${user.userName} answered ${answer.status}`);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = (await outbox(server.baseUrl, user.userName)).filter((mail) => mail.kind.includes("reset") || /reset-password/.test(mail.link));
    if (mails.length > before || (before === 0 && mails.length > 0)) return new URL(mails.at(-1)!.link).pathname;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no reset mail for ${user.userName}`);
}

export { cloneUser };
