// Lab: two or more builds of the product (or one build with different node options) serving one page, measured in
// turns in the same rounds: each on core 0 and signed in as its own copy of the demo user, the reference API as a
// process of its own on core 1 (or each build's own, --embedded), autocannon here on core 1. Prints every window
// and each variant's CPU ms per request by round, median and mean. Name one build several times to see how far
// identical servers differ (the resolution of a before/after). No budget: figures for docs/performance.md («What
// home allocates, and what its collector costs, 2026-11-30 (afternoon)»).
// Usage: npm run build && node bench/lab/builds-ab.mjs [--page /demo/home] [--user anna] [--rounds 4] [--duration 10]
//        [--embedded] NAME=BUILD_DIR[|NODE_OPTIONS] NAME=BUILD_DIR[|NODE_OPTIONS] …
//        e.g. stock=build "semi=build|--max-semi-space-size=32", or a=build b=build c=build
import { alternateWindows, printRounds } from "../lib/alternate.mjs";
import { option } from "../lib/args.mjs";
import { freePort, pinSelf, startBuiltServer } from "../lib/server.mjs";
import { signInAsClone } from "../lib/session.mjs";

const page = option("page", "/demo/home");
const user = option("user", "anna");
const rounds = Number(option("rounds", "4"));
const duration = Number(option("duration", "10"));
const embedded = process.argv.includes("--embedded");
// Every NAME=DIR argument that is not the value of a flag (a value may hold "=" too; --embedded takes none).
const VALUE_FLAGS = ["--page", "--user", "--rounds", "--duration"];
const specs = process.argv.slice(2).filter((argument, index, all) => argument.includes("=") && !VALUE_FLAGS.includes(all[index - 1]));
if (specs.length < 2) throw new Error("name at least two variants: NAME=BUILD_DIR[|NODE_OPTIONS]");

pinSelf(1);
const servers = [];
try {
  const ports = await Promise.all(specs.map(() => freePort()));
  // The API checks the engine's return URLs against one product origin: the first variant's.
  const api = embedded
    ? null
    : await startBuiltServer({ API_SCRYPT_LOG2_N: "10", APP_BASE_URL: `http://127.0.0.1:${ports[0]}` }, { core: 1 });
  if (api) servers.push(api);
  const variants = {};
  for (const [index, spec] of specs.entries()) {
    const name = spec.slice(0, spec.indexOf("="));
    const [buildDir, nodeOptions = ""] = spec.slice(spec.indexOf("=") + 1).split("|");
    const env = api
      ? { API_SCRYPT_LOG2_N: "10", DEMO_MODE: undefined, UPSTREAM_API_URL: `${api.baseUrl}/api` }
      : { API_SCRYPT_LOG2_N: "10" };
    const server = await startBuiltServer(env, { core: 0, port: ports[index], buildDir, nodeArgs: nodeOptions.split(" ").filter(Boolean) });
    servers.push(server);
    const cookie = await signInAsClone(server.baseUrl, user, "demo", api?.baseUrl ?? server.baseUrl);
    variants[name] = { url: server.baseUrl + page, headers: { cookie, "accept-encoding": "gzip" }, pid: server.pid };
  }
  const cpu = await alternateWindows(variants, { rounds, duration, warmup: 8 });
  printRounds(cpu);
} finally {
  for (const server of servers.reverse()) await server.stop();
}
