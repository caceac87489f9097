// The one server a lab script measures with a hook of its own (bench/lab/gc-alloc.mjs, bench/lab/tail.mjs): bare
// Remix, or the built product signed in as a copy of a demo user, with the reference API inside it or as a process of
// its own on core 1. The measured server runs on core 0; the caller pins itself to core 1 (pinSelf).
import autocannon from "autocannon";
import { existsSync } from "node:fs";
import path from "node:path";
import { option } from "./args.mjs";
import { buildBaseline, startBaseline } from "./baseline.mjs";
import { cpuMs, freePort, startBuiltServer } from "./server.mjs";
import { signInAsClone } from "./session.mjs";

/**
 * The flags the labs that measure one server share: --page (default /demo/home), --user (anna), --upstream, --requests,
 * --connections (10), --node-args, --build DIR and --bare (bare Remix's page instead of the product's).
 */
export function labOptions({ upstream, requests }) {
  const bare = process.argv.includes("--bare");
  return {
    bare,
    page: bare ? "/" : option("page", "/demo/home"),
    user: option("user", "anna"),
    upstream: option("upstream", upstream),
    requests: Number(option("requests", String(requests))),
    connections: Number(option("connections", "10")),
    nodeArgs: option("node-args", "").split(" ").filter(Boolean),
    buildDir: option("build") && path.resolve(option("build")),
  };
}

/**
 * Returns `{ server, headers, apiBaseUrl, stop }`: `headers` carry the session cookie (none for bare Remix) and ask for
 * gzip as the benchmark does; `apiBaseUrl` is where the product's reference API answers (the product itself when
 * embedded; none for bare Remix); `stop()` stops every server started here. `env`, `nodeArgs` and `buildDir` (another
 * build of the product) go to the measured server only.
 */
export async function startLabServer({ bare = false, upstream = "separate", user = "anna", env = {}, nodeArgs = [], buildDir }) {
  if (upstream !== "separate" && upstream !== "embedded") throw new Error(`--upstream must be separate or embedded, not ${upstream}`);
  const servers = [];
  const stop = async () => {
    for (const server of servers.reverse()) await server.stop();
  };
  const headers = { "accept-encoding": "gzip" };
  let apiBaseUrl;
  try {
    if (bare) {
      buildBaseline();
      servers.push(await startBaseline({ core: 0, nodeArgs, env }));
    } else if (upstream === "embedded") {
      servers.push(await startBuiltServer({ API_SCRYPT_LOG2_N: "10", ...env }, { core: 0, nodeArgs, buildDir }));
      apiBaseUrl = servers[0].baseUrl;
      headers.cookie = await signInAsClone(servers[0].baseUrl, user);
    } else {
      const port = await freePort();
      const api = await startBuiltServer({ API_SCRYPT_LOG2_N: "10", APP_BASE_URL: `http://127.0.0.1:${port}` }, { core: 1 });
      servers.push(api);
      const product = await startBuiltServer(
        { API_SCRYPT_LOG2_N: "10", DEMO_MODE: undefined, UPSTREAM_API_URL: `${api.baseUrl}/api`, ...env },
        { core: 0, port, nodeArgs, buildDir },
      );
      servers.push(product);
      apiBaseUrl = api.baseUrl;
      headers.cookie = await signInAsClone(product.baseUrl, user, "demo", api.baseUrl);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { server: servers.at(-1), headers, apiBaseUrl, stop };
}

/** Polls until `file` exists (a hook renames its result into place when whole), for at most a minute. */
export async function fileWritten(file, failure) {
  const deadline = Date.now() + 60_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`the server ${failure} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Load for `{ duration }` seconds or `{ amount }` requests, at the benchmark's 10 connections unless `connections`
 * says otherwise; any failed answer stops the lab. `onLatency`, if given, hears each 2xx answer's latency in ms.
 */
export function load(url, headers, limit, connections = 10, onLatency) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, ...limit }, (error, result) => {
      if (error) reject(error);
      else if (result.non2xx || result.errors) reject(new Error(`${url} answered ${result.non2xx} non-2xx and ${result.errors} errors`));
      else resolve(result);
    });
    if (onLatency) instance.on("response", (_client, status, _bytes, ms) => status < 300 && onLatency(ms));
  });
}

/**
 * `amount` requests between two SIGUSR2s to the server (its hook records in between), with the server's CPU time
 * over them: `{ run, cpu }` (autocannon's result, CPU ms).
 */
export async function recordedRun(server, url, headers, amount, connections = 10) {
  process.kill(server.pid, "SIGUSR2");
  const cpuBefore = cpuMs(server.pid);
  const run = await load(url, headers, { amount }, connections);
  const cpu = cpuMs(server.pid) - cpuBefore;
  process.kill(server.pid, "SIGUSR2");
  return { run, cpu };
}
