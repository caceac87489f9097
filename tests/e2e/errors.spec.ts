import type { BrowserContext, Page } from "@playwright/test";
import { startServer, type RunningServer } from "../support/server";
import { customerConfig, json, startFakeUpstream, type FakeServer } from "../integration/errors-fakes";
import { expect, test } from "./fixtures";

/**
 * The error view as a user meets it, with JavaScript off and on. Journeys that need a failing
 * upstream start their own built server (UPSTREAM_API_URL at a fake upstream this spec controls);
 * Playwright's webServer is the embedded-API server and stays healthy.
 */

test("R-LANG-02 an unknown langId shows E02, which cannot be closed, with a reference for support", async ({ page }) => {
  const response = await page.goto("/demo/login?langId=xx");
  expect(response?.status()).toBe(400);
  const view = page.getByRole("alert");
  await expect(view.getByRole("heading", { level: 1 })).toHaveText("Fehler in der URL");
  await expect(view.getByText("Fehlercode E02")).toBeVisible();
  await expect(view.getByRole("link")).toHaveCount(0);
  await expect(view.getByText(/^Wenn du dich an den Support wendest, gib bitte diese Referenz an/)).toBeVisible();
  await expect(view.getByText(response!.headers()["x-request-id"], { exact: true })).toBeVisible();
});

test("R-SCR-13 R-CAT-05 the reference for support: why to pass it on, the id select-all on a small screen; with JavaScript a Copy button", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const response = await page.goto("/demo/login?langId=xx");
  const requestId = response!.headers()["x-request-id"];
  const view = page.getByRole("alert");
  await expect(
    view.getByText(
      "Wenn du dich an den Support wendest, gib bitte diese Referenz an: Damit lässt sich herausfinden, was schiefgelaufen ist.",
    ),
  ).toBeVisible();
  const id = view.getByText(requestId, { exact: true });
  await expect(id).toBeVisible();
  await expect(id).toHaveCSS("user-select", "all");
  // It wraps rather than widen the page.
  const box = (await id.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(320);
  if (!javaScriptEnabled) {
    // Nothing that would need scripts: one click selects the whole id, ready for the user's own copy.
    await expect(view.getByRole("button")).toHaveCount(0);
    await id.click();
    expect(await page.evaluate(() => getSelection()?.toString())).toBe(requestId);
    return;
  }
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(page.url()).origin });
  await view.getByRole("button", { name: "Kopieren" }).click();
  await expect(view.getByRole("button", { name: "Kopiert" })).toBeVisible();
  await expect(view.getByRole("status")).toHaveText("Kopiert");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(requestId);

  // A browser without a clipboard API (e.g. a page not served over HTTPS): the button selects the id instead.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "clipboard", { get: () => undefined }));
  const again = await page.reload();
  const otherId = again!.headers()["x-request-id"];
  await view.getByRole("button", { name: "Kopieren" }).click();
  await expect(view.getByRole("button", { name: "Drück Strg+C, um zu kopieren" })).toBeVisible();
  await expect(view.getByRole("status")).toHaveText("Drück Strg+C, um zu kopieren");
  expect(await page.evaluate(() => getSelection()?.toString())).toBe(otherId);
});

