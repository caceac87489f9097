// Lab: what a request header changes in a page's server cost, e.g. `Save-Data: on` (the lite document
// without scripts, DESIGN §6). One built product (embedded API) pinned to core 0, autocannon here on
// core 1; the page as a demo user's clone with and without the header, alternating in the same rounds.
// Prints req/s, p99 and the server's CPU ms per request of every window. No budget: figures for
// docs/performance.md («What is left, measured, 2026-11-30»).
// Usage: npm run build && node bench/lab/header-ab.mjs [--page /demo/home] [--user anna]
//        [--header "Save-Data: on"] [--rounds 3] [--duration 8] [--warmup 10] (s per variant before the rounds)
import { alternateWindows } from "../lib/alternate.mjs";
import { cpuMs, pinSelf, startBuiltServer } from "../lib/server.mjs";
import { signInAsClone } from "../lib/session.mjs";

const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const page = option("page", "/demo/home");
const user = option("user", "anna");
const [headerName, ...headerValue] = option("header", "Save-Data: on").split(":");
const rounds = Number(option("rounds", "3"));
const duration = Number(option("duration", "8"));
const warmup = Number(option("warmup", "10"));

pinSelf(1);
const server = await startBuiltServer({}, { core: 0 });
// Every figure this script prints is the server's CPU time, which only /proc gives (cpuMs is null elsewhere).
if (cpuMs(server.pid) === null) {
  await server.stop();
  console.error("header-ab: the server's CPU time is read from /proc, which this machine does not have");
  process.exit(2);
}
try {
  const cookie = await signInAsClone(server.baseUrl, user);
  const variants = { without: { cookie }, with: { cookie, [headerName.trim()]: headerValue.join(":").trim() } };
  for (const [name, headers] of Object.entries(variants)) {
    const response = await fetch(server.baseUrl + page, { headers });
    console.log(`${name} "${headerName.trim()}": ${response.status}, ${(await response.text()).length} characters`);
  }
  const cpu = await alternateWindows(
    Object.fromEntries(Object.entries(variants).map(([name, headers]) => [name, { url: server.baseUrl + page, headers, pid: server.pid }])),
    { rounds, duration, warmup, label: (name) => name.padEnd(7) },
  );
  console.log(`CPU ms/request without: ${cpu.without.join(", ")}; with: ${cpu.with.join(", ")}`);
} finally {
  await server.stop();
}
