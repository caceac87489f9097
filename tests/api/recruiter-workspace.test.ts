import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_BULK_COUNT } from "../../api/demo/bulk";
import { APP_BASE_URL, recruiterToken, startApi, type TestApi } from "./support/api";
import { savePersonalData } from "./support/flows";

/**
 * R-SCR-14, the embedded API's recruiter workspace (docs/decisions/140–150): the applicant list (search, filters, sort,
 * paging in SQL), the applicant page, its actions with their audit entries, and the customer
 * boundary (R-ROLE-01).
 */
let api: TestApi;
let rita: string;
beforeAll(async () => {
  api = await startApi();
  rita = await recruiterToken(api, "rita", "Rita-Recruiter-2027", "demo");
});
afterAll(() => api.close());

const list = (query = "", token = rita, cstm = "demo") => api.get(`/${cstm}/recruiter/applicants${query ? `?${query}` : ""}`, { token });
const detail = (userName: string, token = rita, cstm = "demo") =>
  api.get(`/${cstm}/recruiter/applicants/${encodeURIComponent(userName)}`, { token });
const act = (userName: string, action: string, body: unknown, token = rita) =>
  api.post(`/demo/recruiter/applicants/${encodeURIComponent(userName)}/${action}`, body, { token });

/** Every applicant of a query, over all pages of 1000. */
async function all(query: string): Promise<any[]> {
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const reply = await list(`${query}${query ? "&" : ""}pageSize=1000&page=${page}`);
    expect(reply.status).toBe(200);
    rows.push(...reply.body.applicants);
    if (page >= reply.body.pages) return rows;
  }
}

describe("R-ROLE-01 who reaches the recruiter workspace (decision 141)", () => {
  it("an applicant token is refused (403 wrong_token_kind); no token is 401", async () => {
    const anna = await api.login("anna");
    expect((await list("", anna)).body.error).toBe("wrong_token_kind");
    expect((await api.get("/demo/recruiter/applicants")).status).toBe(401);
  });

  it("rita serves demo and demo-vor-ort (one user base, each with its own applicants: decision 170); azubi answers 403 customer_not_served", async () => {
    const demo = await list();
    expect(demo.body.total).toBeGreaterThan(0);
    const onSite = await list("", rita, "demo-vor-ort");
    expect(onSite.status).toBe(200);
    expect(onSite.body.applicants.map((applicant: any) => applicant.userName)).not.toContain("ben");
    const azubi = await list("", rita, "azubi");
    expect(azubi.status).toBe(403);
    expect(azubi.body.error).toBe("customer_not_served");
    expect((await detail("greta", rita, "azubi")).status).toBe(403);
    expect((await list("", rita, "nope")).status).toBe(404);
  });

  it("a second customer's recruiter (rolf, azubi) cannot read demo's applicants, list or page, nor sign in at demo", async () => {
    const rolf = await recruiterToken(api, "rolf", "Rolf-Recruiter-2027", "azubi");
    const own = await list("", rolf, "azubi");
    expect(own.status).toBe(200);
    expect(own.body.applicants.map((applicant: any) => applicant.userName)).toEqual(["greta"]);
    for (const reply of [
      await list("", rolf, "demo"),
      await detail("ben", rolf, "demo"),
      await act("ben", "status", { status: "hired" }, rolf),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body.error).toBe("customer_not_served");
    }
    expect((await api.post("/recruiter/login", { cstm: "demo", userName: "rolf", password: "Rolf-Recruiter-2027" })).status).toBe(401);
    // The applicant of another user base is unknown to rita's customer.
    expect((await detail("greta")).status).toBe(404);
  });
});

