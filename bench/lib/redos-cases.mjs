// Decision 091: the worst case for the patterns at the body limit, in every field that takes free
// text: the embedded API's JSON bodies and the app's form actions. Shared by bench/redos.mjs (prints
// per-field times) and tests/integration/redos.test.ts (asserts a quick, clean 4xx for each).
//
// Shapes: "email" is "a@" + "a." × n + "@", the input that made the former e-mail pattern backtrack
// quadratically (0.6 s at 40 KB); "text" is one long run of letters, digits and dashes (every
// character class pattern has to scan all of it).

export const BODY_LIMIT_BYTES = 1024 * 1024;
/** The client-error report route has its own, smaller limit (app/errors/client-errors.server.ts). */
export const CLIENT_ERROR_LIMIT_BYTES = 16 * 1024;

export const SHAPES = {
  email: (length) => `a@${"a.".repeat(Math.max(0, Math.floor((length - 3) / 2)))}@`,
  text: (length) => "Aa1-".repeat(Math.ceil(length / 4)).slice(0, length),
};

function setAt(target, fieldPath, value) {
  const keys = fieldPath.split(".");
  const copy = structuredClone(target);
  let node = copy;
  for (const key of keys.slice(0, -1)) node = node[key] ??= {};
  node[keys.at(-1)] = value;
  return copy;
}

/** A JSON body with `value` (of `shape`) in `field`, as large as fits in `limit` bytes. */
export function jsonBody(base, field, shape, limit = BODY_LIMIT_BYTES) {
  const overhead = Buffer.byteLength(JSON.stringify(setAt(base, field, "")));
  return JSON.stringify(setAt(base, field, SHAPES[shape](limit - overhead - 64)));
}

/** A form body (urlencoded) with `value` in `field`, as large as fits in `limit` bytes. */
export function formBody(base, field, shape, limit = BODY_LIMIT_BYTES) {
  const overhead = Buffer.byteLength(new URLSearchParams({ ...base, [field]: "" }).toString());
  // "@" is encoded as %40: the e-mail shape grows by its two "@" only.
  const body = new URLSearchParams({ ...base, [field]: SHAPES[shape](limit - overhead - 64) }).toString();
  if (Buffer.byteLength(body) > limit) throw new Error(`form body for ${field} exceeds the limit`);
  return body;
}

/**
 * The embedded API's calls with their free-text fields. `auth` names the token the call needs
 * (prepared by `prepare`); `base` is a body that is valid apart from the field under test.
 */
export const API_CASES = [
  { path: "/login", base: { cstm: "demo", userName: "anna", password: "x" }, fields: ["userName", "password", "cstm"] },
  {
    path: "/onSiteLogin",
    base: { cstm: "demo", userName: "anna", password: "x", profileId: "P100" },
    fields: ["userName", "password", "profileId"],
  },
  { path: "/recruiter/login", base: { cstm: "demo", userName: "rita", password: "x" }, fields: ["userName", "password"] },
  {
    path: "/register",
    base: {
      cstm: "demo",
      email: "redos@example.com",
      password: "Secret-Pass-1",
      firstName: "Re",
      lastName: "Dos",
      language: "en_GB",
      dataProtectionStatementId: 1,
      dataProtectionStatementRevision: 3,
    },
    fields: ["email", "password", "firstName", "lastName", "profileId"],
  },
  {
    path: "/registerAnon",
    base: { cstm: "demo", language: "en_GB", dataProtectionStatementId: 1, dataProtectionStatementRevision: 3, profileId: "P500" },
    fields: ["profileId"],
  },
  { path: "/accountActivation", base: { userIdHash: "x", password: "Secret-Pass-1" }, fields: ["userIdHash", "password"] },
  { path: "/saveNewPassword", base: { userHash: "x", password: "Secret-Pass-1" }, fields: ["userHash", "password"] },
  {
    path: "/changeUserPassword",
    auth: "applicant",
    base: { oldPassword: "x", newPassword: "Secret-Pass-1" },
    fields: ["oldPassword", "newPassword"],
  },
  { path: "/resetPassword", base: { cstm: "demo", email: "anna@example.com" }, fields: ["email"] },
  { path: "/resetPasswordByUserName", base: { cstm: "demo", userName: "anna" }, fields: ["userName"] },
  { path: "/getPasswordRequirementsByUserHash", base: { userHash: "x" }, fields: ["userHash"] },
  { path: "/getPasswordRequirementsByUserId", auth: "applicant", base: {}, fields: ["userId"] },
  { path: "/profile", auth: "applicant", base: { firstName: "Anna" }, fields: ["firstName", "lastName", "email"] },
  { path: "/postUserFeedback", auth: "applicant", base: { profileId: "P100", rating: 4 }, fields: ["comment"] },
  {
    path: "/getSessionUrl",
    auth: "applicant",
    base: { profileId: "P100", componentId: 31, returnUrl: "/demo/home" },
    fields: ["returnUrl"],
  },
  {
    path: "/initPicat",
    base: { sessionData: { prcm_id: 1, profileId: "P100", session: "x".repeat(20) } },
    fields: ["sessionData.session"],
  },
  { path: "/trackPicatNavigation", auth: "applicant", base: { profileId: "P100" }, fields: ["action", "target"] },
  { path: "/trackFormAction", auth: "applicant", base: { profileId: "P100" }, fields: ["action", "target"] },
  { path: "/trackVideoAction", auth: "applicant", base: { profileId: "P100" }, fields: ["videoId"] },
  {
    path: "/handleClientError",
    auth: "applicant",
    base: { errMessage: "x" },
    fields: ["client", "userAgent", "url", "errMessage", "errStack", "userInfo"],
  },
  {
    path: "/formData/personal-data",
    auth: "submission",
    base: { values: { firstName: "Dora", lastName: "Fischer", email: "dora@example.com" } },
    fields: ["values.firstName", "values.email", "values.motivation", "submissionToken"],
  },
  {
    path: "/demo/recruiter/applicants/anna/details",
    auth: "recruiter",
    base: { firstName: "Anna", lastName: "Becker", email: "anna@example.com", language: "de" },
    fields: ["firstName", "lastName", "email"],
  },
  { path: "/custom/preview/newsletter", base: { email: "redos@example.com", consent: true }, fields: ["email"] },
];

