import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { requirementIds, testTitles, unnamedIds } from "../../scripts/check-requirement-ids.mjs";
import { buildSummary, formatSummary, readPlaywright, readVitest } from "../../scripts/test-summary.mjs";
import { portToListenOnLater } from "../support/ports";

// The IDs below are made up (R-FOO-…): scripts/check-requirement-ids.mjs reads this file's titles too, and a real ID
// in a fixture would count as named.
const ROOT = "/repo";

describe("requirement IDs named by test titles", () => {
  it("takes the IDs from the first column of the index's tables only", () => {
    const markdown = [
      "| ID | requirement |",
      "|---|---|",
      "| R-FOO-01 | first, see R-FOO-09 |",
      "|  R-BAR-12  | second |",
      "A line that mentions R-FOO-03.",
    ].join("\n");
    expect(requirementIds(markdown)).toEqual(["R-FOO-01", "R-BAR-12"]);
  });

  it("reads titles of it, test and describe with their modifiers, each and template literals", () => {
    const source = [
      `it("R-FOO-01 plain", () => {});`,
      `test.describe.serial('R-FOO-02 group', () => {});`,
      "describe.each(backends)(`R-FOO-03 on ${backend}`, () => {});",
      `it.each(["a", "b"] as const)("R-FOO-04 %s", () => {});`,
      `it.skipIf(isCi())("R-FOO-05 skipped", () => {});`,
      `const ok = /x/.test("R-FOO-06 not a title");`,
      `test.skip(({ browserName }) => browserName !== "chromium", "R-FOO-07 a reason");`,
    ].join("\n");
    expect(testTitles(source)).toEqual(["R-FOO-01 plain", "R-FOO-02 group", "R-FOO-03 on ${backend}", "R-FOO-04 %s", "R-FOO-05 skipped"]);
  });

  it("lists the IDs that no title names, in the index's order", () => {
    expect(unnamedIds(["R-FOO-01", "R-FOO-02", "R-FOO-10"], ["R-FOO-02 and R-FOO-1 alone", "R-FOO-100 is another"])).toEqual([
      "R-FOO-01",
      "R-FOO-10",
    ]);
  });
});

describe("the summary of npm test", () => {
  const vitestReport = {
    numPassedTests: 5,
    numFailedTests: 1,
    numPendingTests: 1,
    numTodoTests: 1,
    testResults: [
      { name: "/repo/tests/unit/a.test.ts", status: "passed", startTime: 1000, endTime: 3500 },
      { name: "/repo/tests/api/b.test.ts", status: "failed", startTime: 1000, endTime: 1200 },
    ],
  };
  const playwrightReport = {
    config: { rootDir: "/repo/tests/e2e" },
    suites: [
      {
        title: "login.spec.ts",
        file: "login.spec.ts",
        specs: [
          {
            title: "signs in",
            tests: [
              { projectName: "js-off", status: "expected", results: [{ duration: 3000 }] },
              { projectName: "js-on", status: "flaky", results: [{ duration: 1000 }, { duration: 1500 }] },
            ],
          },
        ],
        suites: [
          {
            title: "errors",
            file: "login.spec.ts",
            specs: [{ title: "shows one", tests: [{ projectName: "js-on", status: "unexpected", results: [{ duration: 500 }] }] }],
          },
        ],
      },
      {
        title: "skip.spec.ts",
        file: "skip.spec.ts",
        specs: [{ title: "later", tests: [{ projectName: "js-off", status: "skipped", results: [] }] }],
      },
    ],
  };

  it("counts vitest's tests and times its files from the first test's start to the last one's end", () => {
    expect(readVitest(vitestReport, ROOT)).toEqual({
      counts: { passed: 5, failed: 1, skipped: 2, files: 2, failedFiles: 1 },
      files: [
        { file: path.join("tests", "unit", "a.test.ts"), seconds: 2.5 },
        { file: path.join("tests", "api", "b.test.ts"), seconds: 0.2 },
      ],
    });
  });

  it("counts Playwright's tests per project and sums each file's durations per project, nested suites included", () => {
    const reading = readPlaywright(playwrightReport, ROOT);
    expect(reading?.projects).toEqual({
      "js-off": { passed: 1, failed: 0, skipped: 1, flaky: 0 },
      "js-on": { passed: 0, failed: 1, skipped: 0, flaky: 1 },
    });
    expect(reading?.files).toContainEqual({ file: path.join("tests", "e2e", "login.spec.ts"), project: "js-on", seconds: 3 });
  });

  it("ends with the plain total, flaky tests counted as passed, and lists the slowest files first", () => {
    const summary = buildSummary({
      phases: [{ name: "vitest", code: 1, seconds: 12 }],
      totalSeconds: 12,
      vitest: readVitest(vitestReport, ROOT),
      playwright: readPlaywright(playwrightReport, ROOT),
    });
    expect(summary.ok).toBe(false);
    expect(summary.total).toEqual({ passed: 7, failed: 2, skipped: 3 });
    expect(summary.slowest.map((entry) => entry.seconds)).toEqual([3, 3, 2.5, 0.2, 0]);
    expect(formatSummary(summary).split("\n").at(-1)).toBe("7 passed, 2 failed, 3 skipped");
  });

  it("shows the files of a report from another checkout from its tests folder on", () => {
    const report = { testResults: [{ name: "/elsewhere/base/tests/unit/c.test.ts", startTime: 0, endTime: 1000 }] };
    expect(readVitest(report, ROOT)?.files).toEqual([{ file: path.join("tests", "unit", "c.test.ts"), seconds: 1 }]);
  });

  it("reads a missing or foreign report as no report", () => {
    expect(readVitest(null, ROOT)).toBeNull();
    expect(readPlaywright("not a report", ROOT)).toBeNull();
    expect(readPlaywright({ suites: "broken" }, ROOT)).toEqual({ projects: {}, files: [] });
  });
});

describe("a port to listen on later (tests/support/ports.ts)", () => {
  it("lies below the kernel's ephemeral ports, which outgoing connections take, and is free to listen on", async () => {
    const range = existsSync("/proc/sys/net/ipv4/ip_local_port_range")
      ? readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/).map(Number)
      : [32768, 60999];
    const ports = await Promise.all([1, 2, 3].map(() => portToListenOnLater()));
    for (const port of ports) {
      expect(port).toBeGreaterThan(1024);
      expect(port).toBeLessThan(range[0]);
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, "127.0.0.1", resolve);
      });
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
