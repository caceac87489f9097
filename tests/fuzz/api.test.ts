import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedApi, type EmbeddedApi } from "../../api/index";
import { scaledRecruiterLimits } from "../../api/recruiter/limits";
import { parseEnv } from "../../server/env";
import { createLogger } from "../../server/logger";
import { embeddedApiSettings } from "../../server/services";
import { testSecret } from "../support/server";
import { anyText, pathSegment, specialCharacter } from "./support/arbitraries";
import { FuzzFailure } from "./support/checks";
import { FUZZ_API_RUNS, fuzz, selected } from "./support/fuzz";
import { inject } from "./support/inject";

/**
 * The embedded API's JSON bodies, fuzzed (docs/decisions/102). Every POST route of
 * api/routes/* (read from the router, so a new route is fuzzed without a change here) gets
 * FUZZ_API_RUNS (1,000) arbitrary bodies of its own: the fields the API knows with values of every
 * JSON type, nested objects and arrays, huge strings, prototype keys (__proto__, constructor,
 * prototype), bodies that are no JSON or no object, other content types; with and without a valid
 * token of each kind. Every answer: status < 500, a JSON body in the API's one failure shape
 * ({ status: "failed", error }) for every 4xx, no stack trace; and nothing pollutes
 * Object.prototype.
 *
 * The API runs alone in this process as the app mounts it (its router, with its own body parser,
 * limits and error handler, on a fresh SQLite file in demo mode), and each request reaches it
 * without a socket (support/inject.ts, the app's in-process dispatcher of decision 191): Node's own request and response objects, so Express and the
 * routes run as they do behind a listener. The app's middleware in front of /api (request ids,
 * request logs, compression) is not on this path: it has its own tests.
 */
let api: EmbeddedApi;
let dataDir: string;
const listener = express();
const errors: string[] = [];
const tokens: { applicant?: string; recruiter?: string } = {};

function postRoutes(): string[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> } };
  const stack = (api.router as unknown as { stack: Layer[] }).stack;
  const paths = stack.filter((layer) => layer.route?.methods.post).map((layer) => layer.route!.path);
  return [...new Set(paths)];
}

