import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import { anyText } from "./support/arbitraries";
import { AppClient } from "./support/app-client";
import { signedInClient, startFuzzServer } from "./support/app-server";
import { assertNoServerError } from "./support/checks";
import { fuzz, FUZZ_RUNS, selected } from "./support/fuzz";
import type { FuzzApp } from "./support/in-process";

/**
 * The query strings the loaders read, fuzzed (docs/decisions/102). Every page an
 * applicant or a recruiter can open gets the parameters the loaders read (grep searchParams in app/)
 * with arbitrary values, repeated, plus unknown ones, as a document (JavaScript off) or a single-fetch
 * data request (JavaScript on), signed in or not. Every answer: no 5xx, no stack trace.
 */
let server: FuzzApp;
const clients: Record<"visitor" | "applicant" | "recruiter", () => AppClient> = {} as never;

beforeAll(async () => {
  server = await startFuzzServer();
  const applicant = await signedInClient(server, "ben");
  const recruiter = new AppClient(server);
  await recruiter.post(
    "/demo/recruiter/login",
    [
      ["username", "rita"],
      ["password", "Rita-Recruiter-2027"],
    ],
    { transport: "document" },
  );
  clients.visitor = () => new AppClient(server);
  // Each run gets its own copy of the cookies: a run that ends the session must not end the next one's.
  clients.applicant = () => new AppClient(server).withCookies(applicant.client.cookies);
  clients.recruiter = () => new AppClient(server).withCookies(recruiter.cookies);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

const PUBLIC = [
  "/demo/login",
  "/demo/registration",
  "/demo/forgot-password",
  "/demo/newsletter",
  "/demo/FAQ",
  "/demo/landing",
  "/demo/account-activation",
  "/demo/page-not-found",
  "/demo-vor-ort/login",
  "/azubi/login",
  "/demo/recruiter/login",
  "/demo/no-such-page",
  "/",
];
const APPLICANT = [
  "/demo/home",
  "/demo/profile",
  "/demo/profileChooser",
  "/demo/report",
  "/demo/support",
  "/demo/change-password",
  "/demo/assessment/31",
  "/demo/assessment/31/summary",
  "/demo/assessment/31/saved",
  "/demo/assessment/31/done",
  "/demo/feedback",
  "/demo",
];
const RECRUITER = ["/demo/recruiter/applicants", "/demo/recruiter/applicants/ben", "/demo/recruiter"];

/** Every parameter a loader reads (app/: searchParams.get/has), the modal stack's, the list's filters, and strangers. */
const KNOWN = [
  "langId",
  "redirectTo",
  "returnTo",
  "notice",
  "onSite",
  "profileId",
  "confirm",
  "module",
  "video",
  "sent",
  "preview",
  "field",
  "after",
  "modal",
  "index",
  "_data",
  "q",
  "sort",
  "dir",
  "page",
  "status",
  "owner",
  "profile",
  "progressMin",
  "progressMax",
  "registeredFrom",
  "registeredTo",
  "activated",
  "anonymous",
  "language",
];
const PLAUSIBLE = [
  "de",
  "de-DU",
  "en_GB",
  "hu",
  "it",
  "xx",
  "P100",
  "P999",
  "31",
  "-1",
  "0",
  "1e309",
  "true",
  "on",
  "/demo/home",
  "//evil.example",
  "/..//evil.example",
  "https://evil.example",
  "\\\\evil.example",
  "privacy",
  "legal",
  "name",
  "2026-13-45",
  "",
];

const query = fc.array(
  fc.tuple(
    fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...KNOWN) }, { weight: 1, arbitrary: anyText }),
    fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...PLAUSIBLE) }, { weight: 2, arbitrary: anyText }),
  ),
  { maxLength: 6 },
);

const visit = fc.oneof(
  fc.record({ who: fc.constant("visitor" as const), path: fc.constantFrom(...PUBLIC) }),
  fc.record({ who: fc.constant("applicant" as const), path: fc.constantFrom(...APPLICANT, ...PUBLIC) }),
  fc.record({ who: fc.constant("recruiter" as const), path: fc.constantFrom(...RECRUITER) }),
);

describe("fuzzed loader query strings", () => {
  it.runIf(selected("loaders"))(
    "decision 102: every page's query parameters: no 5xx, no stack trace, signed in or not, with and without JavaScript",
    async () => {
      await fuzz(
        "loaders",
        "query-strings",
        fc.tuple(visit, query, fc.constantFrom("document" as const, "data" as const)),
        async ([target, params, transport], tally) => {
          const search = new URLSearchParams(
            params.map(([name, value]) => [name, (value as string & { toWellFormed(): string }).toWellFormed()]),
          );
          const path = `${target.path}${params.length ? `?${search}` : ""}`;
          const answer = await clients[target.who]().request(path, { transport });
          tally.add(`${target.who} ${transport} ${answer.status}`);
          assertNoServerError(
            answer,
            params.map(([, value]) => value),
          );
        },
        { runs: FUZZ_RUNS },
      );
    },
    600_000,
  );
});
