import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actionSuite, plain, STRONG_PASSWORDS, type ActionTarget } from "./support/actions";
import { AppClient } from "./support/app-client";
import { signedInClient } from "./support/app-server";
import { anyText, fieldValue } from "./support/arbitraries";
import { assertNoServerError } from "./support/checks";
import { fuzz, selected } from "./support/fuzz";
import type { FuzzApp } from "./support/in-process";

/**
 * The actions of a signed-in applicant's forms, fuzzed (docs/decisions/102,
 * support/actions.ts), each with a fresh clone of a demo user signed in through the login form; and
 * the client error reports (/_client-errors). No 5xx, no stack trace, the user's other input kept;
 * FUZZ_RUNS (1,000) runs per action.
 */
const signedInTargets = (server: FuzzApp): ActionTarget[] => {
  const signedIn = (template: string) => async () => (await signedInClient(server, template)).client;
  return [
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
      keptWhen: (run) =>
        run.entries
          .filter(([name]) => name === "intent")
          .map(([, value]) => value)
          .join() === "review",
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
};

const app = actionSuite("fuzzed signed-in form actions", async () => {}, signedInTargets, [
  "profile",
  "profileChooser",
  "home",
  "home-on-site",
  "feedback",
  "change-password",
  "passwort-aendern",
  "FAQ-and-support",
  "track-video",
  "assessment-form",
  "assessment-draft",
  "assessment-summary-and-saved",
]);

describe("fuzzed client error reports", () => {
  it.skipIf(!selected("client-errors"))(
    "R-ENT-09 /_client-errors: any body answers 2xx/4xx (decision 102)",
    { timeout: 600_000 },
    async () => {
      const report = fc.oneof(
        fc
          .record(
            {
              source: fc.oneof(plain("error", "unhandledrejection", "boundary"), anyText),
              message: anyText,
              stack: anyText,
              url: fc.oneof(plain("/demo/home", "//evil.example", "/"), anyText),
              reference: anyText,
            },
            { requiredKeys: [] },
          )
          .map((value) => JSON.stringify(value)),
        fc.json(),
        anyText,
      );
      await fuzz("actions", "client-errors", fc.tuple(report, plain("application/json", "text/plain", "")), async ([text, type], tally) => {
        const client = new AppClient(app());
        const answer = await client.request("/_client-errors", {
          raw: { body: type ? text : new TextEncoder().encode(text), contentType: type || undefined },
          transport: "action",
        });
        tally.add(String(answer.status));
        expect(answer.status).toBeLessThan(500);
        assertNoServerError(answer, [text]);
      });
    },
  );
});
