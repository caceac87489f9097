// Lab: what keeping the bare page whole costs the bare Remix page with a page's upstream calls (decision 200). A copy
// of bench/baseline in .tmp/calls-page-ab gets the /calls page as it was under decision 199 (only the answers' fields,
// without the bare page's twelve items) as /calls-answers-only beside today's /calls; both, and bare Remix's own page,
// run in turns in the same rounds for each page's plan of bench/pages.mjs, the reference API as a process of its own
// on core 1 (as `bench/ssr-throughput.mjs --upstream separate`), the copy on core 0, autocannon here on core 1. Prints
// every window and each variant's CPU ms per request by round, median and mean. No budget: figures for
// docs/performance.md («The bare page with the calls kept whole (decision 200), 2026-11-30 (evening)»).
// Usage: npm run build && node bench/lab/calls-page-ab.mjs [--pages home,support] [--rounds 4] [--duration 10]
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { alternateWindows, printRounds } from "../lib/alternate.mjs";
import { option } from "../lib/args.mjs";
import { buildBaseline, copyBaselineSources, startBaseline } from "../lib/baseline.mjs";
import { ROOT, pinSelf, startBuiltServer } from "../lib/server.mjs";
import { upstreamTokenOfClone } from "../lib/session.mjs";
import { PAGES } from "../pages.mjs";

const only = option("pages", "home,support").split(",");
const rounds = Number(option("rounds", "4"));
const duration = Number(option("duration", "10"));

// The copy: today's sources, and decision 199's page from the commit before decision 200 changed it.
const dir = path.join(ROOT, ".tmp/calls-page-ab");
copyBaselineSources(dir);
const before200 = execFileSync("git", ["log", "-1", "--format=%H", "--grep=^Keep the bare page whole", "--", "bench/baseline"], {
  cwd: ROOT,
  encoding: "utf8",
}).trim();
if (!before200) throw new Error("decision 200's commit is not in this clone's history (a shallow clone?): fetch it first");
const answersOnly = execFileSync("git", ["show", `${before200}~1:bench/baseline/app/routes/calls.tsx`], {
  cwd: ROOT,
  encoding: "utf8",
}).replace('"Baseline with calls"', '"Baseline with calls, answers only"');
writeFileSync(path.join(dir, "app/routes/calls-answers-only.tsx"), answersOnly);
buildBaseline({ force: true, dir });

pinSelf(1);
const api = await startBuiltServer({ API_SCRYPT_LOG2_N: "10" }, { core: 1 });
let bare;
try {
  bare = await startBaseline({ core: 0, dir, upstreamUrl: `${api.baseUrl}/api` });
  const headers = { Accept: "text/html", "Accept-Encoding": "gzip" };
  const means = {};
  for (const page of PAGES.filter((each) => each.upstreamCalls && only.some((prefix) => each.name.startsWith(prefix)))) {
    const { token, profileId } = await upstreamTokenOfClone(api.baseUrl, page.session.template);
    const plan = page.upstreamCalls({ profileId, returnOrigin: "" });
    const withPlan = { ...headers, Cookie: `token=${token}`, "X-Baseline-Plan": JSON.stringify(plan) };
    console.log(`\n${page.name}: ${JSON.stringify(plan)}`);
    const cpu = await alternateWindows(
      {
        "bare Remix": { url: `${bare.baseUrl}/`, headers, pid: bare.pid },
        "calls, answers only (199)": { url: `${bare.baseUrl}/calls-answers-only`, headers: withPlan, pid: bare.pid },
        "calls, bare page kept (200)": { url: `${bare.baseUrl}/calls`, headers: withPlan, pid: bare.pid },
      },
      { rounds, duration, warmup: 5 },
    );
    means[page.name] = printRounds(cpu);
  }
  console.log("\nmean CPU ms per request; each calls page's share of bare Remix by CPU");
  for (const [name, mean] of Object.entries(means)) {
    const bareMs = mean["bare Remix"];
    const share = (key) => `${mean[key].toFixed(2)} ms (${((bareMs / mean[key]) * 100).toFixed(0)} %)`;
    console.log(
      `${name}: bare Remix ${bareMs.toFixed(2)} ms, answers only ${share("calls, answers only (199)")}, bare page kept ${share("calls, bare page kept (200)")}`,
    );
  }
} finally {
  await bare?.stop();
  await api.stop();
  // The copy's .tsx files would otherwise be typechecked with the repository's own.
  rmSync(dir, { recursive: true, force: true });
}
