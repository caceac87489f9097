import Database from "better-sqlite3";
import { INTENTS, type Intent } from "~/recruiter/intents";
import fc from "fast-check";
import type { ClonedUser } from "../support/demo";
import { actionSuite, plain, type ActionTarget, type Run } from "./support/actions";
import { AppClient, type Answer } from "./support/app-client";
import { cloneUser, signedInClient } from "./support/app-server";
import { anyText, fieldValue, pathSegment, type FieldSpec } from "./support/arbitraries";
import { asReceived, FuzzFailure, renderedValues } from "./support/checks";
import type { FuzzApp } from "./support/in-process";

/**
 * The recruiter's actions, fuzzed (docs/decisions/102, support/actions.ts): the
 * recruiter sign-in and sign-out, and every intent of the applicant page's forms
 * (app/recruiter/applicant-actions.server.ts), FUZZ_RUNS (1,000) runs each, by a recruiter signed in
 * through the form (a fresh clone of rita per target). The intents change data: they act on fresh
 * clones of demo applicants and on the generated demo applicants of this file's own database, so
 * every run finds the people it names. An applicant's session (or none) posting to the recruiter's
 * forms is refused with the recruiter login, never a 5xx and never the action. Every answer: no 5xx,
 * no stack trace; a form that comes back with errors holds what the recruiter typed.
 */

/** Applicants the recruiter acts on: clones of demo applicants and generated ones (api/demo/bulk.ts). */
let applicants: string[] = [];
/** A recruiter of its own for the sign-in target (rita is throttled there on purpose). */
let loginRecruiter: ClonedUser;
/** A signed-in applicant (refused everywhere here). */
let applicantClient: AppClient;
/** The recruiter session the sign-out target's runs copy; signed in again after each sign-out. */
let logoutClient: AppClient;
/** The recruiter whose session that is (one clone, signed in again: a clone per sign-in costs more). */
let logoutRecruiter: ClonedUser;

async function recruiterClient(server: FuzzApp, user?: ClonedUser): Promise<AppClient> {
  const recruiter = user ?? (await cloneUser(server.baseUrl, "rita"));
  const client = new AppClient(server);
  const answer = await client.post(
    `/${recruiter.cstm}/recruiter/login`,
    [
      ["username", recruiter.userName],
      ["password", recruiter.password!],
    ],
    { transport: "action" },
  );
  if (answer.status !== 302 || !answer.location?.endsWith("/recruiter/applicants"))
    throw new Error(`recruiter sign-in of ${recruiter.userName} failed: ${answer.status} ${answer.text.slice(0, 300)}`);
  return client;
}

/** A few generated applicants of the demo customer, named and anonymous (no e-mail address). */
function generatedApplicants(server: FuzzApp): string[] {
  const db = new Database(server.apiDatabasePath, { readonly: true });
  try {
    const named = db
      .prepare("SELECT user_name FROM users WHERE user_base = 'demo' AND role = 'applicant' AND user_name LIKE '%.%.%' ORDER BY id LIMIT 4")
      .all() as { user_name: string }[];
    const anonymous = db
      .prepare("SELECT user_name FROM users WHERE user_base = 'demo' AND role = 'applicant' AND anonymous = 1 ORDER BY id LIMIT 1")
      .all() as { user_name: string }[];
    const names = [...named, ...anonymous].map((row) => row.user_name);
    if (names.length < 3) throw new Error(`too few generated demo applicants: ${names.join(", ")}`);
    return names;
  } finally {
    db.close();
  }
}

const pagePath = (cstm: string, userName: string) => `/${cstm}/recruiter/applicants/${encodeURIComponent(userName)}`;

/**
 * Mostly an applicant the recruiter serves; sometimes one of another customer, nobody, a
 * recruiter's name or a hostile path segment (those may end on the "invalid link" page).
 */
function applicantPaths(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom(...applicants).map((name) => pagePath("demo", name)) },
    // demo-vor-ort shares demo's user base, not its applicants (docs/decisions/170): unknown there.
    { weight: 1, arbitrary: fc.constantFrom(...applicants).map((name) => pagePath("demo-vor-ort", name)) },
    {
      weight: 1,
      arbitrary: plain(
        pagePath("demo", "nobody"),
        pagePath("demo", "rita"),
        pagePath("azubi", "greta"),
        pagePath("initiativ", applicants[0]),
      ),
    },
    { weight: 1, arbitrary: pathSegment.map((segment) => `/demo/recruiter/applicants/${segment || "x"}`) },
  );
}

