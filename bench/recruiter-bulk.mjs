// `npm run bench:recruiter-bulk`: the recruiter's bulk call (decision 183) on 1,000 applicants in one call each.
// Seeds a temporary embedded-API database in demo mode plus generated applicants up to 1,000 (api/demo/bulk.ts,
// deterministic) as the applicants of demo-vor-ort, which has none of its own, signs rita in and runs, on every one
// of them ("all matching" an empty filter), one call
// per action: set the status, assign a profile, send a reminder, export, and last erase. Prints per action the
// server time (the call's Server-Timing header: resolving the selection, the transaction with one audit row per
// applicant, without HTTP), the round trip and the outcome counts. Fails (exit code 1) when a server time is above
// the budget of 2,000 ms.
// Options: --applicants <n> (1000), --budget <ms> (2000), --keep (keep the database).
import { parseArgs } from "node:util";
import { machineLine, startSeededRecruiterApi } from "./lib/recruiter-api.mjs";

const { values: args } = parseArgs({
  options: {
    applicants: { type: "string", default: "1000" },
    budget: { type: "string", default: "2000" },
    keep: { type: "boolean", default: false },
  },
});
const budget = Number(args.budget);

const { baseUrl, token, applicants, close } = await startSeededRecruiterApi({
  applicants: Number(args.applicants),
  name: "bulk",
  cstm: "demo-vor-ort",
});
try {
  const actions = [
    ["set status", { action: "status", parameters: { status: "interview" } }],
    ["assign profile P200", { action: "profiles", parameters: { profileId: "P200" } }],
    ["send a reminder", { action: "email", parameters: { template: "reminder" } }],
    ["export", { action: "export", parameters: {} }],
    ["erase", { action: "erase", parameters: {} }],
  ];
  console.log(
    `POST /api/demo-vor-ort/recruiter/applicants/bulk · all ${applicants} applicants per call · budget: server time ≤ ${budget} ms`,
  );
  console.log(machineLine());
  console.log(
    `${"action".padEnd(22)} ${"selected".padStart(8)} ${"changed".padStart(8)} ${"unchanged".padStart(9)} ${"refused".padStart(8)}  ${"server".padStart(10)}  ${"round trip".padStart(10)}`,
  );
  let over = 0;
  for (const [label, body] of actions) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/demo-vor-ort/recruiter/applicants/bulk`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ ...body, selection: { filter: {} } }),
    });
    const answer = await response.json();
    const roundTrip = performance.now() - started;
    if (!response.ok) throw new Error(`${label}: ${response.status} ${JSON.stringify(answer)}`);
    const server = Number(/dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? NaN);
    if (!(server <= budget)) over++;
    console.log(
      `${label.padEnd(22)} ${String(answer.total).padStart(8)} ${String(answer.changed).padStart(8)} ${String(answer.unchanged).padStart(9)} ${String(answer.refused).padStart(8)}  ${`${server.toFixed(0)} ms`.padStart(10)}  ${`${roundTrip.toFixed(0)} ms`.padStart(10)}`,
    );
  }
  if (over > 0) {
    console.log(`\n${over} action(s) over the budget`);
    process.exitCode = 1;
  }
} finally {
  await close({ keep: args.keep });
}
