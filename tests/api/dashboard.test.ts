import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "./support/api";
import Database from "better-sqlite3";
import { VISITOR_REPORTS_PER_MINUTE } from "../../api/routes/tracking";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const MODULE_KEYS = [
  "comp_comp_id",
  "description",
  "display_description",
  "display_name",
  "duration",
  "finishedAt",
  "form_identifier",
  "id",
  "imagePath",
  "isWrapper",
  "name",
  "pcc_id",
  "prcm_id",
  "skippable",
  "skipped",
  "stepNumber",
];

describe("GET /userData", () => {
  it("R-ENT-07 language, userInfo, elements, finishedElements, profiles, numberOfProfiles", async () => {
    const token = await api.login("ben");
    const reply = await api.get("/userData", { token });
    expect(reply.status).toBe(200);
    const body = reply.body;
    expect(body).toMatchObject({ language: "de-DU", cstm: "demo", profileId: "P100", numberOfProfiles: 4, feedbackRequested: false });
    expect(body.userInfo).toMatchObject({ userId: "ben", userName: "ben", displayName: "Ben Schulz", anonymous: false });
    expect(body.elements).toHaveLength(7);
    expect(body.finishedElements.map((module: any) => module.id)).toEqual([31]);
    expect(Object.keys(body.elements[0]).sort()).toEqual(MODULE_KEYS);
    expect(body.profiles.map((profile: any) => profile.prof_prof_id)).toEqual(["P100", "P200", "P300", "P400"]);
  });

  it("?profileId selects the profile, ?language the language; 404 for a profile of someone else, 400 for bad input", async () => {
    const token = await api.login("ben");
    const p200 = await api.get("/userData?profileId=P200&language=en_GB", { token });
    expect(p200.body).toMatchObject({ profileId: "P200", language: "en_GB", elements: [], feedbackRequested: true });
    expect(p200.body.finishedElements[0].display_name).toBe("Verbal reasoning");
    expect((await api.get("/userData?profileId=P500", { token })).status).toBe(404);
    expect((await api.get("/userData?language=fr", { token })).status).toBe(400);
    expect((await api.get("/userData?profileId=%3Cscript%3E", { token })).status).toBe(400);
  });

  it("a language the customer does not offer falls back to its first language", async () => {
    const token = await api.login("greta", { cstm: "azubi" });
    expect((await api.get("/userData?language=hu", { token })).body.language).toBe("de");
  });
});

describe("GET /profiles", () => {
  it("R-ENT-05 every field a profile needs, with prof_prof_id", async () => {
    const token = await api.login("anna");
    const reply = await api.get("/profiles", { token });
    expect(Object.keys(reply.body.profiles[0]).sort()).toEqual(
      [
        "assignedAt",
        "description",
        "discoverReportVisible",
        "finishedComponents",
        "hasActiveComponents",
        "isOpen",
        "name",
        "openUntil",
        "prof_prof_id",
        "status",
        "totalComponents",
      ].sort(),
    );
    expect((await api.get("/profiles")).status).toBe(401);
  });
});