describe("R-SCR-14 the applicant list (decision 142)", () => {
  it("pages of 25 with the total; the named demo users and the generated bulk are there, recruiters are not", async () => {
    const reply = await list();
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ cstm: "demo", page: 1, pageSize: 25 });
    expect(reply.body.applicants).toHaveLength(25);
    expect(reply.body.total).toBeGreaterThanOrEqual(DEMO_BULK_COUNT + 6);
    expect(reply.body.pages).toBe(Math.ceil(reply.body.total / 25));
    const last = await list(`page=${reply.body.pages}`);
    expect(last.body.applicants.length).toBe(reply.body.total - 25 * (reply.body.pages - 1));
    const names = (await all("")).map((applicant) => applicant.userName);
    expect(names).toEqual(expect.arrayContaining(["anna", "ben", "carla", "dora", "emil", "felix"]));
    expect(names).not.toContain("rita");
    expect(names).not.toContain("sabine.vogel");
    expect(new Set(names).size).toBe(names.length);
  });

  it("each row: progress (x of y modules, percent), status, owner, profiles", async () => {
    const [ben] = (await list("q=ben&name=schulz")).body.applicants;
    expect(ben).toMatchObject({
      userName: "ben",
      firstName: "Ben",
      lastName: "Schulz",
      email: "ben@example.com",
      activated: true,
      anonymous: false,
      status: "new",
      owner: null,
      finishedModules: 4,
      totalModules: 14,
      progress: 28,
    });
    expect(
      ben.profiles.map((profile: any) => [profile.prof_prof_id, profile.finishedComponents, profile.totalComponents, profile.isOpen]),
    ).toEqual([
      ["P100", 1, 8, true],
      ["P200", 2, 2, false],
      ["P300", 0, 2, false],
      ["P400", 1, 2, false],
    ]);
    expect(ben.profiles[3].openUntil).toBe("2024-12-31");
  });

  it("search finds name (either order), user name and e-mail, ignoring case and accents", async () => {
    expect((await all("q=SCHULZ%20BEN")).map((row) => row.userName)).toEqual(["ben"]);
    expect((await all("q=dora%40example")).map((row) => row.userName)).toEqual(["dora"]);
    const muller = await all("q=muller");
    expect(muller.length).toBeGreaterThan(0);
    for (const row of muller) expect(`${row.lastName} ${row.firstName} ${row.userName}`.toLowerCase()).toMatch(/müller|muller|mueller/);
    expect(muller.some((row) => row.lastName === "Müller")).toBe(true);
    // LIKE's wildcards are searched as text.
    expect((await list("q=%25")).body.total).toBe(0);
  });

  it("sorts by name (anonymous applicants last), registered, last activity and progress, both ways", async () => {
    const collator = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });
    const byName = await all("sort=name");
    const named = byName.filter((row) => row.lastName !== null);
    expect(byName.slice(named.length).every((row) => row.lastName === null)).toBe(true);
    for (let index = 1; index < named.length; index++) {
      expect(named[index - 1].lastName.toLowerCase() <= named[index].lastName.toLowerCase()).toBe(true);
    }
    expect(collator(named[0].lastName, named[named.length - 1].lastName)).toBeLessThanOrEqual(0);
    const registered = (await all("sort=registered&order=desc")).map((row) => row.registeredAt);
    expect(registered).toEqual([...registered].sort().reverse());
    const activity = (await all("sort=activity&order=desc")).map((row) => row.lastActivityAt ?? "");
    expect(activity).toEqual([...activity].sort().reverse());
    const progress = (await all("sort=progress")).map((row) => row.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const paged = [
      ...(await list("sort=progress&order=desc")).body.applicants,
      ...(await list("sort=progress&order=desc&page=2")).body.applicants,
    ];
    expect(new Set(paged.map((row) => row.userName)).size).toBe(50);
  });

  it("boolean filters: activated, anonymous, on-site", async () => {
    const notActivated = await all("activated=false");
    expect(notActivated.every((row) => !row.activated)).toBe(true);
    expect(notActivated.map((row) => row.userName)).toEqual(expect.arrayContaining(["carla", "felix"]));
    const anonymous = await all("anonymous=true");
    expect(anonymous.length).toBeGreaterThan(0);
    expect(anonymous.every((row) => row.anonymous && row.firstName === null)).toBe(true);
    const onSite = await all("onSite=true");
    expect(onSite.length).toBeGreaterThan(0);
    expect(onSite.every((row) => row.onSite)).toBe(true);
    expect(onSite.length + (await list("onSite=false")).body.total).toBe((await list()).body.total);
  });

  it("date ranges: registered, last activity, open-until (inclusive days)", async () => {
    const everyone = await all("");
    const day = everyone[0].registeredAt.slice(0, 10);
    const registered = await all(`registeredFrom=${day}&registeredTo=${day}`);
    expect(registered.map((row) => row.userName).sort()).toEqual(
      everyone
        .filter((row) => row.registeredAt.slice(0, 10) === day)
        .map((row) => row.userName)
        .sort(),
    );
    const active = await all("activityFrom=2000-01-01");
    expect(active.every((row) => row.lastActivityAt !== null)).toBe(true);
    expect(active.map((row) => row.userName)).toContain("ben");
    // felix never signed in and finished nothing.
    expect(active.map((row) => row.userName)).not.toContain("felix");
    const openUntil = await all("openUntilFrom=2024-12-31&openUntilTo=2024-12-31");
    expect(openUntil.map((row) => row.userName)).toContain("ben");
    expect(openUntil.every((row) => row.profiles.some((profile: any) => profile.openUntil === "2024-12-31"))).toBe(true);
  });

  it("number ranges (progress %, modules finished) refer to the chosen profile: P100 under 50 % has ben, not dora", async () => {
    const underHalf = await all("profile=P100&progressMax=49");
    const names = underHalf.map((row) => row.userName);
    expect(names).toContain("ben");
    expect(names).toContain("anna");
    expect(names).not.toContain("dora");
    expect(underHalf.every((row) => row.progress <= 49 && row.totalModules === 8)).toBe(true);
    expect(underHalf.find((row) => row.userName === "ben")).toMatchObject({ finishedModules: 1, totalModules: 8, progress: 12 });
    const finished = await all("finishedMin=2&finishedMax=3");
    expect(finished.every((row) => row.finishedModules >= 2 && row.finishedModules <= 3)).toBe(true);
    const dora = await all("profile=P100&finishedMin=7");
    expect(dora.map((row) => row.userName)).toContain("dora");
  });

  it("select filters: profile, status, owner (a user name, or - for none); string filters: name, user name, e-mail", async () => {
    const p300 = await all("profile=P300");
    expect(p300.every((row) => row.profiles.some((profile: any) => profile.prof_prof_id === "P300"))).toBe(true);
    const hired = await all("status=hired");
    expect(hired.length).toBeGreaterThan(0);
    expect(hired.every((row) => row.status === "hired")).toBe(true);
    const ritas = await all("owner=rita");
    expect(ritas.length).toBeGreaterThan(0);
    expect(ritas.every((row) => row.owner?.userName === "rita")).toBe(true);
    const nobodys = await all("owner=-");
    expect(nobodys.every((row) => row.owner === null)).toBe(true);
    expect((await list("owner=rolf")).body.total).toBe(0);
    expect((await all("name=fischer")).every((row) => row.lastName === "Fischer")).toBe(true);
    expect((await all("userName=emil")).map((row) => row.userName)).toEqual(["emil"]);
    expect((await all("email=felix%40")).map((row) => row.userName)).toEqual(["felix"]);
  });

  it("the filter options: the customer's profiles, the statuses, the recruiters who serve it", async () => {
    const { filterOptions } = (await list()).body;
    expect(filterOptions.profiles.map((profile: any) => profile.prof_prof_id)).toEqual(["P100", "P200", "P300", "P400", "P500"]);
    expect(filterOptions.statuses).toEqual(["new", "screening", "interview", "offer", "hired", "rejected"]);
    expect(filterOptions.owners.map((owner: any) => owner.userName).sort()).toEqual(["jonas.hartmann", "rita", "sabine.vogel"]);
  });

  it("bad queries answer 400 invalid_query naming the field, never 500", async () => {
    for (const query of [
      "sort=age",
      "page=0",
      "pageSize=5000",
      "progressMax=101",
      "registeredFrom=2024-02-30",
      "status=asleep",
      "shoeSize=42",
      "q[a]=b",
    ]) {
      const reply = await list(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body.error).toBe("invalid_query");
    }
    expect((await list("registeredFrom=2024-02-30")).body.data).toEqual({ registeredFrom: "invalid" });
  });
});

