import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { BrowserClient, type PageResponse } from "../support/browser-client";
import { waitForLog } from "../support/logs";
import { startServer, type RunningServer } from "../support/server";
import { portToListenOnLater } from "../support/ports";
import { customerConfig, json } from "./errors-fakes";

/**
 * Decision 098: page loads have a short upstream budget, password calls a
 * longer one, and a dead upstream costs an applicant almost nothing once the circuit breaker has
 * opened; it closes again by itself when the upstream answers. Real servers throughout: the app's
 * production build and a tiny upstream on loopback that answers, hangs, or is not there at all.
 */
const PAGE_BUDGET_MS = 2000;
const CREDENTIAL_BUDGET_MS = 6000;
const FAILURES_TO_OPEN = 2;
const COOLDOWN_MS = 1500;
/**
 * A page that did not wait for the page budget (the figures are printed: a fast-failed page takes some
 * ms on a quiet machine, up to 1.2 s were seen at a load average of 30, so the line is the budget itself).
 */
const FAST_MS = PAGE_BUDGET_MS - 50;

type Mode = "answer" | "hang";

interface TinyUpstream {
  url: string;
  port: number;
  mode: Mode;
  /** /profiles answers after the page budget (a page's data call that is too slow). */
  slowProfiles: boolean;
  /** Calls that reached the upstream, by path. */
  calls: string[];
  close(): Promise<void>;
}

function handle(upstream: TinyUpstream, req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://upstream");
  const path = url.pathname.replace(/^\/api/, "");
  upstream.calls.push(path);
  if (upstream.mode === "hang") return; // accepts, reads nothing, never answers
  if (path === "/getConfiguration") {
    const area = { name: "generic", root: "login", routes: ["login", "profileChooser", "home", "page-not-found"] };
    return json(res, 200, customerConfig(url.searchParams.get("cstm") ?? "acme", { area }));
  }
  if (path === "/login") {
    // Slower than a page's budget, well inside the credential budget: a password hash upstream.
    setTimeout(() => json(res, 200, { access_token: "slow-login-token-0001", expires_in: 3600, expired: false }), PAGE_BUDGET_MS + 800);
    return;
  }
  if (path === "/profiles") {
    setTimeout(() => json(res, 200, { profiles: [] }), upstream.slowProfiles ? PAGE_BUDGET_MS + 800 : 0);
    return;
  }
  json(res, 404, { status: "failed", error: "not found" });
}

async function startTinyUpstream(port = 0, mode: Mode = "answer"): Promise<TinyUpstream> {
  const upstream = { mode, slowProfiles: false, calls: [] as string[] } as TinyUpstream;
  const server: Server = createServer((req, res) => handle(upstream, req, res));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  upstream.port = (server.address() as AddressInfo).port;
  upstream.url = `http://127.0.0.1:${upstream.port}/api`;
  upstream.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return upstream;
}

function errorCode(page: PageResponse): string | undefined {
  return /<p class="error-code">([\s\S]*?)<\/p>/.exec(page.text)?.[1]?.trim();
}

async function timed(load: () => Promise<PageResponse>): Promise<{ page: PageResponse; ms: number }> {
  const started = performance.now();
  const page = await load();
  return { page, ms: Math.round(performance.now() - started) };
}

