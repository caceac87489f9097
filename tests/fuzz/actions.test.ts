import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClonedUser } from "../support/demo";
import { AppClient, type Answer } from "./support/app-client";
import { cloneUser, resetLinkPath, signedInClient, startFuzzServer } from "./support/app-server";
import { anyText, encoding, pathSegment, fieldValue, formEntries, transport, type Encoding, type Entries, type FieldSpec, type Transport } from "./support/arbitraries";
import { assertInputKept, assertNoServerError, FuzzFailure, isErrorPage } from "./support/checks";
import { fuzz, selected, type Tally } from "./support/fuzz";
import type { FuzzApp } from "./support/in-process";

/**
 * Issue 10 part 5: every route action's form fields, fuzzed (docs/decisions/102). Each target sends
 * FUZZ_RUNS (1,000) generated bodies — hostile strings, unicode, control characters, huge values,
 * missing, duplicated and unknown fields, wrong intents, other encodings — to the production build
 * running in this process: most runs call the route's action directly, a sample goes through Remix's
 * request handler as documents (no JavaScript) and single-fetch data requests (JavaScript). Every
 * answer: no 5xx, no stack trace; a form that comes back with errors still holds what the user typed.
 * The targets run one after another: they share one event loop, and in parallel they would only
 * make each other's answers slower.
 */
let server: FuzzApp;

beforeAll(async () => {
  server = await startFuzzServer();
}, 120_000);

afterAll(async () => {
  // What the app logged as errors, for whoever reads a failure (the answers are asserted per run).
  const errors = (server?.errors() ?? []).filter((line) => !line.includes('"level":"warn"') || line.includes("failure"));
  if (errors.length) console.log(`app error lines (${errors.length}):\n${errors.slice(0, 20).map((line) => line.slice(0, 1500)).join("\n")}`);
  await server?.stop();
});

interface Run {
  path: string;
  entries: Entries;
  encoding: Encoding;
  transport: Transport;
}

interface ActionTarget {
  name: string;
  /** Where the form posts; several when the same action serves variants (on-site, invalid links). */
  paths: fc.Arbitrary<string>;
  fields: FieldSpec[];
  /** Fields a re-rendered form must show again as typed (not the passwords, which are cleared). */
  kept?: string[];
  /** A signed-in client (a fresh clone of this demo user), else every run comes without cookies. */
  client?: () => Promise<AppClient>;
  /** Only runs like this one are a user's submission whose input must come back (e.g. the right intent). */
  keptWhen?: (run: Run) => boolean;
  /** The page of this answer shows no form to keep input in (e.g. a password reset the area does not offer). */
  formless?: (answer: Answer, run: Run) => boolean;
  /** An error page instead of the form is right for this answer (e.g. an expired link). */
  errorPageAllowed?: (answer: Answer, run: Run) => boolean;
  /** After a run: note what it did, restore state it used up (a consumed link, a changed password). */
  after?: (answer: Answer, run: Run, tally: Tally) => Promise<void>;
}

const plain = (...values: string[]) => fc.constantFrom(...values);
const sentValues = (entries: Entries) => entries.map(([, value]) => value);

function classify(answer: Answer): string {
  if (answer.transport === "data" && answer.status === 202) return "redirect";
  if (answer.status >= 300 && answer.status < 400) return "redirect";
  return String(answer.status);
}