/**
 * The app's form actions with their free-text fields. `session` names the demo user signed in for
 * the post (a fresh clone); `path` may be a function of what `prepare` found (link hashes).
 */
export const FORM_CASES = [
  { path: "/demo/login", base: { username: "anna", password: "x", privacy: "on" }, fields: ["username", "password", "redirectTo"] },
  { path: "/demo/forgot-password", base: { username: "anna" }, fields: ["username"] },
  {
    path: "/demo/registration",
    base: {
      firstName: "Re",
      lastName: "Dos",
      email: "redos@example.com",
      password: "Secret-Pass-1",
      passwordRepeat: "Secret-Pass-1",
      privacy: "on",
    },
    fields: ["firstName", "lastName", "email", "password", "passwordRepeat"],
  },
  { path: "/demo/account-activation", base: { code: "abc" }, fields: ["code"] },
  {
    path: (ctx) => `/demo/activation/${ctx.activationHash}/en_GB`,
    base: { password: "Secret-Pass-1", passwordRepeat: "Secret-Pass-1" },
    fields: ["password", "passwordRepeat"],
  },
  {
    path: (ctx) => ctx.resetPath,
    base: { username: "anna", password: "Secret-Pass-1", passwordRepeat: "Secret-Pass-1", privacy: "on" },
    fields: ["username", "password", "passwordRepeat"],
  },
  {
    path: "/demo/change-password",
    session: "anna",
    base: { oldPassword: "x", password: "Secret-Pass-1", passwordRepeat: "Secret-Pass-1" },
    fields: ["oldPassword", "password", "passwordRepeat"],
  },
  {
    path: "/azubi/passwort-aendern",
    session: "greta",
    base: { oldPassword: "x", password: "Secret-Pass-1", passwordRepeat: "Secret-Pass-1" },
    fields: ["oldPassword", "password", "passwordRepeat"],
  },
  {
    path: "/demo/profile",
    session: "anna",
    base: { firstName: "Anna", lastName: "Becker", email: "anna@example.com", language: "en_GB" },
    fields: ["firstName", "lastName", "email", "language"],
  },
  { path: "/demo/feedback", session: "dora", base: { rating: "4", comment: "ok" }, fields: ["comment", "returnTo", "rating"] },
  { path: "/preview/newsletter", base: { email: "redos@example.com", consent: "on" }, fields: ["email", "website"] },
  {
    path: "/demo/assessment/40",
    session: "dora",
    base: {
      intent: "review",
      firstName: "Dora",
      lastName: "Fischer",
      email: "dora@example.com",
      schoolQualification: "abitur",
      willingToRelocate: "yes",
    },
    fields: ["firstName", "lastName", "email", "motivation", "dateOfBirth", "schoolQualification", "intent"],
  },
  {
    path: "/demo/assessment/40/draft",
    session: "dora",
    base: { firstName: "Dora" },
    fields: ["firstName", "email", "motivation"],
  },
  {
    path: "/demo/home",
    session: "anna",
    base: { intent: "accept-data-protection", statementId: "1", revision: "3" },
    fields: ["statementId", "revision", "intent", "contacting"],
  },
  {
    path: "/demo/track-video",
    session: "anna",
    base: { videoId: "x", action: "play", position: "1" },
    fields: ["videoId", "action", "position"],
  },
];

async function json(response) {
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

function sessionCookies(response, jar) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const index = pair.indexOf("=");
    const name = pair.slice(0, index);
    const value = pair.slice(index + 1);
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
}

async function cloneUser(baseUrl, template) {
  const response = await fetch(`${baseUrl}/api/dev/clone-user`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ template }),
  });
  if (response.status !== 201) throw new Error(`clone of ${template} answered ${response.status}`);
  return json(response);
}

