import { randomUUID } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { upstreamTokenOfClone } from "../../bench/lib/session.mjs";
import { PAGES } from "../../bench/pages.mjs";
import { BrowserClient } from "../support/browser-client";
import { signedInClone } from "../support/demo";
import { requestLines, waitForLogs, type LogLine } from "../support/logs";
import { updateSessionRecord } from "../support/seed-session";
import { startServer, testSecret, type RunningServer } from "../support/server";

/**
 * Upstream round trips per page load (docs/decisions/107, DESIGN §7): the server logs every upstream
 * call with the request's id and when it started and ended (startMs/endMs on the process's
 * monotonic clock), so the test reads, for one document request, how many calls it made and how
 * many of them ran one after the other. A call that starts before another has ended ran beside it.
 * The spec's tracking calls (spec §8: their failures are silent) are sent without waiting for them
 * and are not counted.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

interface Call {
  method?: string;
  path: string;
  startMs: number;
  endMs: number;
}

const TRACKING = new Set(["/trackPicatNavigation", "/trackFormAction", "/trackVideoAction"]);

/**
 * The page's upstream calls, once the server has written the request's own line (it comes last): the awaited ones
 * (`calls`) and its tracking calls. The page does not await a tracking call, so its line may follow the request's
 * own: `tracking` says how many of them to wait for.
 */
async function callsOf(
  browser: BrowserClient,
  page: string,
  { tracking = 0 } = {},
): Promise<{ status: number; calls: Call[]; tracking: Call[] }> {
  const requestId = `round-trips-${randomUUID()}`;
  const response = await browser.get(page, { follow: false, headers: { "X-Request-Id": requestId } });
  await requestLines(server.logs, requestId);
  const logged = (lines: LogLine[]) =>
    lines
      .filter((line) => line.reqId === requestId && line.msg === "upstream call")
      .map((line) => line.upstream as Call)
      .sort((a, b) => a.startMs - b.startMs);
  const lines = await waitForLogs(server.logs, (all) => logged(all).filter((call) => TRACKING.has(call.path)).length >= tracking, {
    what: `the tracking calls of ${page}`,
  });
  const calls = logged(lines);
  return {
    status: response.status,
    calls: calls.filter((call) => !TRACKING.has(call.path)),
    tracking: calls.filter((call) => TRACKING.has(call.path)),
  };
}

/** The longest chain of calls each of which started only after the one before it had ended. */
function sequentialDepth(calls: Call[]): number {
  const depth: number[] = [];
  calls.forEach((call, index) => {
    const after = calls.slice(0, index).flatMap((earlier, earlierIndex) => (earlier.endMs <= call.startMs ? [depth[earlierIndex]] : []));
    depth[index] = 1 + Math.max(0, ...after);
  });
  return Math.max(0, ...depth);
}

const describeCalls = (calls: Call[]) => calls.map((call) => `${call.path} ${call.startMs}-${call.endMs}`).join("\n");

/** Makes the session's applicant token look expired, so the next page runs R-TOK-01's refresh first. */
async function expireToken(browser: BrowserClient) {
  const name = [...browser.cookies.keys()].find((cookie) => cookie.endsWith("session"))!;
  await updateSessionRecord(path.join(server.dataDir, "app.db"), testSecret(), { name, value: browser.cookies.get(name)! }, (data) => {
    (data.applicant as { expiresAt: number }).expiresAt = Math.floor(Date.now() / 1000) - 60;
  });
}