async function runTarget(target: ActionTarget) {
  const shared = target.client ? await target.client() : undefined;
  const run = fc.record({
    path: target.paths,
    entries: formEntries(target.fields),
    encoding,
    transport,
  });
  await fuzz("actions", target.name, run, async (input, tally) => {
    const client = shared ?? new AppClient(server);
    const answer = await client.post(input.path, input.entries, { encoding: input.encoding, transport: input.transport });
    tally.add(`${input.transport}:${classify(answer)}`);
    assertNoServerError(answer, sentValues(input.entries));
    const formEncoded = input.encoding === "urlencoded" || input.encoding === "multipart";
    // A body that is no form at all (only tools send one) gets the 400 error page (decision 102).
    const unreadable = !formEncoded && answer.status === 400;
    if (isErrorPage(answer) && !unreadable && !target.errorPageAllowed?.(answer, input)) {
      throw new FuzzFailure(`an error page instead of the form (the input is lost): ${answer.status} ${answer.text.slice(0, 400)}`);
    }
    const formShown = answer.transport === "data" || !target.formless?.(answer, input);
    const usersSubmission = target.keptWhen?.(input) ?? true;
    if (target.kept && usersSubmission && formEncoded && formShown && answer.status >= 400 && answer.status < 500 && !isErrorPage(answer)) {
      assertInputKept(answer, input.entries, target.kept, input.encoding);
    }
    await target.after?.(answer, input, tally);
  });
}

// --- public forms -------------------------------------------------------------------------------

let loginUser: ClonedUser;
let resetUser: ClonedUser;
let resetPath: string;
let activationUser: ClonedUser;

beforeAll(async () => {
  [loginUser, resetUser, activationUser] = await Promise.all([cloneUser(server.baseUrl, "anna"), cloneUser(server.baseUrl, "anna"), cloneUser(server.baseUrl, "felix")]);
  resetPath = await resetLinkPath(server, resetUser);
}, 120_000);

const STRONG_PASSWORDS = ["Fuzz-Pass-2027", "Zz9-abcdefgh", "Ünïcödé-2027x"];