async function json(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const answer = await inject(listener, {
    method: "POST",
    path: `/api${path}`,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (answer.status >= 300) throw new Error(`POST /api${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return JSON.parse(answer.text) as Record<string, unknown>;
}

async function signIn(role: "applicant" | "recruiter"): Promise<void> {
  const user = await json("/dev/clone-user", { template: role === "applicant" ? "anna" : "rita" });
  const grant = await json(role === "applicant" ? "/login" : "/recruiter/login", {
    cstm: user.cstm,
    userName: user.userName,
    password: user.password,
  });
  if (typeof grant.access_token !== "string") throw new Error(`no ${role} token: ${JSON.stringify(grant)}`);
  tokens[role] = grant.access_token;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "assessment-fuzz-api-"));
  // The app's own settings (server/env.ts), as server/services.ts hands them to the API; the limits per
  // client and e-mail (decision 103) out of the way: their 429s would hide what the API does with
  // the input after the first few runs. Hashes at scrypt N=2^10 (decision 092), as on every test server.
  const config = parseEnv({
    NODE_ENV: "production",
    SESSION_SECRET: testSecret(),
    DATABASE_PATH: path.join(dataDir, "app.db"),
    API_DATABASE_PATH: path.join(dataDir, "api.db"),
    DEMO_MODE: "true",
    API_RATE_LIMIT_CLIENT_MAX: "1000000",
    API_RATE_LIMIT_TARGET_MAX: "1000000",
    API_SCRYPT_LOG2_N: "10",
  });
  api = await createEmbeddedApi({
    ...embeddedApiSettings(config),
    appBaseUrl: () => "http://127.0.0.1:3300",
    logger: createLogger("warn", { write: (line: string) => void errors.push(line) }),
    demoMode: true,
    // The recruiter calls' limits (decision 171) likewise.
    recruiterLimits: scaledRecruiterLimits(1_000_000),
  });
  listener.disable("x-powered-by");
  listener.use("/api", api.router);
  await Promise.all([signIn("applicant"), signIn("recruiter")]);
}, 120_000);

afterAll(async () => {
  const logged = errors.filter((line) => line.includes('"level":"error"') || line.includes('"level":50'));
  if (logged.length)
    console.log(
      `API error lines (${logged.length}):\n${logged
        .slice(0, 20)
        .map((line) => line.slice(0, 1500))
        .join("\n")}`,
    );
  await api?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const FIELDS = [
  "action",
  "activated",
  "body",
  "comment",
  "componentId",
  "consent",
  "contactingAccepted",
  "cstm",
  "dataProtectionStatementId",
  "dataProtectionStatementRevision",
  "email",
  "errMessage",
  "errStack",
  "firstName",
  "formIdentifier",
  "language",
  "lastName",
  "name",
  "newPassword",
  "oldPassword",
  "onSite",
  "openUntil",
  "order",
  "owner",
  "page",
  "pageSize",
  "password",
  "position",
  "profile",
  "profileId",
  "q",
  "rating",
  "returnUrl",
  "revision",
  "session",
  "sessionData",
  "sort",
  "status",
  "subject",
  "submissionToken",
  "target",
  "template",
  "text",
  "to",
  "url",
  "userAgent",
  "userHash",
  "userName",
  "values",
  "version",
  "videoId",
  "moduleId",
  "template",
];
const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];

/** A plausible value for a field now and then, so that runs also get past the first check. */
const plausible = fc.constantFrom<unknown>(
  "demo",
  "P100",
  "P500",
  40,
  31,
  1,
  3,
  "anna",
  "de-DU",
  "en_GB",
  "fuzz@example.com",
  "Fuzz-Pass-2027",
  true,
  "2027-01-01",
  "/demo/home",
);

/** Any JSON value: every type, nested, huge strings, numbers at the edges. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: "json" },
    { weight: 3, arbitrary: anyText },
    { weight: 2, arbitrary: plausible },
    {
      weight: 1,
      arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, "", " "),
    },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 4 }) },
    {
      weight: 1,
      arbitrary: fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS, ...PROTOTYPE_KEYS), fc.string({ maxLength: 8 })), tie("value"), {
        maxKeys: 4,
      }),
    },
  ),
})).value;

/** A body as text: mostly an object of known fields, sometimes anything else JSON or no JSON at all. */
const bodyText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 48,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            { weight: 6, arbitrary: fc.constantFrom(...FIELDS) },
            { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
            { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
          ),
          jsonValue,
        ),
        { maxLength: 7 },
      )
      // Written by hand: JSON.stringify of an object would drop a "__proto__" key set by assignment.
      .map((pairs) => `{${pairs.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`).join(",")}}`),
  },
  { weight: 8, arbitrary: jsonValue.map((value) => JSON.stringify(value) ?? "null") },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "",
      "{",
      "}",
      "[",
      '{"cstm":',
      "nul",
      "{'cstm':'demo'}",
      '{"a":1,}',
      "\u0000",
      '{"__proto__":{"polluted":1}}',
      '{"constructor":{"prototype":{"polluted":1}}}',
    ),
  },
  { weight: 4, arbitrary: fc.array(specialCharacter, { maxLength: 10 }).map((parts) => parts.join("")) },
  // Long fields at the body's scale: about 15 runs per route (the worst case at the body limit has
  // its own tests, tests/integration/redos.test.ts; parsing these is most of a run's cost).
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(10_000, 200_000)
      .map((length) => JSON.stringify({ cstm: "demo", userName: "x".repeat(length), email: `${"a.".repeat(length / 2)}@x.de` })),
  },
);

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant("application/json") },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "application/json; charset=latin1",
      "text/plain",
      "application/x-www-form-urlencoded",
      "",
      "application/vnd.api+json",
    ),
  },
);

const authorization = fc.oneof(
  { weight: 3, arbitrary: fc.constant<"applicant" | "recruiter" | "none" | "bad">("applicant") },
  { weight: 2, arbitrary: fc.constant<"applicant" | "recruiter" | "none" | "bad">("recruiter") },
  { weight: 2, arbitrary: fc.constant<"applicant" | "recruiter" | "none" | "bad">("none") },
  { weight: 1, arbitrary: fc.constant<"applicant" | "recruiter" | "none" | "bad">("bad") },
);