describe("decision 107: upstream round trips per page load", () => {
  it("decision 107: the customer's configuration is fetched once per process, not on every page load", async () => {
    const first = await callsOf(new BrowserClient(server.baseUrl), "/demo/login");
    const other = await callsOf(new BrowserClient(server.baseUrl), "/demo/registration");
    const again = await callsOf(new BrowserClient(server.baseUrl), "/demo/login");
    expect([first.status, other.status, again.status]).toEqual([200, 200, 200]);
    expect(first.calls.map((call) => call.path)).toEqual(["/getConfiguration"]);
    expect(other.calls.map((call) => call.path)).not.toContain("/getConfiguration");
    expect(again.calls).toEqual([]);
  });

  it("DESIGN §7 public pages make at most two sequential upstream calls", async () => {
    for (const page of ["/demo/login", "/demo/registration", "/demo/forgot-password", "/demo/landing", "/demo/account-activation"]) {
      const { status, calls } = await callsOf(new BrowserClient(server.baseUrl), page);
      expect(status, page).toBe(200);
      expect(sequentialDepth(calls), `${page}:\n${describeCalls(calls)}`).toBeLessThanOrEqual(2);
    }
  });

  it("DESIGN §7 every signed-in applicant page makes at most two sequential upstream calls", async () => {
    const { browser } = await signedInClone(server.baseUrl, "anna");
    for (const page of [
      "/demo/home",
      "/demo/home?modal=change-password",
      "/demo/profileChooser",
      "/demo/profile",
      "/demo/FAQ",
      "/demo/support",
      "/demo/support?video=welcome&modal=video",
      "/demo/report",
      "/demo/assessment/40",
      "/demo/assessment/31",
    ]) {
      const { status, calls } = await callsOf(browser, page);
      expect(status, page).toBe(200);
      expect(sequentialDepth(calls), `${page}:\n${describeCalls(calls)}`).toBeLessThanOrEqual(2);
    }
  });

  it("DESIGN §7 the home loader's data calls run in parallel: one round trip with a valid token", async () => {
    const { browser } = await signedInClone(server.baseUrl, "anna");
    const { status, calls } = await callsOf(browser, "/demo/home");
    expect(status).toBe(200);
    expect(calls.map((call) => call.path).sort()).toEqual(["/dashboardHome/container/P100", "/userData"]);
    expect(sequentialDepth(calls), describeCalls(calls)).toBe(1);
  });

  it("R-TOK-01 DESIGN §7 with an expired token home makes two sequential calls: the refresh, then its data calls side by side", async () => {
    const { browser } = await signedInClone(server.baseUrl, "anna");
    await expireToken(browser);
    const { status, calls } = await callsOf(browser, "/demo/home");
    expect(status).toBe(200);
    expect(calls[0].path).toBe("/refreshToken");
    expect(
      calls
        .slice(1)
        .map((call) => call.path)
        .sort(),
    ).toEqual(["/dashboardHome/container/P100", "/userData"]);
    expect(sequentialDepth(calls), describeCalls(calls)).toBe(2);
  });
});

interface PlannedCall {
  method?: string;
  path: string;
}

interface Plan {
  stages?: PlannedCall[][];
  background?: PlannedCall[];
}

interface BenchPage {
  name: string;
  path: string;
  session?: { template: string };
  upstreamCalls?: (page: { profileId: string | null; returnOrigin: string }) => Plan;
}

const named = (calls: { method?: string; path: string }[]) =>
  calls.map((call) => `${call.method ?? "GET"} ${call.path.split("?")[0]}`).sort();

describe("decision 199: the bare Remix page with a page's calls makes the calls the page makes", () => {
  // bench/ssr-throughput judges a page with upstream calls against bench/baseline's /calls making the calls that
  // bench/pages.mjs names for it; this keeps the two alike when a page's calls change.
  it.each((PAGES as BenchPage[]).map((page) => [page.name, page] as const))(
    "decision 199 DESIGN §7 %s: the calls bench/pages.mjs names, in as many sequential stages",
    async (_name, page) => {
      const template = page.session?.template;
      const browser = template ? (await signedInClone(server.baseUrl, template, "de-DU")).browser : new BrowserClient(server.baseUrl);
      const profileId = template
        ? ((await upstreamTokenOfClone(server.baseUrl, template)) as { profileId: string | null }).profileId
        : null;
      const plan = page.upstreamCalls?.({ profileId, returnOrigin: "" }) ?? {};
      const background = named(plan.background ?? []);
      // The second load: the customer's configuration is cached by then, as in the benchmark's windows.
      await callsOf(browser, page.path);
      const { status, calls, tracking } = await callsOf(browser, page.path, { tracking: background.length });
      expect(status).toBe(200);
      expect(named(calls), page.path).toEqual(named((plan.stages ?? []).flat()));
      expect(named(tracking), page.path).toEqual(background);
      expect(sequentialDepth(calls), `${page.path}:\n${describeCalls(calls)}`).toBe(plan.stages?.length ?? 0);
    },
  );
});
