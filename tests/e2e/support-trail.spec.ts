import { readFileSync } from "node:fs";
import path from "node:path";
import { eventually, sentryServerEnv, startFakeSentry, type SentryEvent } from "../integration/errors-fakes";
import { ROOT, startServer, type RunningServer } from "../support/server";
import { expect, test } from "./fixtures";

/**
 * What support staff get when a real component fails (decisions 174 and 178): the applicant's error page shows a
 * reference, and Sentry has an event under that reference whose stack names the component's original file and
 * function, not a minified bundle. A server of its own, started as the image starts (source maps on, Sentry loaded
 * first), with a fake Sentry and FAULT_INJECTION: `?fault=server` and `?fault=client` make the root route's
 * FaultProbe throw while the server or the browser renders.
 */
let sentry: Awaited<ReturnType<typeof startFakeSentry>>;
let server: RunningServer;

test.beforeAll(async () => {
  sentry = await startFakeSentry();
  server = await startServer({
    ...sentryServerEnv(sentry, "e2e"),
    FAULT_INJECTION: "true",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await sentry?.close();
});

const PROBE_FILE = "app/errors/fault-probe.tsx";

/** The line of FaultProbe's `throw` for the given side, in the original source. */
function throwLine(side: "server" | "client"): number {
  const lines = readFileSync(path.join(ROOT, PROBE_FILE), "utf8").split("\n");
  return lines.findIndex((line) => line.includes(`fault === "${side}"`) && line.includes("throw")) + 1;
}

type Frame = NonNullable<NonNullable<NonNullable<SentryEvent["exception"]>["values"]>[number]["stacktrace"]>["frames"];

function framesOf(event: SentryEvent): NonNullable<Frame> {
  return event.exception?.values?.[0]?.stacktrace?.frames ?? [];
}

test("R-CAT-05 decision 178: a component that fails on the server: the page's reference finds a Sentry event naming the component's source", async ({
  page,
}) => {
  const response = await page.goto(`${server.baseUrl}/demo/login?langId=en_GB&fault=server`);
  expect(response?.status()).toBe(500);
  const reference = response!.headers()["x-request-id"];
  const view = page.getByRole("alert");
  await expect(view.getByText(reference, { exact: true })).toBeVisible();
  // No stack trace for the applicant.
  await expect(page.locator("body")).not.toContainText("fault-probe");
  await expect(page.locator("body")).not.toContainText("Injected fault");

  // Support types the reference into Sentry's search.
  const event = await eventually("the server render's event", () =>
    sentry.events.find((candidate) => candidate.tags?.request_id === reference),
  );
  expect(event.exception?.values?.[0]?.value).toContain("Injected fault: the server's render failed");
  const probe = framesOf(event).find((frame) => (frame.abs_path ?? frame.filename ?? "").endsWith(PROBE_FILE));
  expect(probe, JSON.stringify(framesOf(event).slice(-5))).toMatchObject({ function: "FaultProbe", lineno: throwLine("server") });
});

test("R-ENT-09 decision 174: a component that fails in the browser: the report under the page's reference names its original file, line and function", async ({
  page,
  javaScriptEnabled,
  consoleErrors,
}) => {
  test.skip(!javaScriptEnabled, "the browser renders components only with scripts");
  const response = await page.goto(`${server.baseUrl}/demo/login?langId=en_GB&fault=client`);
  // The server rendered the page; the browser's render failed and the root's error view took over.
  expect(response?.status()).toBe(200);
  const reference = response!.headers()["x-request-id"];
  const view = page.getByRole("alert");
  await expect(view.getByText(reference, { exact: true })).toBeVisible();

  const event = await eventually("the browser's report", () => sentry.events.find((candidate) => candidate.tags?.reference === reference));
  expect(event.tags).toMatchObject({ source: "boundary", cstm: "demo" });
  expect(event.exception?.values?.[0]?.value).toBe("Injected fault: the browser's render failed (FAULT_INJECTION)");
  const frames = framesOf(event);
  // The top frame is the component's throw, in original source; the browser's own stack named a bundle.
  expect(frames.at(-1), JSON.stringify(frames.slice(-3))).toMatchObject({
    filename: PROBE_FILE,
    function: "FaultProbe",
    lineno: throwLine("client"),
  });
  expect(String(event.extra?.bundleStack)).toMatch(/\/assets\/[\w-]+\.js:\d+:\d+/);
  expect(String(event.extra?.bundleStack)).not.toContain(PROBE_FILE);
  const { release } = JSON.parse(readFileSync(path.join(ROOT, "build/release.json"), "utf8")) as { release: string };
  expect(event).toMatchObject({ release, environment: "e2e" });

  // The failure is the point of this test, not a failure of it.
  expect(consoleErrors.some((error) => error.includes("Injected fault"))).toBe(true);
  consoleErrors.splice(0, consoleErrors.length);
});
