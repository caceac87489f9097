// bench/request-log: the CPU time the request log (server/middleware.ts requestLog, pino-http with the
// server's options) costs per request, at the benchmarks' level (warn: the line is not written) and at
// info (the line is written, to a sink). Every page request and every embedded API call passes it, so a
// page of the embedded mode pays it once for itself and once per API call.
// Usage: npm run bench:request-log -- [--requests 100000]. Prints figures; there is no budget of its own
// (the pages' budgets are bench/ssr-throughput.mjs's).
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { Writable } from "node:stream";
import { createLogger } from "../server/logger";
import { requestLog } from "../server/middleware";

const requestsArgument = process.argv.indexOf("--requests");
const requests = requestsArgument > 0 ? Number(process.argv[requestsArgument + 1]) : 100_000;

/** Lines go nowhere, but through the same serialization as on stdout. */
const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
const socket = new Socket();

function measure(level: string, url: string): number {
  const middleware = requestLog(createLogger(level, sink));
  const once = () => {
    const req = new IncomingMessage(socket);
    req.method = "GET";
    req.url = url;
    req.headers = { host: "127.0.0.1:3000", "user-agent": "Mozilla/5.0 (bench)", accept: "text/html", cookie: "__session=secret" };
    const res = new ServerResponse(req);
    Object.assign(res, { locals: { requestId: "1bc1daff-6387-4f73-8f6c-635f7a80723a" } });
    Object.assign(req, { originalUrl: url, path: url.split("?")[0] });
    middleware(req, res, () => {});
    res.statusCode = 200;
    res.emit("finish");
  };
  // Warm-up: the optimizing compiler first.
  for (let index = 0; index < requests / 5; index += 1) once();
  const start = process.cpuUsage();
  for (let index = 0; index < requests; index += 1) once();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / requests;
}

console.log(
  `request log: CPU µs per request (${requests} requests, node ${process.version}; includes building the request and response objects)`,
);
for (const url of ["/demo/home", "/api/userData?profileId=P100&language=de-DU"]) {
  for (const level of ["warn", "info"]) {
    console.log(`${url.padEnd(46)} ${level.padEnd(5)} ${measure(level, url).toFixed(1).padStart(6)} µs`);
  }
}