describe("R-SCR-14 the applicant page (decision 150)", () => {
  it("details, access, profiles with per-container progress and module results, forms, options; 404 for strangers", async () => {
    const reply = await detail("ben");
    expect(reply.status).toBe(200);
    const ben = reply.body.applicant;
    expect(ben).toMatchObject({ userName: "ben", language: "de-DU", loginEnabled: true, status: "new", owner: null, audit: [] });
    const p100 = ben.profiles[0];
    expect(p100).toMatchObject({ prof_prof_id: "P100", status: "B", finishedComponents: 1, totalComponents: 8, reportAvailable: true });
    expect(p100.containers.map((container: any) => [container.pcc_id, container.finishedComponents, container.totalComponents])).toEqual([
      [11, 1, 3],
      [12, 0, 2],
      [13, 0, 2],
      [14, 0, 1],
    ]);
    expect(p100.containers[0].modules[0]).toMatchObject({ comp_comp_id: 31, score: 20, maxScore: 25, normValue: 8, history: [] });
    expect(ben.forms.find((form: any) => form.prof_prof_id === "P100")).toMatchObject({ form_identifier: "personal-data", values: null });
    expect(reply.body.options.assignableProfiles.map((profile: any) => profile.prof_prof_id)).toEqual(["P500"]);
    expect(reply.body.options.languages).toEqual(["de-DU", "de", "en_GB", "hu", "it"]);
    expect((await detail("nobody")).body.error).toBe("unknown_user");
    expect((await detail("rita")).status).toBe(404);
  });

  it("texts in the language asked for (a customer's language), else the recruiter's", async () => {
    const english = await api.get("/demo/recruiter/applicants/ben?language=en_GB", { token: rita });
    expect(english.body.applicant.profiles[0].containers[0].name).toBe("Cognitive abilities");
    const german = await detail("ben");
    expect(german.body.applicant.profiles[0].containers[0].name).toBe("Kognitive Fähigkeiten");
  });
});