/** The page of an applicant the recruiter serves (everything else may be the invalid-link page). */
const servedPage = (path: string) => applicants.some((name) => path === pagePath("demo", name));

const sentOnce = (run: Run, name: string) => run.entries.filter(([field]) => field === name);

/** The action's answer to a refused form: { failure: { intent, errors, values } } (direct call or single fetch). */
function failureOf(answer: Answer): { intent?: string; errors?: Record<string, string>; values?: Record<string, string> } | undefined {
  const payload = answer.data as { data?: { failure?: unknown; data?: { failure?: unknown } } } | undefined;
  const failure = payload?.data?.failure ?? payload?.data?.data?.failure;
  return typeof failure === "object" && failure !== null ? failure : undefined;
}

/** The catalogue errors an action answered over the page (route-errors.server.ts, decision 127). */
function catalogueErrorsOf(answer: Answer): unknown {
  const payload = answer.data as { data?: { catalogueErrors?: unknown; data?: { catalogueErrors?: unknown } } } | undefined;
  return payload?.data?.catalogueErrors ?? payload?.data?.data?.catalogueErrors;
}

/**
 * The recruiter's input comes back with the refusal: every field sent once, as the server received
 * it (the action keeps at most 5,000 characters of a value; the page's inputs take far fewer). In a
 * rendered page (no JavaScript), the details form's text inputs show it.
 */
function assertRecruiterInputKept(fields: readonly string[]) {
  return (answer: Answer, run: Run) => {
    const expected = fields
      .filter((field) => sentOnce(run, field).length === 1)
      .map((field) => [field, asReceived(sentOnce(run, field)[0][1], run.encoding).slice(0, 5000)] as const);
    if (answer.transport === "document") {
      if (sentOnce(run, "intent")[0]?.[1] !== "details") return;
      const rendered = renderedValues(answer.text);
      for (const [field, value] of expected) {
        if (!["firstName", "lastName", "email"].includes(field)) continue;
        if (!rendered.get(field)?.includes(value)) {
          throw new FuzzFailure(
            `input of "${field}" not kept on the page: sent ${JSON.stringify(value).slice(0, 200)}, shown ${JSON.stringify(rendered.get(field))?.slice(0, 200)}: ${answer.status} ${answer.url}`,
          );
        }
      }
      return;
    }
    const failure = failureOf(answer);
    // An applicant the recruiter does not reach (nobody by that name, another customer): the
    // invalid-link or no-access error over the page (decision 127), not the form's refusal.
    if (!failure && !servedPage(run.path) && catalogueErrorsOf(answer)) return;
    if (!failure?.values)
      throw new FuzzFailure(
        `the refused form's answer holds no input to show again: ${answer.transport} ${answer.status} ${answer.text.slice(0, 400)}`,
      );
    for (const [field, value] of expected) {
      if (failure.values[field] !== value) {
        throw new FuzzFailure(
          `input of "${field}" not kept: sent ${JSON.stringify(value).slice(0, 200)}, got ${JSON.stringify(failure.values[field])?.slice(0, 200)}: ${answer.status} ${answer.url}`,
        );
      }
    }
  };
}

const DATES = ["2027-01-01", "", "2027-02-30", "31.12.2027", "2027-1-1", "9999-12-31"];
const PROFILES = ["P100", "P200", "P300", "P400", "P500", "P610", "P999", "p100"];