/** Loads the page until it answers 200 (the breaker let a trial through and it succeeded), with a deadline. */
async function untilAnswered(client: BrowserClient, path: string, deadlineMs = 15_000): Promise<{ page: PageResponse; attempts: number }> {
  const deadline = Date.now() + deadlineMs;
  for (let attempts = 1; ; attempts++) {
    const page = await client.get(path);
    if (page.status === 200) return { page, attempts };
    expect(page.status, "while the circuit is open every page is API02 (503)").toBe(503);
    if (Date.now() > deadline) throw new Error(`no 200 for ${path} within ${deadlineMs} ms (${attempts} attempts)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const running: Array<{ stop(): Promise<unknown> } | { close(): Promise<unknown> }> = [];
afterEach(async () => {
  for (const item of running.splice(0).reverse()) await ("stop" in item ? item.stop() : item.close());
});
afterAll(async () => {
  for (const item of running.splice(0).reverse()) await ("stop" in item ? item.stop() : item.close());
});

function startApp(upstreamUrl: string): Promise<RunningServer> {
  return startServer({
    UPSTREAM_API_URL: upstreamUrl,
    UPSTREAM_TIMEOUT_MS: String(PAGE_BUDGET_MS),
    UPSTREAM_CREDENTIAL_TIMEOUT_MS: String(CREDENTIAL_BUDGET_MS),
    UPSTREAM_BREAKER_FAILURES: String(FAILURES_TO_OPEN),
    UPSTREAM_BREAKER_COOLDOWN_MS: String(COOLDOWN_MS),
    CONFIG_CACHE_TTL_S: "0",
  });
}

describe("decision 098: upstream time budgets and circuit breaker", () => {
  it("R-CAT-02 a hanging upstream: after the budget twice, pages fail at once (API02) without calling it; half-open lets one trial through; it recovers by itself", async () => {
    const upstream = await startTinyUpstream(0, "hang");
    running.push(upstream);
    const app = await startApp(upstream.url);
    running.push(app);
    const client = new BrowserClient(app.baseUrl);

    // Each of the first calls costs the whole page budget, then the circuit opens.
    for (let index = 0; index < FAILURES_TO_OPEN; index++) {
      const { page, ms } = await timed(() => client.get("/acme/login"));
      expect(page.status).toBe(503);
      expect(errorCode(page)).toBe("Fehlercode API02");
      expect(ms).toBeGreaterThanOrEqual(PAGE_BUDGET_MS - 50);
    }
    await waitForLog(app.logs, (line) => line.msg?.startsWith("upstream circuit opened") === true, { what: "the circuit to open" });

    // Open: the same page, translated API02 with its reference, without touching the upstream.
    const callsBefore = upstream.calls.length;
    const fast: number[] = [];
    for (let index = 0; index < 5; index++) {
      const { page, ms } = await timed(() => client.get("/acme/login"));
      expect(page.status).toBe(503);
      expect(errorCode(page)).toBe("Fehlercode API02");
      expect(page.text).toContain(page.headers.get("x-request-id")!);
      fast.push(ms);
    }
    expect(upstream.calls.length).toBe(callsBefore);
    expect(Math.max(...fast)).toBeLessThan(FAST_MS);
    console.info(`[decision 098] page with the circuit open: ${fast.join(", ")} ms (page budget ${PAGE_BUDGET_MS} ms)`);

    // After the cooldown one trial call goes through; a page loaded meanwhile does not wait for it.
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [first, second] = await Promise.all([timed(() => client.get("/acme/login")), timed(() => client.get("/acme/login"))]);
      const slow = [first, second].filter((result) => result.ms >= PAGE_BUDGET_MS - 50);
      if (slow.length > 0) {
        // The trial hung too: only one of the two waited for it, the other failed at once.
        expect(slow).toHaveLength(1);
        expect(Math.min(first.ms, second.ms)).toBeLessThan(FAST_MS);
        break;
      }
      if (Date.now() > deadline) throw new Error("no half-open trial call within 15 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(upstream.calls.length).toBe(callsBefore + 1);

    // The upstream answers again: within a cooldown or two the page is back, without a restart.
    upstream.mode = "answer";
    const { page } = await untilAnswered(client, "/acme/login");
    expect(page.text).toContain("acme AG");
    await waitForLog(app.logs, (line) => line.msg?.startsWith("upstream circuit closed") === true, { what: "the circuit to close" });
    const ready = (await (await fetch(`${app.baseUrl}/readyz`)).json()) as { upstreamCircuit: string };
    expect(ready.upstreamCircuit).toBe("closed");
  });

  it("R-CAT-02 an upstream that is gone (connection refused) opens the circuit; started again, pages work again", async () => {
    const port = await portToListenOnLater();
    const app = await startApp(`http://127.0.0.1:${port}/api`);
    running.push(app);
    const client = new BrowserClient(app.baseUrl);
    // A refused connection fails at once either way; what this asserts is that the breaker counts it
    // (it opens) and then stops calling (the log says so). Times are printed, not asserted: one of
    // them took 1.2 s at a load average of 30.
    const times: number[] = [];
    for (let index = 0; index < FAILURES_TO_OPEN + 2; index++) {
      const { page, ms } = await timed(() => client.get("/acme/login"));
      expect(page.status).toBe(503);
      expect(errorCode(page)).toBe("Fehlercode API02");
      times.push(ms);
    }
    console.info(`[decision 098] pages with the upstream gone: ${times.join(", ")} ms`);
    await waitForLog(app.logs, (line) => line.msg?.startsWith("upstream circuit opened") === true, { what: "the circuit to open" });
    await waitForLog(app.logs, (line) => line.msg === "upstream call not attempted: circuit open", {
      what: "a call the open circuit did not attempt",
    });

    const upstream = await startTinyUpstream(port);
    running.push(upstream);
    const { page } = await untilAnswered(client, "/acme/login");
    expect(page.text).toContain("acme AG");
  });

  it("decision 098: a password call may take longer than a page's budget (credential budget); a page's data call may not", async () => {
    const upstream = await startTinyUpstream();
    running.push(upstream);
    const app = await startApp(upstream.url);
    running.push(app);
    const client = new BrowserClient(app.baseUrl);
    expect((await client.get("/acme/login")).status).toBe(200);

    // /login answers after page budget + 0.8 s: inside the credential budget, so the sign-in works.
    const { page: signedIn, ms } = await timed(() =>
      client.request("/acme/login", { form: { username: "ada", password: "Ada-Pass-2027", privacy: "on" }, follow: false }),
    );
    expect(ms).toBeGreaterThanOrEqual(PAGE_BUDGET_MS);
    expect(errorCode(signedIn)).toBeUndefined();
    expect(signedIn.status).toBeGreaterThanOrEqual(300);
    expect(signedIn.status).toBeLessThan(400);

    // /profiles (a page's data call) answering equally late is past the page budget: API02.
    upstream.slowProfiles = true;
    const { page: home, ms: homeMs } = await timed(() => client.get(signedIn.location!));
    expect(home.status).toBe(503);
    expect(errorCode(home)).toBe("Fehlercode API02");
    expect(homeMs).toBeGreaterThanOrEqual(PAGE_BUDGET_MS - 50);
    expect(homeMs).toBeLessThan(PAGE_BUDGET_MS + 800);
  });
});