test.describe("a failing upstream", () => {
  let upstream: FakeServer;
  let server: RunningServer;
  const reported: string[] = [];

  test.beforeAll(async () => {
    upstream = await startFakeUpstream({
      "GET /getConfiguration": (call, res) => {
        const cstm = call.query.get("cstm") ?? "";
        if (cstm === "broken") return json(res, 500, { status: "failed" });
        json(res, 200, customerConfig(cstm));
      },
      "POST /handleClientError": (call, res) => {
        reported.push(call.body);
        res.statusCode = 204;
        res.end();
      },
    });
    server = await startServer({ UPSTREAM_API_URL: upstream.url, CONFIG_CACHE_TTL_S: "0", COOKIE_SECURE: "false" });
  });

  test.afterAll(async () => {
    await server?.stop();
    await upstream?.close();
  });

  test("R-ERR-02 R-TEN-04 an upstream failure shows API01 whose button leads to the customer's login", async ({ page }) => {
    const response = await page.goto(`${server.baseUrl}/broken/login`);
    expect(response?.status()).toBe(502);
    await expect(page.getByText("Fehlercode API01")).toBeVisible();
    await page.getByRole("link", { name: "Zur Anmeldung" }).click();
    await expect(page).toHaveURL(`${server.baseUrl}/broken/login`);
  });

  test("R-ERR-02 R-SCR-13 the on-site variant hides the button; closing still works", async ({ page }) => {
    await page.goto(`${server.baseUrl}/broken/login?onSite=1`);
    await expect(page.getByText("Fehlercode API01")).toBeVisible();
    await expect(page.getByRole("link", { name: "Zur Anmeldung" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Schließen" })).toHaveAttribute("href", "/broken");
  });

  test("R-ENT-09 an uncaught error of the page reaches the upstream once, with the user agent and no user info", async ({
    page,
    consoleErrors,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "errors of the page's scripts need scripts");
    await page.goto(`${server.baseUrl}/demo/login?langId=en_GB`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    const marker = `e2e uncaught ${test.info().project.name} ${Date.now()}`;
    await page.evaluate((message) => {
      // The same error twice and a rejection: two reports, not three.
      const fail = () => {
        throw new Error(message);
      };
      setTimeout(fail);
      setTimeout(fail);
      void Promise.reject(new Error(`${message} (rejected)`));
    }, marker);
    await expect.poll(() => reported.filter((body) => body.includes(marker)).length).toBe(2);
    // A third, different error thrown afterwards is reported: a duplicate of the first would have been sent before it.
    await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      });
    }, `sentinel ${marker}`);
    await expect.poll(() => reported.filter((body) => body.includes(`sentinel ${marker}`)).length).toBe(1);
    const bodies = reported
      .filter((body) => body.includes(marker) && !body.includes(`sentinel ${marker}`))
      .map((body) => JSON.parse(body) as Record<string, unknown>);
    expect(bodies).toHaveLength(2);
    expect(bodies.map((body) => body.errMessage).sort()).toEqual([marker, `${marker} (rejected)`]);
    expect(bodies[0]).toMatchObject({ client: "demo", url: `${server.baseUrl}/demo/login?langId=en_GB`, userInfo: null });
    expect(String(bodies[0].userAgent)).toContain("Chrom");
    // These page errors are the point of this test, not a failure of it.
    expect(consoleErrors.some((error) => error.includes(marker))).toBe(true);
    consoleErrors.splice(0, consoleErrors.length);
  });

  /** Takes the connection away, switches the language (a client navigation) and waits for the Connection lost view. */
  async function switchLanguageOffline(page: Page, context: BrowserContext) {
    await context.setOffline(true);
    await page.getByRole("button", { name: "Deutsch (du)" }).click();
    const view = page.getByRole("alert");
    await expect(view.getByRole("heading", { level: 1 })).toHaveText("Network error");
    await expect(view.getByText("Connection lost")).toBeVisible();
    await expect(view.getByText("Error code Chunk")).toBeVisible();
    return view;
  }

  /**
   * With Remix, a route module that cannot be imported makes Remix reload the page (offline: the
   * browser's own page); what reaches our boundary is the navigation's data request that gets no
   * answer. Here: switching the language (a client navigation of the same page) without a connection.
   * The view needs no chunk of its own (decision 164): the page has loaded none of the error UI.
   */
  test("spec §8 Chunk: a navigation without a connection shows 'Connection lost', reports it once back online; closing retries the page", async ({
    page,
    context,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "client navigation needs scripts");
    const errorUiRequests: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/error-ui-/.test(request.url())) errorUiRequests.push(request.url());
    });
    const discovered = page.waitForResponse((response) => response.url().includes("/__manifest?") && response.ok());
    await page.goto(`${server.baseUrl}/demo/login?langId=en_GB`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    // Wait until Remix hydrated the page and discovered its routes, so the language form is a client
    // navigation whose data request fails (the next test loses the connection before the discovery).
    await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
    await discovered;
    const view = await switchLanguageOffline(page, context);
    // The reference is the document's request id: the server logs the report under it.
    await expect(view.getByText(/^If you contact support, please give them this reference/)).toBeVisible();
    await expect(view.getByText(/^[0-9a-f-]{36}$/)).toBeVisible();
    // The shell's view has no Copy button (decision 175): the id is select-all.
    await expect(view.getByRole("button")).toHaveCount(0);
    await expect(page).toHaveTitle("Network error");
    const lostConnection = () =>
      reported
        .map((body) => JSON.parse(body) as Record<string, unknown>)
        .filter((body) => String(body.url).endsWith("/demo/login?langId=de-DU"));
    await context.setOffline(false);
    // R-ENT-09: the report waited for the connection.
    await expect.poll(() => lostConnection().length).toBe(1);
    expect(lostConnection()[0]).toMatchObject({ client: "demo", errMessage: "Failed to fetch", userInfo: null });
    expect(errorUiRequests).toEqual([]);
    await view.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/demo\/login\?langId=de-DU$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anmeldung");
  });

  /**
   * Remix learns the routes behind a page's links and forms (route discovery) shortly after hydration.
   * A connection lost before that makes the navigation's discovery fail instead of its data request,
   * and the error reaches the customer layout's boundary, which still holds the page's data: the view
   * and the title must be the lost connection's there too, not the customer's name.
   */
  test("spec §8 Chunk: a connection lost before Remix discovered the page's routes still shows and titles 'Connection lost'", async ({
    page,
    context,
    consoleErrors,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "client navigation needs scripts");
    await page.route(/\/__manifest\?/, (route) => route.abort("internetdisconnected"));
    await page.goto(`${server.baseUrl}/demo/login?langId=en_GB`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    // The discovery after hydration has failed: the language form's route is still unknown.
    const discoveryFailed = (error: string) => error.includes("Failed to fetch manifest patches");
    await expect.poll(() => consoleErrors.some(discoveryFailed)).toBe(true);
    await switchLanguageOffline(page, context);
    await expect(page).toHaveTitle("Network error");
    // Remix retries the discovery for the view's links (and fails again): closed, the page logs no more.
    await page.close();
    const others = consoleErrors.filter((error) => !discoveryFailed(error));
    consoleErrors.splice(0, consoleErrors.length, ...others);
  });
});

test("R-CAT-02 stopping the upstream shows API02 within the configured time-out", async ({ page }) => {
  const upstream = await startFakeUpstream({
    "GET /getConfiguration": (call, res) => json(res, 200, customerConfig(call.query.get("cstm") ?? "demo")),
  });
  const server = await startServer({ UPSTREAM_API_URL: upstream.url, CONFIG_CACHE_TTL_S: "0", UPSTREAM_TIMEOUT_MS: "3000" });
  try {
    await page.goto(`${server.baseUrl}/demo/login?langId=en_GB`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
    await upstream.close(); // the upstream is gone: its port is closed

    const started = Date.now();
    const response = await page.goto(`${server.baseUrl}/demo/login`);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(response?.status()).toBe(503);
    await expect(page.getByText("Fehlercode API02")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Netzwerkproblem");
    await expect(page.getByText(/^Wenn du dich an den Support wendest/)).toBeVisible();
    await expect(page.getByText(response!.headers()["x-request-id"], { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Schließen" })).toHaveAttribute("href", "/demo");
  } finally {
    await server.stop();
    await upstream.close().catch(() => {});
  }
});