describe("R-SCR-14 actions, each with its audit entry (decisions 144, 146)", () => {
  it("R-SCR-14 a corrected e-mail address ends the applicant's open links: felix's activation link is refused, and the audit row says so; a change of name alone keeps it", async () => {
    const felix = await api.clone("felix");
    const corrected = await act(felix.userName, "details", {
      firstName: "Felix",
      lastName: "Korrigiert",
      email: "felix.neu@example.com",
      language: "de",
    });
    expect(corrected.status).toBe(200);
    const refused = await api.post("/accountActivation", { userIdHash: felix.activationHash, password: "Felix-Neu-2027" });
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ status: "failed", error: "invalid_hash", errorMsg: "C06" });
    const audit = (await detail(felix.userName)).body.applicant.audit;
    expect(audit[0]).toMatchObject({ action: "details", changes: { email: { after: "felix.neu@example.com" }, linksEnded: 1 } });

    const renamed = await api.clone("felix");
    const before = (await detail(renamed.userName)).body.applicant;
    expect(
      (await act(renamed.userName, "details", { firstName: "Felix", lastName: "Umbenannt", email: before.email, language: "de" })).status,
    ).toBe(200);
    expect((await api.post("/accountActivation", { userIdHash: renamed.activationHash, password: "Felix-Neu-2027" })).status).toBe(200);
  });

  it("edit user details; 409 for another applicant's e-mail, 400 for a language the customer does not offer", async () => {
    const clone = await api.clone("anna");
    const reply = await act(clone.userName, "details", {
      firstName: "Annika",
      lastName: "Böhm",
      email: "annika@example.com",
      language: "en_GB",
    });
    expect(reply.status).toBe(200);
    expect(reply.body.changes).toEqual({
      firstName: { before: "Anna", after: "Annika" },
      lastName: { before: "Becker", after: "Böhm" },
      email: { before: `${clone.userName}@example.com`, after: "annika@example.com" },
      language: { before: "de-DU", after: "en_GB" },
    });
    const page = (await detail(clone.userName)).body.applicant;
    expect(page).toMatchObject({ firstName: "Annika", lastName: "Böhm", email: "annika@example.com", language: "en_GB" });
    expect(page.audit[0]).toMatchObject({ recruiter: "rita", action: "details", changes: reply.body.changes, cstm: "demo" });
    // The new name is found by the list's search, accents folded.
    expect((await all("q=bohm")).map((row) => row.userName)).toContain(clone.userName);
    expect((await act(clone.userName, "details", { firstName: "A", lastName: "B", email: "ben@example.com", language: "de" })).status).toBe(
      409,
    );
    // A language the customer does not offer: demo-vor-ort's own applicant (decision 170) in Hungarian.
    const local = await api.post(
      "/demo-vor-ort/recruiter/applicants",
      { email: `${clone.userName}.vor-ort@example.com`, firstName: "Vor", lastName: "Ort" },
      { token: rita },
    );
    expect(local.status).toBe(201);
    const onSite = await api.post(
      `/demo-vor-ort/recruiter/applicants/${encodeURIComponent(local.body.userName)}/details`,
      { firstName: "A", lastName: "B", email: "ab@example.com", language: "hu" },
      { token: rita },
    );
    expect(onSite.status).toBe(400);
    expect(
      (await act(clone.userName, "details", { firstName: "", lastName: "B", email: "not-an-address", language: "de" })).body.data,
    ).toMatchObject({
      firstName: "too_short",
      email: "invalid_format",
    });
  });

  it("edit status; the same status again changes nothing and writes no entry", async () => {
    const clone = await api.clone("anna");
    expect((await act(clone.userName, "status", { status: "interview" })).body.changes).toEqual({
      status: { before: "new", after: "interview" },
    });
    expect((await act(clone.userName, "status", { status: "interview" })).body.changes).toEqual({});
    expect((await act(clone.userName, "status", { status: "asleep" })).status).toBe(400);
    const page = (await detail(clone.userName)).body.applicant;
    expect(page.status).toBe("interview");
    expect(page.audit.map((entry: any) => entry.action)).toEqual(["status"]);
    expect((await all(`status=interview&userName=${clone.userName}`)).map((row) => row.userName)).toEqual([clone.userName]);
  });

  it("edit access: disabling the login ends the applicant's sessions (their token answers 401) and refuses sign-in (403); enabling restores it", async () => {
    const clone = await api.clone("ben");
    const token = await api.login(clone.userName);
    expect((await api.get("/profiles", { token })).status).toBe(200);
    const reply = await act(clone.userName, "access", { loginEnabled: false });
    expect(reply.body.changes).toEqual({ loginEnabled: { before: true, after: false }, sessionsEnded: 1 });
    expect((await api.get("/profiles", { token })).status).toBe(401);
    expect((await api.call("POST", "/refreshToken", { token })).status).toBe(401);
    const refused = await api.post("/login", { cstm: "demo", userName: clone.userName, password: clone.password });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("access_disabled");
    expect((await list(`userName=${clone.userName}`)).body.applicants[0].loginEnabled).toBe(false);
    await act(clone.userName, "access", { loginEnabled: true });
    expect((await api.post("/login", { cstm: "demo", userName: clone.userName, password: clone.password })).status).toBe(200);
    expect((await detail(clone.userName)).body.applicant.audit.map((entry: any) => entry.action)).toEqual(["access", "access"]);
  });

  it("edit owner: a recruiter who serves the customer, or nobody; 404 unknown_owner otherwise", async () => {
    const clone = await api.clone("anna");
    expect((await act(clone.userName, "owner", { owner: "sabine.vogel" })).body.changes).toEqual({
      owner: { before: null, after: "sabine.vogel" },
    });
    expect((await detail(clone.userName)).body.applicant.owner).toEqual({ userName: "sabine.vogel", name: "Sabine Vogel" });
    expect((await act(clone.userName, "owner", { owner: "rolf" })).body.error).toBe("unknown_owner");
    expect((await act(clone.userName, "owner", { owner: "anna" })).body.error).toBe("unknown_owner");
    expect((await act(clone.userName, "owner", { owner: null })).body.changes).toEqual({ owner: { before: "sabine.vogel", after: null } });
  });

  it("change open-until: P400 (expired) opens again until the new day; the applicant sees it open; a past day closes it", async () => {
    const clone = await api.clone("ben");
    const token = await api.login(clone.userName);
    const isOpen = async () =>
      (await api.get("/profiles", { token })).body.profiles.find((profile: any) => profile.prof_prof_id === "P400").isOpen;
    expect(await isOpen()).toBe(false);
    const reply = await act(clone.userName, "open-until", { profileId: "P400", openUntil: "2099-06-30" });
    expect(reply.body.changes).toEqual({ openUntil: { before: "2024-12-31", after: "2099-06-30" } });
    expect(await isOpen()).toBe(true);
    await act(clone.userName, "open-until", { profileId: "P400", openUntil: "2020-01-01" });
    expect(await isOpen()).toBe(false);
    expect((await act(clone.userName, "open-until", { profileId: "P500", openUntil: null })).status).toBe(404);
    expect((await act(clone.userName, "open-until", { profileId: "P400", openUntil: "2099-02-30" })).status).toBe(400);
    const audit = (await detail(clone.userName)).body.applicant.audit;
    expect(audit[1]).toMatchObject({
      action: "open_until",
      changes: { profileId: "P400", openUntil: { before: "2024-12-31", after: "2099-06-30" } },
    });
  });

  it("assign profile: one of the customer's profiles, once", async () => {
    const clone = await api.clone("anna");
    const reply = await act(clone.userName, "profiles", { profileId: "P500", openUntil: "2099-01-31" });
    expect(reply.status).toBe(201);
    const token = await api.login(clone.userName);
    const profiles = (await api.get("/profiles", { token })).body.profiles;
    expect(profiles.map((profile: any) => profile.prof_prof_id)).toEqual(["P100", "P500"]);
    expect((await act(clone.userName, "profiles", { profileId: "P500" })).body.error).toBe("profile_already_assigned");
    expect((await act(clone.userName, "profiles", { profileId: "P610" })).body.error).toBe("unknown_profile");
    expect((await list(`userName=${clone.userName}`)).body.applicants[0]).toMatchObject({ finishedModules: 0, totalModules: 11 });
  });

  it("assign to retest: module 31 opens again, the earlier result stays in the history next to the new one", async () => {
    const clone = await api.clone("ben");
    const token = await api.login(clone.userName);
    const reply = await act(clone.userName, "retest", { profileId: "P100", componentIds: [31] });
    expect(reply.status).toBe(200);
    expect(reply.body.changes).toEqual({ profileId: "P100", componentIds: [31], opened: false });
    const p100 = (await api.get("/profiles", { token })).body.profiles.find((profile: any) => profile.prof_prof_id === "P100");
    expect(p100).toMatchObject({ finishedComponents: 0, status: "N" });
    const containers = (await api.get("/dashboardHome/container/P100", { token })).body;
    expect(JSON.stringify(containers)).toContain('"comp_comp_id":31');
    const page = (await detail(clone.userName)).body.applicant;
    const module = page.profiles[0].containers[0].modules[0];
    expect(module).toMatchObject({ comp_comp_id: 31, finishedAt: null, score: null });
    expect(module.history).toEqual([expect.objectContaining({ score: 20, normValue: 8, skipped: false })]);
    expect(page.audit[0]).toMatchObject({ action: "retest", changes: { profileId: "P100", componentIds: [31] } });
    expect((await list(`userName=${clone.userName}&profile=P100`)).body.applicants[0]).toMatchObject({ finishedModules: 0, progress: 0 });
    // P200 was the same module in another profile: untouched.
    expect(page.profiles.find((profile: any) => profile.prof_prof_id === "P200").finishedComponents).toBe(2);
    expect((await act(clone.userName, "retest", { profileId: "P100", componentIds: [31] })).body.error).toBe("nothing_to_retest");
    expect((await act(clone.userName, "retest", { profileId: "P100", componentIds: [99] })).body.error).toBe("unknown_module");
  });

  it("assign to retest: an fbo module takes its partner along; a closed profile opens again", async () => {
    const clone = await api.clone("dora");
    const reply = await act(clone.userName, "retest", { profileId: "P100", componentIds: [42] });
    expect(reply.body.changes.componentIds).toEqual([42, 43]);
    const ben = await api.clone("ben");
    const closed = await act(ben.userName, "retest", { profileId: "P200", componentIds: [32] });
    expect(closed.body.changes).toEqual({ profileId: "P200", componentIds: [32], opened: true });
    const token = await api.login(ben.userName);
    const p200 = (await api.get("/profiles", { token })).body.profiles.find((profile: any) => profile.prof_prof_id === "P200");
    expect(p200).toMatchObject({ isOpen: true, finishedComponents: 1 });
  });

  it("edit forms: corrects saved answers, records each changed field before → after; 409 before the form is saved", async () => {
    const clone = await api.clone("dora");
    expect((await act(clone.userName, "forms/40", { profileId: "P100", values: {} })).status).toBe(400);
    const token = await api.login(clone.userName);
    const valid = {
      firstName: "Dora",
      lastName: "Fischer",
      email: "dora@example.com",
      schoolQualification: "abitur",
      willingToRelocate: "yes",
    };
    expect((await act(clone.userName, "forms/40", { profileId: "P100", values: valid })).body.error).toBe("form_not_saved");
    expect((await savePersonalData(api, token, "P100", valid)).status).toBe(201);
    const reply = await act(clone.userName, "forms/40", {
      profileId: "P100",
      values: { ...valid, lastName: "Fischer-Lang", motivation: "Technik" },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.changes).toEqual({
      lastName: { before: "Fischer", after: "Fischer-Lang" },
      motivation: { before: null, after: "Technik" },
    });
    const page = (await detail(clone.userName)).body.applicant;
    expect(page.forms[0].values).toMatchObject({ lastName: "Fischer-Lang", motivation: "Technik" });
    expect(page.audit[0]).toMatchObject({ action: "form_corrected", changes: { componentId: 40, fields: reply.body.changes } });
    const invalid = await act(clone.userName, "forms/40", { profileId: "P100", values: { ...valid, schoolQualification: "phd" } });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: "invalid_values", data: { schoolQualification: "invalid_option" } });
    expect((await act(clone.userName, "forms/31", { profileId: "P100", values: valid })).body.error).toBe("unknown_form");
  });

  it("get user report: the PDF with the results so far, also before the applicant may download it", async () => {
    const token = await api.login("ben");
    expect((await api.post("/createReport", { profileId: "P100" }, { token })).status).toBe(409);
    const reply = await api.get("/demo/recruiter/applicants/ben/report?profileId=P100", { token: rita });
    expect(reply.status).toBe(200);
    expect(reply.headers.get("content-type")).toBe("application/pdf");
    expect(reply.text.startsWith("%PDF")).toBe(true);
    expect((await api.get("/demo/recruiter/applicants/ben/report?profileId=P300", { token: rita })).body.error).toBe("no_report");
    expect((await api.get("/demo/recruiter/applicants/anna/report?profileId=P100", { token: rita })).body.error).toBe("no_results");
    expect((await api.get("/demo/recruiter/applicants/ben/report?profileId=P500", { token: rita })).status).toBe(404);
  });

  it("get user values: scale values and form answers; reading them is recorded", async () => {
    const clone = await api.clone("ben");
    const reply = await api.get(`/demo/recruiter/applicants/${clone.userName}/values`, { token: rita });
    expect(reply.status).toBe(200);
    expect(reply.body.scales).toContainEqual(
      expect.objectContaining({ prof_prof_id: "P100", comp_comp_id: 31, name: "Sprachverständnis", score: 20, maxScore: 25, normValue: 8 }),
    );
    expect(reply.body.scales.find((scale: any) => scale.prof_prof_id === "P100" && scale.comp_comp_id === 32)).toMatchObject({
      score: null,
    });
    expect(reply.body.forms).toEqual([]);
    expect((await detail(clone.userName)).body.applicant.audit[0]).toMatchObject({ action: "values_exported", recruiter: "rita" });
  });

  it("send e-mail: invitation, reminder and reset in the applicant's language, previewed as written; 409 without an address", async () => {
    const clone = await api.clone("anna");
    const preview = await act(clone.userName, "email/preview", { template: "invitation" });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ to: `${clone.userName}@example.com`, language: "de-DU" });
    expect(preview.body.text).toContain("deine Bewerbung");
    expect(preview.body.text).toContain(`${APP_BASE_URL}/demo/login`);
    const sent = await act(clone.userName, "email", { template: "invitation" });
    expect(sent.status).toBe(201);
    const [mail] = (await api.get(`/dev/outbox?to=${clone.userName}`)).body;
    expect(mail).toMatchObject({ kind: "recruiter", subject: preview.body.subject, text: preview.body.text });

    await act(clone.userName, "details", { firstName: "Anna", lastName: "Becker", email: `${clone.userName}@example.com`, language: "de" });
    const formal = await act(clone.userName, "email/preview", { template: "reminder" });
    expect(formal.body.text).toContain("Ihr Online-Assessment");
    const reset = await act(clone.userName, "email/preview", { template: "password-reset" });
    expect(reset.body.text).toContain(`${APP_BASE_URL}/demo/reset-password/…/de`);
    await act(clone.userName, "email", { template: "password-reset" });
    const [resetMail] = (await api.get(`/dev/outbox?to=${clone.userName}`)).body;
    expect(resetMail.kind).toBe("password-reset");
    const hash = /\/reset-password\/([^/]+)\/de$/.exec(resetMail.link)![1];
    expect((await api.post("/saveNewPassword", { userHash: hash, password: "Neues-Passwort-2027" })).status).toBe(200);
    const audit = (await detail(clone.userName)).body.applicant.audit;
    expect(audit[0]).toMatchObject({ action: "email_sent", changes: { template: "password-reset", to: `${clone.userName}@example.com` } });
    expect(JSON.stringify(audit)).not.toContain(hash);

    const anonymous = (await list("anonymous=true")).body.applicants[0].userName;
    expect((await act(anonymous, "email/preview", { template: "reminder" })).body.error).toBe("no_email_address");
    expect((await act(clone.userName, "email", { template: "love-letter" })).status).toBe(400);
  });
});

