import { signInAsClone } from "./lib/session.mjs";

// The applicant pages the page-weight benchmark measures. `session` (optional) returns a Cookie
// header for a signed-in page (its second argument: the demo API's base URL where that runs apart).
// `perConnection`: bench/ssr-throughput signs in a user of its own for each connection, since the
// page's loader replaces per-user state (the engine session key) that parallel loads would race on.
// The function keeps its demo user's name as `template`: the bare page with the page's calls (decision 199) signs in
// a copy of the same user.
const signedInAs = (template) => Object.assign((baseUrl, apiBaseUrl) => signInAsClone(baseUrl, template, "demo", apiBaseUrl), { template });

// `upstreamCalls` (decision 199): the spec §7 calls the page's loaders make on a steady-state load (valid token, the
// customer's configuration cached), for the bare Remix page that makes the same calls (bench/baseline's /calls):
// `stages` one after the other, the calls of a stage side by side, `background` the tracking calls the page sends
// without waiting (spec §8). `profileId`: the signed-in copy's active profile; `returnOrigin`: the product's origin
// where the engine's return URL is absolute (a separate upstream), "" where it is root-relative (the embedded API).
// tests/integration/upstream-round-trips.test.ts checks them against the calls the pages make.
const LANGUAGE = "de-DU";
const containers = (profileId) => ({ path: `/dashboardHome/container/${profileId}?language=${LANGUAGE}` });
const userData = (profileId) => ({ path: `/userData?profileId=${profileId}&language=${LANGUAGE}` });

export const PAGES = [
  { name: "login (/demo/login)", path: "/demo/login" },
  {
    name: "home (anna)",
    path: "/demo/home",
    session: signedInAs("anna"),
    upstreamCalls: ({ profileId }) => ({ stages: [[containers(profileId), userData(profileId)]] }),
  },
  {
    name: "profileChooser (ben)",
    path: "/demo/profileChooser",
    session: signedInAs("ben"),
    upstreamCalls: () => ({ stages: [[{ path: "/profiles" }]] }),
  },
  // A Form module (the personal-data form) and a frame module (a Scale module's engine session).
  {
    name: "assessment/40 (form)",
    path: "/demo/assessment/40",
    session: signedInAs("anna"),
    upstreamCalls: ({ profileId }) => ({
      stages: [[containers(profileId)], [{ path: `/formData/personal-data?raw=true&profileId=${profileId}` }]],
      background: [
        {
          method: "POST",
          path: "/trackFormAction",
          body: { profileId, componentId: 40, action: "form-opened", target: "personal-data" },
        },
      ],
    }),
  },
  {
    name: "assessment/31 (frame)",
    path: "/demo/assessment/31",
    perConnection: true,
    session: signedInAs("anna"),
    upstreamCalls: ({ profileId, returnOrigin }) => ({
      stages: [
        [
          {
            method: "POST",
            path: "/getSessionUrl",
            body: { profileId, componentId: 31, returnUrl: `${returnOrigin}/demo/assessment/31/done`, language: LANGUAGE },
          },
          containers(profileId),
        ],
        [{ method: "POST", path: "/initPicat", auth: false, bodyFromAnswer: { path: "/getSessionUrl", field: "sessionData" } }],
      ],
      background: [{ method: "POST", path: "/trackPicatNavigation", body: { profileId, componentId: 31, action: "frame-opened" } }],
    }),
  },
  { name: "FAQ", path: "/demo/FAQ", session: signedInAs("anna") },
  { name: "profile", path: "/demo/profile", session: signedInAs("anna"), upstreamCalls: () => ({ stages: [[{ path: "/profile" }]] }) },
  {
    name: "support with the player",
    path: "/demo/support?video=welcome&modal=video",
    session: signedInAs("anna"),
    upstreamCalls: ({ profileId }) => ({
      background: [{ method: "POST", path: "/trackVideoAction", body: { profileId, videoId: "welcome", action: "opened" } }],
    }),
  },
  // The report page with its scales (anna: modules left, so no feedback redirect and no download yet).
  {
    name: "report",
    path: "/demo/report",
    session: signedInAs("anna"),
    upstreamCalls: ({ profileId }) => ({
      stages: [
        [
          { method: "POST", path: "/getReportBindingsWithScalesAndUserComponentStatus", body: { profileId, language: LANGUAGE } },
          userData(profileId),
        ],
      ],
    }),
  },
];

// Pages for bench/ssr-throughput, compared against the bare Remix page of bench/baseline: every
// applicant page above (names start with "login" and "home": the budgets find them by prefix).
export const THROUGHPUT_PAGES = PAGES;