const INTENT_FIELDS: Record<Intent, FieldSpec[]> = {
  details: [
    { name: "firstName", value: fieldValue(["Fuzz", "Zoë", "Ödön"]) },
    { name: "lastName", value: fieldValue(["Tester", "O'Brien"]) },
    { name: "email", value: fieldValue(["fuzz.recruiter@example.com", "bad@", "ben@example.com"]) },
    { name: "language", value: fieldValue(["de-DU", "de", "en_GB", "hu", "it", "xx"]) },
  ],
  status: [{ name: "status", value: fieldValue(["new", "screening", "interview", "offer", "hired", "rejected", "archived"]) }],
  access: [
    { name: "loginEnabled", value: fieldValue(["true", "false"]) },
    { name: "confirmed", value: fieldValue(["yes", "no"]) },
  ],
  owner: [{ name: "owner", value: fieldValue(["", "rita", "rolf", "sabine.vogel", "jonas.hartmann", "nobody", "anna"]) }],
  "open-until": [
    { name: "profileId", value: fieldValue(PROFILES) },
    { name: "openUntil", value: fieldValue(DATES) },
  ],
  "assign-profile": [
    { name: "profileId", value: fieldValue(PROFILES) },
    { name: "openUntil", value: fieldValue(DATES) },
  ],
  retest: [
    { name: "profileId", value: fieldValue(PROFILES) },
    { name: "module", value: fieldValue(["31", "32", "40", "99999", "-1", "1.5", "2147483648"]) },
    { name: "confirmed", value: fieldValue(["yes"]) },
  ],
  form: [
    { name: "profileId", value: fieldValue(["P100", "P200", "P999"]) },
    { name: "moduleId", value: fieldValue(["40", "31", "99999", "0", "4e1"]) },
    { name: "field.firstName", value: fieldValue(["Dora"]) },
    { name: "field.lastName", value: fieldValue(["Fuzz"]) },
    { name: "field.dateOfBirth", value: fieldValue(["2001-02-03", "2001-02-30"]) },
    { name: "field.email", value: fieldValue(["dora@example.com"]) },
    { name: "field.schoolQualification", value: fieldValue(["abitur", "realschule", "none"]) },
    { name: "field.willingToRelocate", value: fieldValue(["yes", "no", "maybe"]) },
    { name: "field.motivation", value: fieldValue(["Weil.", "Zeile eins\r\nZeile zwei"]) },
  ],
  "email-preview": [{ name: "template", value: fieldValue(["invitation", "reminder", "password-reset", "welcome"]) }],
  "email-send": [{ name: "template", value: fieldValue(["invitation", "reminder", "password-reset", "welcome"]) }],
  rating: [
    { name: "profileId", value: fieldValue(PROFILES) },
    { name: "rating", value: fieldValue(["", "1", "3", "5", "0", "6", "4.5"]) },
  ],
  "note-add": [
    { name: "profileId", value: fieldValue(PROFILES) },
    { name: "text", value: fieldValue(["Stark im Gespräch.", "", "Zeile eins\r\nZeile zwei", "x".repeat(2001)]) },
  ],
  "note-delete": [
    { name: "profileId", value: fieldValue(PROFILES) },
    { name: "noteId", value: fieldValue(["1", "99999", "0", "-1", "abc"]) },
  ],
};

/** Mostly the target's own intent; now and then another one or anything. */
const intentValue = (intent: Intent) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(intent) },
    { weight: 1, arbitrary: fc.constantFrom(...INTENTS) },
    { weight: 1, arbitrary: anyText },
  );

/** A redirect of the answer (single fetch answers 202 with the target in the payload). */
const redirectTo = (answer: Answer) =>
  (answer.status >= 300 && answer.status < 400) || (answer.transport === "data" && answer.status === 202)
    ? (answer.location ?? "")
    : undefined;

function customerOf(path: string): string {
  return decodeURIComponent(path.split("/")[1] ?? "");
}