describe("GET /dashboardHome/{profileId} and /dashboardHome/container/{profileId}", () => {
  it("elements and finishedElements in order", async () => {
    const token = await api.login("ben");
    const reply = await api.get("/dashboardHome/P100?language=hu", { token });
    expect(reply.status).toBe(200);
    expect(reply.body.language).toBe("hu");
    expect(reply.body.elements.map((module: any) => module.id)).toEqual([32, 33, 42, 43, 86, 87, 40]);
    expect(reply.body.elements.find((module: any) => module.id === 43).display_name).toBe("Együttműködés");
  });

  it("R-ENT-04 containers with pcc_id, display_name, description, duration, type, activeComponents and finishedComponents (imagePath)", async () => {
    const token = await api.login("ben");
    const { body } = await api.get("/dashboardHome/container/P100", { token });
    const [first] = body.containers;
    expect(first).toMatchObject({ pcc_id: 11, type: "test", icon: "IconDiagrammanalyse", size: 3, duration: 1500, finishedAt: null });
    expect(first.finishedComponents[0]).toMatchObject({ id: 31, imagePath: "/api/media/module-scale.svg", stepNumber: 1 });
    expect(first.finishedComponents[0].finishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const p200 = (await api.get("/dashboardHome/container/P200", { token })).body.containers[0];
    expect(p200.finishedAt).toBe(p200.finishedComponents[1].finishedAt);
  });

  it("404 for an unknown profile or one the user does not have, 400 for a malformed id, 401 without token", async () => {
    const token = await api.login("anna");
    expect((await api.get("/dashboardHome/P999", { token })).body.error).toBe("unknown_profile");
    expect((await api.get("/dashboardHome/container/P200", { token })).status).toBe(404);
    expect((await api.get(`/dashboardHome/${"x".repeat(65)}`, { token })).status).toBe(400);
    expect((await api.get("/dashboardHome/P100")).status).toBe(401);
  });
});

describe("GET/POST /profile (personal data)", () => {
  it("reads and updates the applicant's personal data", async () => {
    const clone = await api.clone("anna");
    const token = await api.login(clone.userName);
    expect((await api.get("/profile", { token })).body.profile).toMatchObject({ firstName: "Anna", lastName: "Becker", language: "de-DU" });
    const reply = await api.post("/profile", { firstName: "Annabel", language: "it" }, { token });
    expect(reply.status).toBe(200);
    expect(reply.body.profile).toMatchObject({ firstName: "Annabel", lastName: "Becker", language: "it", userName: clone.userName });
    expect((await api.get("/dashboardHome/P100", { token })).body.language).toBe("it");
  });

  it("403 C12 for another account's address, 400 for nothing or bad values", async () => {
    const token = await api.login("anna");
    const taken = await api.post("/profile", { email: "ben@example.com" }, { token });
    expect(taken.status).toBe(403);
    expect(taken.body.data).toBe("C12");
    expect((await api.post("/profile", {}, { token })).status).toBe(400);
    expect((await api.post("/profile", { firstName: "Line\nBreak" }, { token })).body.data).toEqual({ firstName: "invalid_format" });
  });
});

describe("POST /postUserFeedback", () => {
  it("R-FB-01 stores the feedback and clears feedbackRequested", async () => {
    const clone = await api.clone("ben");
    const token = await api.login(clone.userName);
    expect((await api.get("/dashboardHome/P200", { token })).body.feedbackRequested).toBe(true);
    const reply = await api.post("/postUserFeedback", { profileId: "P200", rating: 5, comment: "Gut erklärt." }, { token });
    expect(reply.status).toBe(201);
    expect((await api.get("/dashboardHome/P200", { token })).body.feedbackRequested).toBe(false);
  });

  it("400 for a rating outside 1–5, 404 for an unknown profile", async () => {
    const token = await api.login("ben");
    expect((await api.post("/postUserFeedback", { profileId: "P200", rating: 6 }, { token })).status).toBe(400);
    expect((await api.post("/postUserFeedback", { profileId: "P500", rating: 3 }, { token })).status).toBe(404);
  });
});

describe("POST /feedbackModalSeen", () => {
  it("R-FB-01 marks the feedback dialog seen per user and profile; userData and dashboardHome say so (decision 123)", async () => {
    const clone = await api.clone("ben");
    const token = await api.login(clone.userName);
    const seen = async (profileId: string) => {
      const userData = await api.call("GET", `/userData?profileId=${profileId}`, { token });
      const home = await api.call("GET", `/dashboardHome/container/${profileId}`, { token });
      expect(home.body.feedbackModalSeen).toBe(userData.body.feedbackModalSeen);
      return userData.body.feedbackModalSeen as boolean;
    };
    expect(await seen("P100")).toBe(false);
    expect((await api.post("/feedbackModalSeen", { profileId: "P100" }, { token })).status).toBe(204);
    expect((await api.post("/feedbackModalSeen", { profileId: "P100" }, { token })).status).toBe(204);
    expect(await seen("P100")).toBe(true);
    expect(await seen("P200")).toBe(false);
    // Another user's state is their own.
    const other = await api.login((await api.clone("ben")).userName);
    expect((await api.call("GET", "/userData?profileId=P100", { token: other })).body.feedbackModalSeen).toBe(false);
    expect((await api.post("/feedbackModalSeen", { profileId: "P500" }, { token })).status).toBe(404);
    expect((await api.post("/feedbackModalSeen", { profileId: 100 }, { token })).status).toBe(400);
    expect((await api.post("/feedbackModalSeen", { profileId: "P100" })).status).toBe(401);
  });
});

describe("POST /finalizeApplication", () => {
  it("marks the application once; repeating keeps the first time", async () => {
    const clone = await api.clone("dora");
    const token = await api.login(clone.userName);
    const first = await api.post("/finalizeApplication", {}, { token });
    expect(first.status).toBe(200);
    expect(first.body.finalizedAt).toMatch(/^\d{4}-/);
    const second = await api.call("POST", "/finalizeApplication", { token });
    expect(second.body.finalizedAt).toBe(first.body.finalizedAt);
    expect((await api.post("/finalizeApplication", { x: 1 }, { token })).status).toBe(400);
  });
});

describe("tracking calls and handleClientError", () => {
  it("answer 204 and store", async () => {
    const token = await api.login("anna");
    for (const path of ["/trackPicatNavigation", "/trackFormAction", "/trackVideoAction"]) {
      const reply = await api.post(path, { profileId: "P100", componentId: 31, action: "next", position: 3.5 }, { token });
      expect(reply.status, path).toBe(204);
      expect(reply.text).toBe("");
    }
    const report = {
      client: "web",
      userAgent: "test",
      url: "/demo/home",
      errMessage: "boom",
      errStack: "at x",
      userInfo: { userName: "anna" },
    };
    expect((await api.post("/handleClientError", report, { token })).status).toBe(204);
  });

  it("400 for bad payloads, 404 for a profile the user does not have, 401 without token", async () => {
    const token = await api.login("anna");
    expect((await api.post("/trackFormAction", { componentId: 40 }, { token })).status).toBe(400);
    expect((await api.post("/trackFormAction", { profileId: "P200" }, { token })).status).toBe(404);
    expect((await api.post("/handleClientError", { errStack: "x" }, { token })).status).toBe(400);
    expect((await api.post("/handleClientError", { errMessage: "x".repeat(2001) }, { token })).status).toBe(400);
    expect((await api.post("/trackVideoAction", { profileId: "P100" })).status).toBe(401);
  });
});

describe("POST /handleClientError from visitors", () => {
  it("R-ENT-09 a report without a token is stored (no user), limited per client; signed-in reports are not (decision 125)", async () => {
    const report = { client: "demo", userAgent: "test", url: "/demo/login", errMessage: "visitor boom", errStack: "at y", userInfo: null };
    const stored = () => {
      const db = new Database(api.databasePath, { readonly: true });
      try {
        return db.prepare("SELECT user_id FROM client_errors WHERE report_json LIKE '%visitor boom%'").all() as Array<{
          user_id: number | null;
        }>;
      } finally {
        db.close();
      }
    };
    const before = stored().length;
    const first = await api.post("/handleClientError", report);
    expect(first.status).toBe(204);
    expect(stored().length).toBe(before + 1);
    expect(stored().every((row) => row.user_id === null)).toBe(true);
    // A malformed token is still refused: only a missing one makes a visitor.
    expect((await api.call("POST", "/handleClientError", { body: report, token: "not-a-token" })).status).toBe(401);
    let last = first;
    for (let sent = 1; sent <= VISITOR_REPORTS_PER_MINUTE; sent++) last = await api.post("/handleClientError", report);
    expect(last.status).toBe(429);
    expect(stored().length).toBe(before + VISITOR_REPORTS_PER_MINUTE);
    // The same client signed in is not a visitor: its reports still arrive.
    const token = await api.login("anna");
    expect((await api.post("/handleClientError", report, { token })).status).toBe(204);
  });
});

describe("GET /getProjectForms", () => {
  it("R-ENT-07 pairs of comp_comp_id and form_identifier", async () => {
    const token = await api.login("anna");
    const reply = await api.get("/getProjectForms", { token });
    expect(reply.body.forms).toEqual([{ comp_comp_id: 40, form_identifier: "personal-data" }]);
  });
});
