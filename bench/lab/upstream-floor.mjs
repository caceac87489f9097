// Lab: the floor of one upstream call, i.e. what undici's request() alone costs the caller. The demo API
// (a built product with DEMO_MODE, as ssr-throughput's separate mode starts it) on core 1; this
// process on core 0 sends home's containers call as anna, 10 in flight, and prints its own CPU µs per
// call with and without JSON.parse of the answer. No budget: figures for docs/performance.md («What
// is left, measured, 2026-11-30»). Usage: npm run build && node bench/lab/upstream-floor.mjs [--calls 4000]
import { Agent } from "undici";
import { pinSelf, startBuiltServer } from "../lib/server.mjs";

const index = process.argv.indexOf("--calls");
const calls = index > 0 ? Number(process.argv[index + 1]) : 4000;
// anna's demo password (docs/spec demo data; the reference API seeds it).
const ANNA = { cstm: "demo", userName: "anna", password: "Anna-Demo-2027" };

const api = await startBuiltServer({ API_SCRYPT_LOG2_N: "10" }, { core: 1 });
pinSelf(0);
const agent = new Agent({ connections: 10 });
try {
  const login = await fetch(`${api.baseUrl}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ANNA),
  });
  const { access_token: token } = await login.json();
  if (!token) throw new Error(`login answered ${login.status}`);
  const url = new URL(`${api.baseUrl}/api/dashboardHome/container/P100?language=de-DU`);
  const headers = { Accept: "application/json", Authorization: `Bearer ${token}` };
  const call = async (parse) => {
    const response = await agent.request({ origin: url.origin, path: url.pathname + url.search, method: "GET", headers });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`containers answered ${response.statusCode}`);
    if (parse) JSON.parse(text);
  };
  const cpuMs = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  // The first two passes warm the JIT and the connections; the figures to read are the later ones.
  for (const parse of [false, true, false, true, false, true]) {
    let sent = 0;
    const cpuBefore = cpuMs();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (sent++ < calls) await call(parse);
      }),
    );
    const cpuUs = ((cpuMs() - cpuBefore) * 1000) / calls;
    const wallUs = ((performance.now() - started) * 1000) / calls;
    console.log(
      `${parse ? "request + JSON.parse" : "request"}: ${cpuUs.toFixed(0)} µs of client CPU per call (${wallUs.toFixed(0)} µs wall)`,
    );
  }
} finally {
  await agent.close();
  await api.stop();
}