const publicTargets = (): ActionTarget[] => [
  {
    name: "login",
    paths: plain("/demo/login", "/demo/login?redirectTo=%2Fdemo%2Fprofile", "/demo-vor-ort/login?onSite=1&profileId=P100", "/demo/login?onSite=1&profileId=%3Cx%3E", "/initiativ/login?langId=en_GB"),
    fields: [
      { name: "username", value: fieldValue(["nobody", " anna ", loginUser.userName, "ANNA"]) },
      { name: "password", value: fieldValue(["wrong-password-1", loginUser.password!]) },
      { name: "privacy", value: fieldValue(["on"]) },
      { name: "redirectTo", value: fieldValue(["/demo/profile", "//evil.example", "https://evil.example/", "/demo/../x"]) },
      { name: "website", value: fieldValue([""]) },
    ],
    kept: ["username"],
    // R-VAL-11: an on-site link with a malformed profile id shows "invalid link" instead of the form.
    formless: (_answer, run) => run.path.includes("profileId=%3Cx%3E"),
  },
  {
    name: "registration",
    paths: plain("/demo/registration", "/initiativ/registration?langId=en_GB"),
    fields: [
      { name: "firstName", value: fieldValue(["Fuzz", "Zoë", "Ödön"]) },
      { name: "lastName", value: fieldValue(["Tester", "O'Brien"]) },
      { name: "email", value: fieldValue(["fuzz@example.com", "fuzz+tag@example.co.uk", "not-an-email"]) },
      { name: "password", value: fieldValue(STRONG_PASSWORDS) },
      { name: "passwordRepeat", value: fieldValue(STRONG_PASSWORDS) },
      { name: "privacy", value: fieldValue(["on"]) },
      { name: "contacting", value: fieldValue(["on"]) },
      { name: "website", value: fieldValue([""]) },
    ],
    kept: ["firstName", "lastName", "email"],
  },
  {
    name: "anonymous-registration",
    paths: plain("/demo/registration?profileId=P500", "/demo/registration?profileId=P300", "/demo/registration?profileId=NOPE", "/demo/registration?profileId=%00", "/azubi/registration?profileId=P500"),
    fields: [
      { name: "privacy", value: fieldValue(["on"]) },
      { name: "website", value: fieldValue([""]) },
    ],
  },
  {
    name: "forgot-password",
    paths: plain("/demo/forgot-password", "/azubi/forgot-password", "/initiativ/forgot-password?langId=en_GB"),
    fields: [
      { name: "username", value: fieldValue(["nobody", loginUser.userName]) },
      { name: "website", value: fieldValue([""]) },
    ],
    kept: ["username"],
    // R-VAL-09: the azubi area has registration off; its page says so instead of showing the form.
    formless: (answer) => answer.status === 403,
  },
  {
    name: "reset-password",
    paths: fc.oneof({ weight: 5, arbitrary: fc.constant("reset") }, { weight: 1, arbitrary: plain("/demo/reset-password/not-a-hash/en_GB", "/azubi/reset-password/x/de") }).map((path) =>
      path === "reset" ? resetPath : path,
    ),
    fields: [
      { name: "username", value: fieldValue([resetUser.userName, "nobody"]) },
      { name: "password", value: fieldValue(STRONG_PASSWORDS) },
      { name: "passwordRepeat", value: fieldValue(STRONG_PASSWORDS) },
      { name: "privacy", value: fieldValue(["on"]) },
      { name: "website", value: fieldValue([""]) },
    ],
    kept: ["username"],
    formless: (answer) => answer.status === 403,
    // A link that is not (or no longer) valid is C06 (decision 064); the azubi area has no reset.
    errorPageAllowed: (_answer, run) => run.path !== resetPath,
    after: async (answer) => {
      const to = answer.location ?? "";
      if (/notice=password-saved/.test(to)) resetPath = await resetLinkPath(server, resetUser);
    },
  },
  {
    name: "account-activation",
    paths: plain("/demo/account-activation", "/initiativ/account-activation?langId=en_GB"),
    fields: [{ name: "code", value: fieldValue(["act-felix-0001", "abc"]) }],
    kept: ["code"],
  },
  {
    name: "activation",
    paths: fc.oneof({ weight: 5, arbitrary: fc.constant("activation") }, { weight: 1, arbitrary: plain("/demo/activation/not-a-hash/de", "/demo/activation/%E2%80%AE/xx") }).map((path) =>
      path === "activation" ? `/demo/activation/${activationUser.activationHash}/en_GB` : path,
    ),
    fields: [
      { name: "password", value: fieldValue(STRONG_PASSWORDS) },
      { name: "passwordRepeat", value: fieldValue(STRONG_PASSWORDS) },
    ],
    errorPageAllowed: (_answer, run) => !run.path.includes(activationUser.activationHash ?? "?"),
    after: async (answer) => {
      if (/notice=activated/.test(answer.location ?? "")) activationUser = await cloneUser(server.baseUrl, "felix");
    },
  },
  {
    name: "newsletter",
    paths: plain("/preview/newsletter", "/preview/newsletter?langId=de-DU"),
    fields: [
      { name: "email", value: fieldValue(["fuzz@example.com", "x@y"]) },
      { name: "consent", value: fieldValue(["on"]) },
      { name: "website", value: fieldValue([""]) },
    ],
    kept: ["email"],
  },
  {
    name: "logout",
    paths: plain("/demo/logout", "/demo-vor-ort/logout?onSite=1&profileId=P100", "/azubi/logout"),
    fields: [{ name: "intent", value: anyText }],
  },
  {
    name: "unknown-page",
    paths: fc.tuple(plain("demo", "azubi", "initiativ"), pathSegment).map(([cstm, segment]) => `/${cstm}/${segment || "x"}/fuzz`),
    fields: [{ name: "intent", value: anyText }],
    // A path no route matches (a segment with an encoded line break) is the not-found page; one
    // whose dot segment leaves the customer (/demo/%2e%2e/fuzz is /fuzz) reaches a page without a form (405).
    errorPageAllowed: (answer) => answer.status === 404 || answer.status === 405,
  },
];

describe("fuzzed public form actions", () => {
  for (const name of ["login", "registration", "anonymous-registration", "forgot-password", "reset-password", "account-activation", "activation", "newsletter", "logout", "unknown-page"]) {
    it.skipIf(!selected(name))(`issue 10 ${name}: no 5xx, no stack trace, input kept`, { timeout: 600_000 }, async () => {
      const target = publicTargets().find((candidate) => candidate.name === name)!;
      await runTarget(target);
    });
  }
});

