import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * Every journey runs twice: with JavaScript disabled and enabled (two projects), in Debian's
 * Chromium, against the production build started by webServer with its own fresh databases.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * Debian's build of Chromium's headless shell where it is installed (.ci/run installs it), as Playwright itself runs
 * headless tests: the same Blink and V8 as /usr/bin/chromium, whose full browser costs five times the CPU per
 * browser context in headless mode (docs/decisions/173). CHROMIUM_PATH=/usr/bin/chromium runs the full browser.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "de-DE",
    // No trace by default: recording one with screenshots for every test cost about a fifth of the
    // suite's time and was thrown away when the test passed (docs/decisions/167). To see a failure,
    // run it again with E2E_TRACE=retain-on-failure (or on).
    trace: (process.env.E2E_TRACE as "off" | "on" | "retain-on-failure" | undefined) ?? "off",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js-off", use: { javaScriptEnabled: false } },
    { name: "js-on", use: { javaScriptEnabled: true } },
  ],
  webServer: {
    command: "node --enable-source-maps --import ./build/instrument.server.js scripts/e2e-server.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SESSION_SECRET: "e2e-secret-that-is-long-enough-0123456789",
      E2E_DATA_DIR: "test-results/e2e-data",
      DEMO_MODE: "true",
      LOG_LEVEL: "warn",
      RATE_LIMIT_MAX: "1000",
      // The embedded API's limits of resets and registrations (decision 103): every journey comes from 127.0.0.1.
      API_RATE_LIMIT_CLIENT_MAX: "100000",
      API_RATE_LIMIT_TARGET_MAX: "100000",
      // Every journey is rita at `demo`: the recruiter calls' limits (decision 171) ×1000.
      API_RECRUITER_LIMIT_PERCENT: "100000",
      // The journeys fill forms faster than people: no minimum time of the honeypot (decision 130);
      // its time stamp must still be genuine. The minimum itself: tests/integration/honeypot.test.ts.
      HONEYPOT_MIN_FILL_MS: "0",
      // Thousands of sign-ins: new and demo hashes at scrypt N=2^10 (docs/decisions/092); the
      // OWASP cost itself is tested in tests/api/password-hashing.test.ts.
      API_SCRYPT_LOG2_N: "10",
    },
  },
});