const STACK_TRACE = /^[ \t]*at [^\n]*:\d+:\d+\)?[ \t]*$|node:internal\/|node_modules\/|\/api\/routes\//m;

type Auth = "applicant" | "recruiter" | "none" | "bad";

function post(path: string, body: string, type: string, auth: Auth) {
  const headers: Record<string, string> = {};
  if (type) headers["content-type"] = type;
  if (auth === "applicant" || auth === "recruiter") headers.authorization = `Bearer ${tokens[auth]}`;
  if (auth === "bad") headers.authorization = "Bearer not-a-token";
  return inject(listener, { method: "POST", path: `/api${path}`, headers, body });
}

/** A route's path parameters (/recruiter/applicants/:userName/…) get plausible or hostile segments. */
const segment = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom("anna", "ben", "P100", "40", "31", "1", "demo") },
  { weight: 1, arbitrary: pathSegment },
);

const ORIGINAL_PROTOTYPE = new Set(Object.getOwnPropertyNames(Object.prototype));

async function fuzzRoute(template: string): Promise<void> {
  const run = fc.record({
    // Characters no request line may hold are escaped; broken escapes (%zz) stay as a client sends them.
    path: segment.map((value) =>
      template.replace(
        /:\w+/g,
        (value || "x").replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@%]/gu, (c) => encodeURIComponent(c)),
      ),
    ),
    body: bodyText,
    type: contentType,
    auth: authorization,
  });
  await fuzz(
    "api",
    template.slice(1),
    run,
    async (input, tally) => {
      const answer = await post(input.path, input.body, input.type, input.auth);
      tally.add(`${input.auth} ${answer.status}`);
      const where = `POST /api${input.path} (${input.type || "no type"}, ${input.auth}) → ${answer.status}: ${answer.text.slice(0, 400)}`;
      if (answer.status >= 500) throw new FuzzFailure(`5xx answer: ${where}`);
      if (STACK_TRACE.test(answer.text)) throw new FuzzFailure(`stack trace or server path in the answer: ${where}`);
      // The engine's pages (/engine/…) are HTML form posts of the assessment frame, not JSON calls.
      if (answer.status >= 400 && !template.startsWith("/engine/")) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(answer.text);
        } catch {
          throw new FuzzFailure(`a failure that is not JSON: ${where}`);
        }
        const shape = parsed as { status?: unknown; error?: unknown };
        if (shape?.status !== "failed" || typeof shape.error !== "string")
          throw new FuzzFailure(`a failure not in the API's shape: ${where}`);
      }
      const polluted = Object.getOwnPropertyNames(Object.prototype).filter((name) => !ORIGINAL_PROTOTYPE.has(name));
      if (polluted.length || ({} as { polluted?: unknown }).polluted !== undefined)
        throw new FuzzFailure(`Object.prototype polluted (${polluted.join(", ")}) by ${where}`);
      // A run that ended a token (logout, a password changed): the next runs get a fresh one.
      if (answer.status < 300 && (input.auth === "applicant" || input.auth === "recruiter") && /logout|password/i.test(template))
        await signIn(input.auth);
    },
    { runs: FUZZ_API_RUNS },
  );
}

describe("fuzzed embedded API bodies", () => {
  it.skipIf(!selected("api"))(
    "R-API-02 every POST route of the embedded API, FUZZ_API_RUNS runs each: no 5xx, the API's failure shape, no stack trace, no prototype pollution (decision 102)",
    { timeout: 900_000 },
    async () => {
      const routes = postRoutes();
      expect(routes.length, `POST routes under /api: ${routes.join(", ")}`).toBeGreaterThanOrEqual(30);
      // Every route gets its runs, even after another failed; the failures are reported together.
      const failures: string[] = [];
      for (const route of routes) {
        await fuzzRoute(route).catch((error: unknown) => failures.push(error instanceof Error ? error.message : String(error)));
      }
      if (failures.length) throw new Error(`${failures.length} of ${routes.length} routes failed:\n\n${failures.join("\n\n")}`);
    },
  );
});