// --- signed-in forms ----------------------------------------------------------------------------

const signedIn = (template: string) => async () => (await signedInClient(server, template)).client;

const signedInTargets = (): ActionTarget[] => [
  {
    name: "profile",
    paths: plain("/demo/profile"),
    client: signedIn("anna"),
    fields: [
      { name: "firstName", value: fieldValue(["Anna", "Zoë"]) },
      { name: "lastName", value: fieldValue(["Fuzz", "O'Brien"]) },
      { name: "email", value: fieldValue(["anna.fuzz@example.com", "bad@"]) },
      { name: "language", value: fieldValue(["de-DU", "de", "en_GB", "hu", "it", "xx"]) },
    ],
    kept: ["firstName", "lastName", "email"],
  },
  {
    name: "profileChooser",
    paths: plain("/demo/profileChooser"),
    client: signedIn("ben"),
    fields: [
      { name: "intent", value: fieldValue(["open", "report"]) },
      { name: "profileId", value: fieldValue(["P100", "P200", "P300", "P400", "P500"]) },
    ],
  },
  {
    name: "home",
    paths: plain("/demo/home", "/demo/home?modal=feedback"),
    client: signedIn("anna"),
    fields: [
      { name: "intent", value: fieldValue(["accept-data-protection", "contacting"]) },
      { name: "statementId", value: fieldValue(["1", "2"]) },
      { name: "revision", value: fieldValue(["1", "2"]) },
      { name: "contacting", value: fieldValue(["yes", "no"]) },
    ],
  },
  {
    name: "home-on-site",
    paths: plain("/azubi/home-on-site"),
    client: signedIn("greta"),
    fields: [
      { name: "intent", value: fieldValue(["accept-data-protection", "contacting"]) },
      { name: "statementId", value: fieldValue(["1"]) },
      { name: "revision", value: fieldValue(["1"]) },
      { name: "contacting", value: fieldValue(["yes", "no"]) },
    ],
  },
  {
    name: "feedback",
    paths: plain("/demo/feedback"),
    client: signedIn("anna"),
    fields: [
      { name: "rating", value: fieldValue(["1", "2", "3", "4", "5"]) },
      { name: "comment", value: fieldValue(["Gut.", "Line one\r\nline two"]) },
      { name: "returnTo", value: fieldValue(["/demo/home", "/demo/report?modal=feedback", "//evil.example"]) },
    ],
  },
  {
    name: "change-password",
    paths: plain("/demo/change-password", "/demo/change-password?returnTo=%2Fdemo%2Fprofile"),
    client: signedIn("anna"),
    fields: [
      { name: "oldPassword", value: fieldValue(["Anna-Demo-2027", "wrong-password-1"]) },
      { name: "password", value: fieldValue(STRONG_PASSWORDS) },
      { name: "passwordRepeat", value: fieldValue(STRONG_PASSWORDS) },
      { name: "returnTo", value: fieldValue(["/demo/home", "//evil.example"]) },
    ],
  },
  {
    name: "passwort-aendern",
    paths: plain("/azubi/passwort-aendern"),
    client: signedIn("greta"),
    fields: [
      { name: "oldPassword", value: fieldValue(["Greta-Demo-2027"]) },
      { name: "password", value: fieldValue(STRONG_PASSWORDS) },
      { name: "passwordRepeat", value: fieldValue(STRONG_PASSWORDS) },
    ],
  },
  {
    name: "FAQ-and-support",
    paths: plain("/demo/FAQ", "/demo/support", "/demo/support?modal=video&video=welcome"),
    client: signedIn("anna"),
    fields: [{ name: "intent", value: anyText }],
  },
  {
    name: "track-video",
    paths: plain("/demo/track-video", "/azubi/track-video"),
    client: signedIn("anna"),
    fields: [
      { name: "videoId", value: fieldValue(["welcome", "nope"]) },
      { name: "action", value: fieldValue(["play", "pause", "ended"]) },
      { name: "position", value: fieldValue(["0", "12.5", "-1", "1e9", "NaN", "Infinity"]) },
    ],
  },
  {
    name: "assessment-form",
    paths: plain("/demo/assessment/40", "/demo/assessment/31", "/demo/assessment/99999", "/demo/assessment/-1", "/demo/assessment/4e1"),
    client: signedIn("dora"),
    fields: [
      { name: "intent", value: fieldValue(["review", "skip"]) },
      { name: "firstName", value: fieldValue(["Dora"]) },
      { name: "lastName", value: fieldValue(["Fuzz"]) },
      { name: "dateOfBirth", value: fieldValue(["2001-02-03", "2001-02-30", "03.02.2001"]) },
      { name: "email", value: fieldValue(["dora@example.com"]) },
      { name: "schoolQualification", value: fieldValue(["abitur", "realschule", "none"]) },
      { name: "willingToRelocate", value: fieldValue(["yes", "no", "maybe"]) },
      { name: "motivation", value: fieldValue(["Weil.", "Zeile eins\r\nZeile zwei"]) },
    ],
    kept: ["firstName", "lastName", "dateOfBirth", "email", "motivation"],
    // Only "review" submits the answers (the page's one button); another intent is refused as such.
    keptWhen: (run) => run.entries.filter(([name]) => name === "intent").map(([, value]) => value).join() === "review",
    // Modules that do not exist or are no form: the not-found page (decision 041).
    errorPageAllowed: (_answer, run) => !run.path.endsWith("/40"),
  },
  {
    name: "assessment-draft",
    paths: plain("/demo/assessment/40/draft", "/demo/assessment/31/draft", "/demo/assessment/12345/draft"),
    client: signedIn("dora"),
    fields: [
      { name: "firstName", value: anyText },
      { name: "motivation", value: anyText },
      { name: "willingToRelocate", value: anyText },
    ],
    errorPageAllowed: (_answer, run) => !run.path.includes("/40/"),
  },
  {
    name: "assessment-summary-and-saved",
    paths: plain("/demo/assessment/40/summary", "/demo/assessment/40/saved"),
    client: signedIn("dora"),
    fields: [{ name: "intent", value: fieldValue(["save", "continue", "exit"]) }],
  },
];