async function apiLogin(baseUrl, path, body) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return (await json(response)).access_token;
}

/** Signs a fresh clone of `template` in through the login form; returns its Cookie header. */
async function signedInCookie(baseUrl, template) {
  const user = await cloneUser(baseUrl, template);
  const jar = new Map();
  const login = await fetch(`${baseUrl}/${user.cstm}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl, "Sec-Fetch-Site": "same-origin" },
    body: new URLSearchParams({ username: user.userName, password: user.password, privacy: "on" }),
  });
  await login.arrayBuffer();
  sessionCookies(login, jar);
  if (login.status !== 302 || jar.size === 0) throw new Error(`login of ${user.userName} answered ${login.status}`);
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** Tokens, sessions and link hashes the cases need; the server must run in demo mode. */
export async function prepare(baseUrl) {
  const anna = await cloneUser(baseUrl, "anna");
  const dora = await cloneUser(baseUrl, "dora");
  const applicant = await apiLogin(baseUrl, "/login", { cstm: "demo", userName: anna.userName, password: anna.password });
  const doraToken = await apiLogin(baseUrl, "/login", { cstm: "demo", userName: dora.userName, password: dora.password });
  const recruiter = await apiLogin(baseUrl, "/recruiter/login", { cstm: "demo", userName: "rita", password: "Rita-Recruiter-2027" });
  const form = await fetch(`${baseUrl}/api/formData/personal-data?raw=true&profileId=P100`, {
    headers: { Authorization: `Bearer ${doraToken}` },
  });
  const submission = (await json(form)).submissionToken;
  if (!submission) throw new Error("no submission token for dora's form");

  const felix = await cloneUser(baseUrl, "felix");
  const reset = await cloneUser(baseUrl, "anna");
  await fetch(`${baseUrl}/api/resetPasswordByUserName`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ cstm: "demo", userName: reset.userName }),
  });
  const [mail] = await json(await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(reset.userName)}`));
  const sessions = {};
  for (const template of new Set(FORM_CASES.map((entry) => entry.session).filter(Boolean))) {
    sessions[template] = await signedInCookie(baseUrl, template);
  }
  return {
    tokens: { applicant, recruiter, submission: doraToken },
    submissionToken: submission,
    activationHash: felix.activationHash,
    resetPath: new URL(mail.link).pathname,
    sessions,
  };
}

/** Sends one API case with the worst case in `field`; returns status, time and body. */
export async function sendApiCase(baseUrl, entry, field, shape, ctx) {
  let base = entry.base;
  if (entry.auth === "submission") base = { submissionToken: ctx.submissionToken, ...base };
  const body = jsonBody(base, field, shape);
  const headers = { "Content-Type": "application/json" };
  if (entry.auth) headers.Authorization = `Bearer ${ctx.tokens[entry.auth]}`;
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api${entry.path}`, { method: "POST", headers, body });
  const text = await response.text();
  return { status: response.status, ms: performance.now() - started, text, bytes: Buffer.byteLength(body) };
}

/** Sends one form case with the worst case in `field`; returns status, time and the page. */
export async function sendFormCase(baseUrl, entry, field, shape, ctx) {
  const path = typeof entry.path === "function" ? entry.path(ctx) : entry.path;
  const body = formBody(entry.base, field, shape);
  const headers = {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: baseUrl,
    "Sec-Fetch-Site": "same-origin",
    Accept: "text/html",
  };
  if (entry.session) headers.Cookie = ctx.sessions[entry.session];
  else {
    // Like a browser: the form page first (its session cookie), then the post.
    const jar = new Map();
    let url = `${baseUrl}${path}`;
    for (let hop = 0; hop < 5; hop++) {
      const page = await fetch(url, {
        redirect: "manual",
        headers: jar.size ? { Cookie: [...jar].map(([n, v]) => `${n}=${v}`).join("; ") } : {},
      });
      await page.arrayBuffer();
      sessionCookies(page, jar);
      const location = page.headers.get("location");
      if (!location || page.status < 300 || page.status >= 400) break;
      url = new URL(location, url).toString();
    }
    if (jar.size > 0) headers.Cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers, body, redirect: "manual" });
  const text = await response.text();
  return {
    path,
    status: response.status,
    ms: performance.now() - started,
    text,
    location: response.headers.get("location"),
    bytes: Buffer.byteLength(body),
  };
}

/** The client-error report route at its own limit (16 KiB). */
export async function sendClientErrorCase(baseUrl, field, shape) {
  const base = { source: "error", message: "x", url: "/demo/home" };
  const body = jsonBody(base, field, shape, CLIENT_ERROR_LIMIT_BYTES);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/_client-errors`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl, "Sec-Fetch-Site": "same-origin" },
    body,
  });
  const text = await response.text();
  return { status: response.status, ms: performance.now() - started, text, bytes: Buffer.byteLength(body) };
}
