import { signInAsClone } from "./lib/session.mjs";

// The applicant pages the page-weight benchmark measures. `session` (optional) returns a Cookie
// header for a signed-in page (its second argument: the demo API's base URL where that runs apart).
// `perConnection`: bench/ssr-throughput signs in a user of its own for each connection, since the
// page's loader replaces per-user state (the engine session key) that parallel loads would race on.
const signedInAs = (template) => (baseUrl, apiBaseUrl) => signInAsClone(baseUrl, template, "demo", apiBaseUrl);

export const PAGES = [
  { name: "login (/demo/login)", path: "/demo/login" },
  { name: "home (anna)", path: "/demo/home", session: signedInAs("anna") },
  {
    name: "profileChooser (ben)",
    path: "/demo/profileChooser",
    session: signedInAs("ben"),
  },
  // A Form module (the personal-data form) and a frame module (a Scale module's engine session).
  {
    name: "assessment/40 (form)",
    path: "/demo/assessment/40",
    session: signedInAs("anna"),
  },
  {
    name: "assessment/31 (frame)",
    path: "/demo/assessment/31",
    perConnection: true,
    session: signedInAs("anna"),
  },
  { name: "FAQ", path: "/demo/FAQ", session: signedInAs("anna") },
  { name: "profile", path: "/demo/profile", session: signedInAs("anna") },
  {
    name: "support with the player",
    path: "/demo/support?video=welcome&modal=video",
    session: signedInAs("anna"),
  },
  // The report page with its scales (anna: modules left, so no feedback redirect and no download yet).
  { name: "report", path: "/demo/report", session: signedInAs("anna") },
];

// Pages for bench/ssr-throughput, compared against the bare Remix page of bench/baseline: every
// applicant page above (names start with "login" and "home": the budgets find them by prefix).
export const THROUGHPUT_PAGES = PAGES;
