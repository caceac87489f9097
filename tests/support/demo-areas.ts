/**
 * The demo customers' entry areas as shared/spec/demo-data.md defines them: the source the route-set
 * tests walk. A page another branch builds later moves from NOT_YET_BUILT to BUILT_PAGES (one line).
 */
export interface DemoArea {
  cstm: string;
  /** Where /{cstm} redirects (R-RTE-06). */
  root: string;
  /** The area's pages after extensions and exclude, page-not-found included (R-RTE-07/08). */
  pages: string[];
  /** The first configured language (what a fresh visitor sees). */
  language: string;
  enableRegistration: boolean;
}

const GENERIC = [
  "home",
  "login",
  "forgot-password",
  "reset-password",
  "profileChooser",
  "FAQ",
  "profile",
  "assessment",
  "report",
  "support",
  "registration",
  "account-activation",
  "activation",
  "landing",
  "page-not-found",
];

export const DEMO_AREAS: DemoArea[] = [
  { cstm: "demo", root: "login", pages: GENERIC, language: "de-DU", enableRegistration: true },
  { cstm: "demo-vor-ort", root: "login", pages: GENERIC, language: "de-DU", enableRegistration: false },
  {
    cstm: "azubi",
    root: "login",
    pages: [
      "home",
      "home-on-site",
      "passwort-aendern",
      "login",
      "forgot-password",
      "reset-password",
      "profileChooser",
      "FAQ",
      "assessment",
      "report",
      "page-not-found",
    ],
    language: "de",
    enableRegistration: false,
  },
  {
    // FAQ is in the area but excluded by the customer's configuration (demo-data.md).
    cstm: "initiativ",
    root: "landing",
    pages: [
      "login",
      "landing",
      "registration",
      "forgot-password",
      "reset-password",
      "account-activation",
      "activation",
      "profileChooser",
      "home",
      "profile",
      "assessment",
      "page-not-found",
    ],
    language: "de-DU",
    enableRegistration: true,
  },
  {
    cstm: "preview",
    root: "login",
    pages: ["newsletter", "login", "forgot-password", "reset-password", "profileChooser", "home", "assessment", "page-not-found"],
    language: "de-DU",
    enableRegistration: false,
  },
];

/** Every page name of spec §2 in any area: the universe the "outside the set" checks walk. */
export const ALL_PAGES = [
  ...new Set([...GENERIC, ...DEMO_AREAS.flatMap((area) => area.pages), "newsletter", "home-on-site", "passwort-aendern"]),
].sort();

/**
 * Pages that are built, with the path to request (some need more than the page segment). Pages for
 * signed-in applicants answer an anonymous visitor with the sign-in wall (login?redirectTo=…); mailed
 * links with an unknown hash answer C06: both are real pages, never page-not-found.
 */
export const BUILT_PAGES: Record<string, string> = {
  login: "login",
  landing: "landing",
  newsletter: "newsletter",
  "page-not-found": "page-not-found",
  registration: "registration",
  "forgot-password": "forgot-password",
  "reset-password": "reset-password/unknown-hash/de",
  "account-activation": "account-activation",
  activation: "activation/unknown-hash/de",
  "passwort-aendern": "passwort-aendern",
  assessment: "assessment/31",
  home: "home",
  "home-on-site": "home-on-site",
  profileChooser: "profileChooser",
  FAQ: "FAQ",
  profile: "profile",
  support: "support",
  report: "report",
};

/**
 * In-set pages still to be built (dashboard). Until then the catch-all answers them with
 * page-not-found; the test asserts exactly that, so building one fails the test until its name
 * moves from here to BUILT_PAGES.
 */
/** Every in-set page is built; a page added to an area later starts here. */
export const NOT_YET_BUILT: string[] = [];
