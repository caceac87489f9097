import { signInAsClone } from "./lib/session.mjs";

// The applicant pages the page-weight benchmark measures. `session` (optional) returns a Cookie
// header for a signed-in page.
export const PAGES = [
  { name: "login (/demo/login)", path: "/demo/login" },
  { name: "home (anna)", path: "/demo/home", session: (baseUrl) => signInAsClone(baseUrl, "anna") },
  { name: "profileChooser (ben)", path: "/demo/profileChooser", session: (baseUrl) => signInAsClone(baseUrl, "ben") },
  // A Form module (the personal-data form) and a frame module (a Scale module's engine session).
  { name: "assessment/40 (form)", path: "/demo/assessment/40", session: (baseUrl) => signInAsClone(baseUrl, "anna") },
  { name: "assessment/31 (frame)", path: "/demo/assessment/31", session: (baseUrl) => signInAsClone(baseUrl, "anna") },
  { name: "FAQ", path: "/demo/FAQ", session: (baseUrl) => signInAsClone(baseUrl, "anna") },
  { name: "profile", path: "/demo/profile", session: (baseUrl) => signInAsClone(baseUrl, "anna") },
  {
    name: "support with the player",
    path: "/demo/support?video=welcome&modal=video",
    session: (baseUrl) => signInAsClone(baseUrl, "anna"),
  },
  // The report page with its scales (anna: modules left, so no feedback redirect and no download yet).
  { name: "report", path: "/demo/report", session: (baseUrl) => signInAsClone(baseUrl, "anna") },
];

// Pages for bench/ssr-throughput, compared against the bare Remix page of bench/baseline: every
// applicant page above (names start with "login" and "home": the budgets find them by prefix).
export const THROUGHPUT_PAGES = PAGES;
