// Signed-in pages for benchmarks: a fresh copy of a demo user (the embedded API's dev helper, as the
// end-to-end tests use it) signed in through the real login form, like a browser without JavaScript.
// Returns the Cookie header of the new session. `apiBaseUrl`: where the demo API answers when it runs
// as a process of its own (bench/ssr-throughput --upstream separate); the product's own /api else.

// Every cookie the answer sets (the session and, since stored languages, the language cookie), as
// one Cookie header; empty ones (cleared cookies) left out.
function sessionCookie(response) {
  const cookies = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .filter((pair) => !pair.endsWith("="));
  return cookies.length ? cookies.join("; ") : undefined;
}

/** A fresh copy of a demo user (the embedded API's dev helper): its user name and password. */
async function cloneUser(apiBaseUrl, template) {
  const clone = await fetch(`${apiBaseUrl}/api/dev/clone-user`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ template }),
  });
  if (clone.status !== 201) throw new Error(`clone of ${template} answered ${clone.status}`);
  return clone.json();
}

export async function signInAsClone(baseUrl, template, cstm = "demo", apiBaseUrl = baseUrl) {
  const user = await cloneUser(apiBaseUrl, template);
  const form = await fetch(`${baseUrl}/${cstm}/login`, { redirect: "manual" });
  await form.arrayBuffer();
  const login = await fetch(`${baseUrl}/${cstm}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: baseUrl,
      "Sec-Fetch-Site": "same-origin",
      ...(sessionCookie(form) ? { Cookie: sessionCookie(form) } : {}),
    },
    body: new URLSearchParams({ username: user.userName, password: user.password, privacy: "on" }),
  });
  await login.arrayBuffer();
  const cookie = sessionCookie(login);
  if (login.status !== 302 || !cookie) throw new Error(`login of ${user.userName} answered ${login.status}`);
  return cookie;
}

/**
 * An upstream token of a fresh copy of a demo user, signed in at the reference API itself (POST /api/login, spec §7),
 * for the bare Remix page that makes a page's upstream calls (decisions 198, 199). Returns the token and the user's
 * profile where it has only one (null where it has several and a page would first have them choose).
 */
export async function upstreamTokenOfClone(apiBaseUrl, template, cstm = "demo") {
  const user = await cloneUser(apiBaseUrl, template);
  const login = await fetch(`${apiBaseUrl}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ cstm, userName: user.userName, password: user.password }),
  });
  const answer = await login.json();
  if (login.status !== 200 || !answer.access_token) throw new Error(`API login of ${user.userName} answered ${login.status}`);
  const profiles = await fetch(`${apiBaseUrl}/api/profiles`, { headers: { Authorization: `Bearer ${answer.access_token}` } });
  const records = (await profiles.json()).profiles ?? [];
  if (records.length === 0) throw new Error(`${template} has no profile`);
  return { token: answer.access_token, profileId: records.length === 1 ? records[0].prof_prof_id : null };
}
