import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_BASE_URL, recruiterToken, startApi, type TestApi } from "./support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const ritaToken = (cstm = "demo") => recruiterToken(api, "rita", "Rita-Recruiter-2027", cstm);

describe("recruiter calls", () => {
  it("POST /recruiter/login: a login response; 401 for an applicant or a wrong password; 404 for an unknown customer", async () => {
    const reply = await api.post("/recruiter/login", { cstm: "demo", userName: "rita", password: "Rita-Recruiter-2027" });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ userName: "rita", expired: false, anonymous: false });
    expect((await api.post("/recruiter/login", { cstm: "demo", userName: "anna", password: "Anna-Demo-2027" })).status).toBe(401);
    expect((await api.post("/recruiter/login", { cstm: "demo", userName: "rita", password: "Wrong-1aaa" })).status).toBe(401);
    expect((await api.post("/recruiter/login", { cstm: "nope", userName: "rita", password: "Rita-Recruiter-2027" })).status).toBe(404);
  });

  it("GET /recruiter/applicants lists the applicants of the token's customer with their progress", async () => {
    const reply = await api.get("/recruiter/applicants", { token: await ritaToken("demo") });
    expect(reply.status).toBe(200);
    expect(reply.body.cstm).toBe("demo");
    const ben = reply.body.applicants.find((applicant: any) => applicant.userName === "ben");
    expect(ben.profiles.map((profile: any) => [profile.prof_prof_id, profile.status, profile.finishedComponents])).toEqual([
      ["P100", "B", 1],
      ["P200", "A", 2],
      ["P300", "N", 0],
      ["P400", "B", 1],
    ]);
    expect(reply.body.applicants.map((applicant: any) => applicant.userName)).not.toContain("rita");
  });

  it("GET /recruiter/applicants/{userName} with module scores; 404 for unknown users", async () => {
    const token = await ritaToken();
    const reply = await api.get("/recruiter/applicants/dora", { token });
    expect(reply.status).toBe(200);
    const modules = reply.body.applicant.profiles[0].modules;
    expect(modules.find((module: any) => module.comp_comp_id === 31)).toMatchObject({ score: 20, normValue: 8 });
    expect(modules.find((module: any) => module.comp_comp_id === 40)).toMatchObject({ finishedAt: null, score: null });
    expect((await api.get("/recruiter/applicants/nobody", { token })).body.error).toBe("unknown_user");
    expect((await api.get("/recruiter/applicants/rita", { token })).status).toBe(404);
  });

  it("POST /recruiter/sendEmail is gone: free text to any applicant without an audit row or a limit; the workspace's e-mail action replaces it", async () => {
    const token = await ritaToken();
    const clone = await api.clone("anna");
    const reply = await api.post("/recruiter/sendEmail", { userName: clone.userName, subject: "Erinnerung", text: "Bitte." }, { token });
    expect(reply.status).toBe(404);
    expect((await api.get(`/dev/outbox?to=${clone.userName}`)).body).toEqual([]);
  });
});

describe("POST /dev/clone-user", () => {
  it("an independent copy with the template's state and password", async () => {
    const reply = await api.post("/dev/clone-user", { template: "ben" });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({ userName: expect.stringMatching(/^ben-[0-9a-f]{8}$/), password: "Ben-Demo-2027", cstm: "demo" });
    const token = await api.login(reply.body.userName);
    const profiles = (await api.get("/profiles", { token })).body.profiles;
    expect(profiles.map((profile: any) => [profile.prof_prof_id, profile.status, profile.isOpen])).toEqual([
      ["P100", "B", true],
      ["P200", "A", false],
      ["P300", "N", false],
      ["P400", "B", false],
    ]);
    // Changing the clone leaves ben alone.
    await api.post("/finishComponent", { profileId: "P100", componentId: 86 }, { token });
    const ben = await api.login("ben");
    expect((await api.get("/profiles", { token: ben })).body.profiles[0].finishedComponents).toBe(1);
  });

  it("clones keep the template's states: carla not activated (own hash), emil expired, greta at azubi", async () => {
    const carla = await api.clone("carla");
    expect(carla.activationHash).toMatch(/^act-carla-/);
    expect((await api.post("/login", { cstm: "demo", userName: carla.userName, password: carla.password })).status).toBe(402);
    const emil = await api.clone("emil");
    expect((await api.post("/login", { cstm: "demo", userName: emil.userName, password: emil.password })).body.expired).toBe(true);
    const greta = await api.clone("greta");
    expect(greta.cstm).toBe("azubi");
    expect((await api.post("/login", { cstm: "azubi", userName: greta.userName, password: greta.password })).status).toBe(200);
  });

  it("404 for an unknown template, 400 without one", async () => {
    expect((await api.post("/dev/clone-user", { template: "zoe" })).body.error).toBe("unknown_template");
    expect((await api.post("/dev/clone-user", {})).status).toBe(400);
  });
});

describe("GET /dev/outbox", () => {
  it("a JSON list, newest first, filtered by user name or address", async () => {
    const all = (await api.get("/dev/outbox")).body;
    expect(Array.isArray(all)).toBe(true);
    expect(all.map((mail: any) => mail.id)).toEqual([...all.map((mail: any) => mail.id)].sort((a: number, b: number) => b - a));
    expect(Object.keys(all[0]).sort()).toEqual(["createdAt", "id", "kind", "link", "subject", "text", "to", "userName"]);
    const carla = (await api.get("/dev/outbox?to=carla@example.com")).body;
    expect(carla).toHaveLength(1);
    expect(carla[0].link).toBe(`${APP_BASE_URL}/demo/activation/act-carla-0001/de-DU`);
    expect(carla[0].text).toContain(carla[0].link);
  });
});