describe("fuzzed signed-in form actions", () => {
  for (const name of ["profile", "profileChooser", "home", "home-on-site", "feedback", "change-password", "passwort-aendern", "FAQ-and-support", "track-video", "assessment-form", "assessment-draft", "assessment-summary-and-saved"]) {
    it.skipIf(!selected(name))(`issue 10 ${name}: no 5xx, no stack trace, input kept`, { timeout: 600_000 }, async () => {
      const target = signedInTargets().find((candidate) => candidate.name === name)!;
      await runTarget(target);
    });
  }
});

describe("fuzzed client error reports", () => {
  it.skipIf(!selected("client-errors"))("issue 10 /_client-errors: any body answers 2xx/4xx", { timeout: 600_000 }, async () => {
    const report = fc.oneof(
      fc.record(
        { source: fc.oneof(plain("error", "unhandledrejection", "boundary"), anyText), message: anyText, stack: anyText, url: fc.oneof(plain("/demo/home", "//evil.example", "/"), anyText), reference: anyText },
        { requiredKeys: [] },
      ).map((value) => JSON.stringify(value)),
      fc.json(),
      anyText,
    );
    await fuzz("actions", "client-errors", fc.tuple(report, plain("application/json", "text/plain", "")), async ([text, type], tally) => {
      const client = new AppClient(server);
      const answer = await client.request("/_client-errors", { raw: { body: type ? text : new TextEncoder().encode(text), contentType: type || undefined }, transport: "action" });
      tally.add(String(answer.status));
      expect(answer.status).toBeLessThan(500);
      assertNoServerError(answer, [text]);
    });
  });
});