describe("R-SCR-14 the audit log (decision 144)", () => {
  it("newest first, who/when/what; the process log names who, which applicant and what by id (decision 171), without user names, values or passwords", async () => {
    const clone = await api.clone("anna");
    await act(clone.userName, "status", { status: "screening" });
    await act(clone.userName, "details", { firstName: "Geheim", lastName: "Name", email: "geheim@example.com", language: "de" });
    const audit = (await detail(clone.userName)).body.applicant.audit;
    expect(audit.map((entry: any) => entry.action)).toEqual(["details", "status"]);
    expect(audit[0].at >= audit[1].at).toBe(true);
    const users = new Database(api.databasePath, { readonly: true });
    const ids = users.prepare("SELECT id, user_name FROM users WHERE user_name IN (?, 'rita')").all(clone.userName) as {
      id: number;
      user_name: string;
    }[];
    users.close();
    const idOf = (userName: string) => ids.find((row) => row.user_name === userName)!.id;
    const lines = api
      .logs()
      .split("\n")
      .filter((text) => text.includes('"recruiter action"'))
      .map((text) => JSON.parse(text))
      .filter((entry) => entry.audit.applicantId === idOf(clone.userName));
    expect(lines.map((entry) => entry.audit)).toEqual([
      { id: audit[1].id, cstm: "demo", recruiterId: idOf("rita"), applicantId: idOf(clone.userName), action: "status" },
      { id: audit[0].id, cstm: "demo", recruiterId: idOf("rita"), applicantId: idOf(clone.userName), action: "details" },
    ]);
    expect(api.logs()).not.toContain(clone.userName);
    expect(api.logs()).not.toContain("Geheim");
    expect(api.logs()).not.toContain("Rita-Recruiter-2027");
    const db = new Database(api.databasePath, { readonly: true });
    try {
      const rows = db.prepare("SELECT changes_json FROM recruiter_audit").all() as { changes_json: string }[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.changes_json).not.toMatch(/Demo-2027|Recruiter-2027|Neues-Passwort|scrypt/);
    } finally {
      db.close();
    }
  });
});
