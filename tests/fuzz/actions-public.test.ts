import fc from "fast-check";
import type { ClonedUser } from "../support/demo";
import { actionSuite, plain, STRONG_PASSWORDS, type ActionTarget } from "./support/actions";
import { cloneUser, resetLinkPath } from "./support/app-server";
import { anyText, fieldValue, pathSegment } from "./support/arbitraries";
import type { FuzzApp } from "./support/in-process";

/**
 * The public forms' actions, fuzzed (docs/decisions/102, support/actions.ts): no
 * 5xx, no stack trace, the user's other input kept; FUZZ_RUNS (1,000) runs per action.
 */
let loginUser: ClonedUser;
let resetUser: ClonedUser;
let resetPath: string;
let activationUser: ClonedUser;

const publicTargets = (server: FuzzApp): ActionTarget[] => [
  {
    name: "login",
    paths: plain(
      "/demo/login",
      "/demo/login?redirectTo=%2Fdemo%2Fprofile",
      "/demo-vor-ort/login?onSite=1&profileId=P100",
      "/demo/login?onSite=1&profileId=%3Cx%3E",
      "/initiativ/login?langId=en_GB",
    ),
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
    paths: plain(
      "/demo/registration?profileId=P500",
      "/demo/registration?profileId=P300",
      "/demo/registration?profileId=NOPE",
      "/demo/registration?profileId=%00",
      "/azubi/registration?profileId=P500",
    ),
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
    paths: fc
      .oneof(
        { weight: 5, arbitrary: fc.constant("reset") },
        { weight: 1, arbitrary: plain("/demo/reset-password/not-a-hash/en_GB", "/azubi/reset-password/x/de") },
      )
      .map((path) => (path === "reset" ? resetPath : path)),
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
    paths: fc
      .oneof(
        { weight: 5, arbitrary: fc.constant("activation") },
        { weight: 1, arbitrary: plain("/demo/activation/not-a-hash/de", "/demo/activation/%E2%80%AE/xx") },
      )
      .map((path) => (path === "activation" ? `/demo/activation/${activationUser.activationHash}/en_GB` : path)),
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

actionSuite(
  "fuzzed public form actions",
  async (server) => {
    [loginUser, resetUser, activationUser] = await Promise.all([
      cloneUser(server.baseUrl, "anna"),
      cloneUser(server.baseUrl, "anna"),
      cloneUser(server.baseUrl, "felix"),
    ]);
    resetPath = await resetLinkPath(server, resetUser);
  },
  publicTargets,
  [
    "login",
    "registration",
    "anonymous-registration",
    "forgot-password",
    "reset-password",
    "account-activation",
    "activation",
    "newsletter",
    "logout",
    "unknown-page",
  ],
);
