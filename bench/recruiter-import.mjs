// `npm run bench:recruiter-import`: the recruiter's CSV import (decision 153) of 1,000 applicants, end to
// end through the production build (run `npm run build` first), like a browser without JavaScript:
// rita signs in, uploads a generated CSV file (UTF-8 with BOM, `;`, umlauts, every row with profile
// P100, an open-until date and an owner), the app parses it and stages the rows upstream (each row
// checked), the preview page renders, and the confirmation imports them in one upstream transaction
// (assignments, audit entries and activation mails included) and shows the report.
// Prints per run the upload-and-preview time, the confirmation (import) time and both together;
// fails (exit code 1) when the median of the whole (upload, preview, import) is above the budget.
// Options: --rows <n> (1000), --runs <n> (3), --budget <ms> (5000).
import { loadavg, cpus } from "node:os";
import { parseArgs } from "node:util";
import { startBuiltServer } from "./lib/server.mjs";
import { median } from "./lib/stats.mjs";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "1000" },
    runs: { type: "string", default: "3" },
    budget: { type: "string", default: "5000" },
  },
});
const rows = Number(args.rows);
const runs = Number(args.runs);
const budget = Number(args.budget);

const FIRST = ["Jürgen", "Zsófia", "Luca", "Anna", "Björn", "Ágnes", "Chiara", "Max"];
const LAST = ["Öztürk", "Kovács", "Bianchi", "Müller", "Weiß", "Szabó", "Rossi", "Schäfer"];
const LANGUAGES = ["de", "de-DU", "en_GB", "hu", "it"];

function csvFile(run) {
  const lines = ["email;firstName;lastName;language;profileId;openUntil;owner"];
  for (let index = 0; index < rows; index++) {
    lines.push(
      [
        `bench.${run}.${index}@example.com`,
        FIRST[index % FIRST.length],
        `${LAST[index % LAST.length]} ${index}`,
        LANGUAGES[index % 5],
        "P100",
        "2031-12-31",
        "rita",
      ].join(";"),
    );
  }
  return "\uFEFF" + lines.join("\r\n") + "\r\n";
}

function cookiesOf(response, jar) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const index = pair.indexOf("=");
    const name = pair.slice(0, index);
    const value = pair.slice(index + 1);
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
}
const cookieHeader = (jar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

const server = await startBuiltServer();
let failed = false;
try {
  const { baseUrl } = server;
  const jar = new Map();
  const send = async (path, init = {}) => {
    const response = await fetch(`${baseUrl}${path}`, {
      ...init,
      redirect: "manual",
      headers: { Origin: baseUrl, "Sec-Fetch-Site": "same-origin", Cookie: cookieHeader(jar), ...init.headers },
    });
    cookiesOf(response, jar);
    return { status: response.status, location: response.headers.get("location"), text: await response.text() };
  };
  await send("/demo/recruiter/login?langId=en_GB");
  const login = await send("/demo/recruiter/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username: "rita", password: "Rita-Recruiter-2027" }),
  });
  if (login.status !== 302) throw new Error(`recruiter login answered ${login.status}`);

  console.log(
    `recruiter CSV import of ${rows} rows, ${runs} runs (production build, embedded API), load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`,
  );
  const figures = [];
  for (let run = 1; run <= runs; run++) {
    const body = new FormData();
    body.append("file", new Blob([csvFile(run)], { type: "text/csv" }), "applicants.csv");
    const started = performance.now();
    const upload = await send("/demo/recruiter/import", { method: "POST", body });
    if (upload.status !== 302 || !upload.location) throw new Error(`upload answered ${upload.status}: ${upload.text.slice(0, 300)}`);
    const preview = await send(upload.location);
    if (!preview.text.includes(`${rows} rows: ${rows} can be imported`)) throw new Error("the preview does not show every row as valid");
    const previewed = performance.now();
    const confirm = await send(upload.location, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "confirm" }),
    });
    if (confirm.status !== 302) throw new Error(`confirmation answered ${confirm.status}: ${confirm.text.slice(0, 300)}`);
    const imported = performance.now();
    const report = await send(confirm.location ?? upload.location);
    if (!report.text.includes(`${rows} applicants were created`)) throw new Error("the report does not name every row as created");
    const figure = { uploadAndPreview: previewed - started, importing: imported - previewed, total: imported - started };
    figures.push(figure);
    console.log(
      `run ${run}: upload, parse, check and preview ${figure.uploadAndPreview.toFixed(0)} ms; import (one transaction) ${figure.importing.toFixed(0)} ms; together ${figure.total.toFixed(0)} ms`,
    );
  }
  const totals = figures.map((figure) => figure.total);
  const result = median(totals);
  failed = result > budget;
  console.log(
    `median: upload and preview ${median(figures.map((figure) => figure.uploadAndPreview)).toFixed(0)} ms, import ${median(figures.map((figure) => figure.importing)).toFixed(0)} ms, together ${result.toFixed(0)} ms (budget ${budget} ms): ${failed ? "FAIL" : "PASS"}`,
  );
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