const recruiterTargets = (server: FuzzApp): ActionTarget[] => [
  {
    name: "recruiter-login",
    paths: plain(
      "/demo/recruiter/login",
      "/demo/recruiter/login?redirectTo=%2Fdemo%2Frecruiter%2Fapplicants%2Fben",
      "/demo/recruiter/login?redirectTo=%2F%2Fevil.example",
      "/demo-vor-ort/recruiter/login",
      "/azubi/recruiter/login",
      "/initiativ/recruiter/login?langId=en_GB",
    ),
    fields: [
      { name: "username", value: fieldValue([loginRecruiter.userName, " rita ", "RITA", "nobody", "anna", "rolf"]) },
      { name: "password", value: fieldValue([loginRecruiter.password!, "wrong-password-1"]) },
      {
        name: "redirectTo",
        value: fieldValue([
          "/demo/recruiter/applicants?q=a",
          "/demo/home",
          "//evil.example",
          "/demo/recruiter/login",
          "https://evil.example/",
        ]),
      },
      { name: "website", value: fieldValue([""]) },
    ],
    kept: ["username"],
    // Signed in: the way on is a recruiter page of the same customer, never another site or page.
    check: (answer, run) => {
      const to = redirectTo(answer);
      if (to !== undefined && !to.startsWith(`/${customerOf(run.path)}/recruiter/`))
        throw new FuzzFailure(`the sign-in leads off the recruiter's pages: ${to}`);
    },
  },
  {
    name: "recruiter-logout",
    paths: plain(
      "/demo/recruiter/logout",
      "/demo-vor-ort/recruiter/logout",
      "/azubi/recruiter/logout",
      "/demo/recruiter/logout?redirectTo=%2F%2Fevil.example",
    ),
    fields: [{ name: "intent", value: anyText }],
    who: {
      kinds: fc.constantFrom("recruiter", "applicant", "visitor"),
      client: (who) =>
        who === "recruiter"
          ? new AppClient(server).withCookies(logoutClient.cookies)
          : who === "applicant"
            ? new AppClient(server).withCookies(applicantClient.cookies)
            : new AppClient(server),
    },
    check: (answer, run) => {
      const to = redirectTo(answer);
      if (to !== `/${customerOf(run.path)}/recruiter/login?notice=signed-out`)
        throw new FuzzFailure(`sign-out did not lead to the recruiter login: ${answer.status} ${to ?? answer.text.slice(0, 300)}`);
    },
    after: async (answer, run) => {
      // The shared recruiter session is over (a sign-out at any customer ends it): the next recruiter runs get a new one.
      if (run.who === "recruiter" && redirectTo(answer) !== undefined) logoutClient = await recruiterClient(server, logoutRecruiter);
    },
  },
  ...INTENTS.map((intent): ActionTarget => ({
    name: `recruiter-${intent}`,
    paths: applicantPaths(),
    client: () => recruiterClient(server),
    fields: [{ name: "intent", value: intentValue(intent) }, ...INTENT_FIELDS[intent]],
    assertKept: assertRecruiterInputKept([
      "intent",
      ...INTENT_FIELDS[intent].map((field) => field.name).filter((name) => name !== "module"),
    ]),
    keptWhen: (run) => sentOnce(run, "intent").length === 1 && sentOnce(run, "intent")[0][1] === intent,
    // Nobody by that name among the customer's applicants (or a customer the recruiter does not
    // serve): the invalid-link page (E02, decision 150).
    errorPageAllowed: (_answer, run) => !servedPage(run.path),
  })),
  {
    name: "recruiter-forms-as-applicant",
    paths: applicantPaths(),
    who: {
      kinds: fc.constantFrom("applicant", "visitor"),
      client: (who) => (who === "applicant" ? new AppClient(server).withCookies(applicantClient.cookies) : new AppClient(server)),
    },
    fields: [
      { name: "intent", value: fieldValue(INTENTS) },
      { name: "confirmed", value: fieldValue(["yes"]) },
      ...INTENT_FIELDS.details,
      ...INTENT_FIELDS.access,
      ...INTENT_FIELDS.owner,
    ],
    // R-ROLE-01: an applicant's session never reaches a recruiter's action: the recruiter login.
    check: (answer, run) => {
      const to = redirectTo(answer);
      if (to !== undefined && to.startsWith(`/${customerOf(run.path)}/recruiter/login`)) return;
      if (to === undefined && answer.status >= 400 && !servedPage(run.path)) return;
      throw new FuzzFailure(`a recruiter's action not refused for a ${run.who}: ${answer.status} ${to ?? answer.text.slice(0, 300)}`);
    },
    errorPageAllowed: (_answer, run) => !servedPage(run.path),
  },
];

actionSuite(
  "fuzzed recruiter form actions",
  async (server) => {
    const clones = await Promise.all(["anna", "ben", "dora", "dora"].map((template) => cloneUser(server.baseUrl, template)));
    applicants = [...clones.map((clone) => clone.userName), ...generatedApplicants(server)];
    loginRecruiter = await cloneUser(server.baseUrl, "rita");
    applicantClient = (await signedInClient(server, "ben")).client;
    logoutRecruiter = await cloneUser(server.baseUrl, "rita");
    logoutClient = await recruiterClient(server, logoutRecruiter);
  },
  recruiterTargets,
  ["recruiter-login", "recruiter-logout", ...INTENTS.map((intent) => `recruiter-${intent}`), "recruiter-forms-as-applicant"],
);
