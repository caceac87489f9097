import { execFile } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/server";

const run = promisify(execFile);
const script = path.join(ROOT, "scripts/sentry-sourcemaps.mjs");
/** The environment without anything of a Sentry account. */
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("SENTRY_"))) as NodeJS.ProcessEnv;

/**
 * Decision 174: `npm run sentry:sourcemaps` uploads the build's bundles with their hidden maps for the build's release
 * with the official sentry-cli. There is no network here: the test checks the command line against the installed
 * sentry-cli, the files it would upload and the refusal without an account, not the upload.
 */
describe("npm run sentry:sourcemaps (decision 174)", () => {
  it("R-ENT-09 names the build's release, pairs every bundle with its map under ~/assets, with options sentry-cli knows", async () => {
    const { stdout } = await run(process.execPath, [script, "--dry-run"], { cwd: ROOT, env });
    const [command, summary] = stdout.trim().split("\n");
    const { release } = JSON.parse(readFileSync(path.join(ROOT, "build/release.json"), "utf8")) as { release: string };
    expect(command).toMatch(
      new RegExp(`^sentry-cli sourcemaps upload --release ${release} --url-prefix ~/assets --validate --strict \\S+/assets$`),
    );
    const maps = readdirSync(path.join(ROOT, "build/sourcemaps/client/assets")).filter((file) => file.endsWith(".js.map"));
    expect(maps.length).toBeGreaterThan(10);
    expect(summary).toBe(`${maps.length} bundles with their maps for release ${release}`);

    const cli = path.join(ROOT, "node_modules/.bin/sentry-cli");
    const { stdout: help } = await run(cli, ["sourcemaps", "upload", "--help"], { env });
    for (const option of command.split(" ").filter((word) => word.startsWith("--"))) expect(help, option).toContain(option);
  });

  it("refuses to upload without a Sentry account, naming what is missing", async () => {
    const failure = await run(process.execPath, [script], { cwd: ROOT, env }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1 });
    expect((failure as { stderr: string }).stderr).toContain("set SENTRY_AUTH_TOKEN, SENTRY_ORG, SENTRY_PROJECT");
  });
});
