// Child processes of the test runners (scripts/test.mjs, scripts/test-fast.mjs): one captured, one live.
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

/**
 * The child's environment. Tools that find a pipe instead of a terminal drop their colours; when our own output is a
 * terminal, the captured blocks are printed there, so they may keep them.
 * @param {Record<string, string>} [extra]
 */
function childEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  if (process.stdout.isTTY && env.FORCE_COLOR === undefined) env.FORCE_COLOR = "1";
  return env;
}

/**
 * @typedef {{ name: string, code: number, seconds: number, output: string }} CommandResult
 */

/**
 * Runs a command with stdout and stderr in one buffer, so that commands running side by side can each be printed as
 * one block when they finish instead of interleaving line by line.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<CommandResult>}
 */
export function runCaptured(name, command, args, env) {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { env: childEnv(env), stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    const finish = (code, extra = "") =>
      resolve({ name, code, seconds: elapsedSeconds(started), output: Buffer.concat(chunks).toString("utf8") + extra });
    // A command that cannot start (not installed) fails like one that ran and failed, instead of hanging the run.
    child.on("error", (error) => finish(1, String(error)));
    child.on("close", (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs a command on our own terminal: the test runners' progress should be seen while it happens.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {Record<string, string>} [env]
 * @returns {Promise<CommandResult>}
 */
export function runLive(name, command, args, env) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: "inherit" });
    const finish = (code, output = "") => resolve({ name, code, seconds: elapsedSeconds(started), output });
    child.on("error", (error) => finish(1, String(error)));
    child.on("close", (code, signal) => finish(code ?? (signal ? 1 : 0)));
  });
}

/** A captured command's output as one block under a header naming it, its outcome and its duration. */
export function printBlock(/** @type {CommandResult} */ result) {
  const outcome = result.code === 0 ? "ok" : `FAILED (exit ${result.code})`;
  process.stdout.write(`\n── ${result.name}: ${outcome}, ${result.seconds.toFixed(1)} s ──\n`);
  const output = result.output.trimEnd();
  if (output) process.stdout.write(`${output}\n`);
}

/** @param {number} started a performance.now() reading */
export function elapsedSeconds(started) {
  return (performance.now() - started) / 1000;
}
