// `npm run bench:recruiter-list`: the recruiter's applicant list (decision 142) over 10,000 applicants.
// Seeds a temporary embedded-API database in demo mode plus generated applicants up to 10,000
// (api/demo/bulk.ts, deterministic), signs rita in and asks each kind of list query --runs times
// (default 30), after one warm-up, then previous/next of an applicant in the middle of three lists
// (decision 188). Prints per query kind the median and p95 of the server time (the Server-Timing
// header of the call: SQL and rows, without HTTP) and the median round trip over loopback. Fails (exit code 1) when a median server time is above the budget of 100 ms.
// Options: --applicants <n> (10000), --runs <n> (30), --budget <ms> (100), --keep (keep the database).
import { parseArgs } from "node:util";
import { machineLine, startSeededRecruiterApi, timeQuery } from "./lib/recruiter-api.mjs";
import { median, p95 } from "./lib/stats.mjs";

const { values: args } = parseArgs({
  options: {
    applicants: { type: "string", default: "10000" },
    runs: { type: "string", default: "30" },
    budget: { type: "string", default: "100" },
    /** Keep the database (its path is printed) to look at query plans. */
    keep: { type: "boolean", default: false },
  },
});
const runs = Number(args.runs);
const budget = Number(args.budget);

const { baseUrl, token, applicants, close } = await startSeededRecruiterApi({ applicants: Number(args.applicants), name: "recruiter" });
try {
  const year = new Date().getUTCFullYear();
  const lastPage = Math.ceil(applicants / 25);
  const kinds = [
    ["first page, by name", ""],
    ["last page, by name", `page=${lastPage}`],
    ["search (name, user name, e-mail)", "q=muller"],
    ["sort by registered, newest first", "sort=registered&order=desc"],
    ["sort by last activity", "sort=activity&order=desc"],
    ["sort by progress", "sort=progress"],
    ["profile P100, progress under 50 %", "profile=P100&progressMax=49&sort=progress"],
    ["booleans: activated, not anonymous, on-site", "activated=true&anonymous=false&onSite=true"],
    [
      "date ranges: registered and last activity",
      `registeredFrom=${year - 1}-06-01&registeredTo=${year}-12-31&activityFrom=${year - 1}-01-01`,
    ],
    ["open-until range", `openUntilFrom=${year - 1}-01-01&openUntilTo=${year + 1}-12-31`],
    ["number ranges: progress and modules finished", "progressMin=20&progressMax=80&finishedMin=1&finishedMax=5"],
    ["selects: status and owner", "status=new&owner=rita"],
    ["strings: name, user name, e-mail", "name=schmidt&userName=a&email=example"],
    // Result columns (docs/decisions/184): sorted by a norm value off stats_norms_profile, nulls last.
    ["P200 results, sort by norm value (scale 31)", "results=P200&sort=norm31&order=desc"],
    ["P200 results, by norm value, ascending, page 3", "results=P200&sort=norm32&page=3"],
    ["P200 results, by norm value, past the values", `results=P200&sort=norm31&page=${lastPage - 1}`],
    ["P200 results, norm 31 >= 6, by norm 32", "results=P200&norm31Min=6&sort=norm32&order=desc"],
    ["P100 results, norm filters and status", "results=P100&norm31Min=4&norm42Max=7&status=new&sort=norm33"],
    [
      "everything combined",
      `q=a&profile=P100&status=screening&activated=true&progressMax=90&registeredFrom=${year - 1}-01-01&sort=activity&order=desc&page=2`,
    ],
  ];

  console.log(`GET /api/demo/recruiter/applicants?… · ${runs} runs each · budget: median server time ≤ ${budget} ms`);
  console.log(machineLine());
  console.log(
    `${"query kind".padEnd(48)} ${"rows".padStart(6)}  ${"server p50".padStart(10)}  ${"server p95".padStart(10)}  ${"round trip p50".padStart(14)}`,
  );
  let over = 0;
  for (const [label, query] of kinds) {
    const url = `${baseUrl}/demo/recruiter/applicants${query ? `?${query}` : ""}`;
    const { total, server, roundTrip } = await timeQuery(url, token, runs, label);
    const serverMedian = median(server);
    if (!(serverMedian <= budget)) over++;
    console.log(
      `${label.padEnd(48)} ${String(total).padStart(6)}  ${`${serverMedian.toFixed(1)} ms`.padStart(10)}  ${`${p95(server).toFixed(1)} ms`.padStart(10)}  ${`${median(roundTrip).toFixed(1)} ms`.padStart(14)}`,
    );
  }
  // Previous and next of an applicant in the list (decision 188): one applicant from the middle of each list.
  const neighbourKinds = [
    ["neighbours, by name (middle of the list)", ""],
    ["neighbours, P100 under 50 % by progress", "profile=P100&progressMax=49&sort=progress"],
    ["neighbours, status new, newest first", "status=new&sort=registered&order=desc"],
  ];
  for (const [label, query] of neighbourKinds) {
    const first = await fetch(`${baseUrl}/demo/recruiter/applicants${query ? `?${query}&` : "?"}pageSize=1`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((response) => response.json());
    const middle = await fetch(
      `${baseUrl}/demo/recruiter/applicants?${query ? `${query}&` : ""}pageSize=1&page=${Math.max(1, Math.ceil(first.total / 2))}`,
      { headers: { authorization: `Bearer ${token}` } },
    ).then((response) => response.json());
    const userName = middle.applicants[0].userName;
    const url = `${baseUrl}/demo/recruiter/applicants/${encodeURIComponent(userName)}/neighbours${query ? `?${query}` : ""}`;
    const { total, server, roundTrip } = await timeQuery(url, token, runs, label);
    const serverMedian = median(server);
    if (!(serverMedian <= budget)) over++;
    console.log(
      `${label.padEnd(48)} ${String(total).padStart(6)}  ${`${serverMedian.toFixed(1)} ms`.padStart(10)}  ${`${p95(server).toFixed(1)} ms`.padStart(10)}  ${`${median(roundTrip).toFixed(1)} ms`.padStart(14)}`,
    );
  }
  if (over > 0) {
    console.log(`\n${over} query kind(s) over the budget`);
    process.exitCode = 1;
  }
} finally {
  await close({ keep: args.keep });
}
