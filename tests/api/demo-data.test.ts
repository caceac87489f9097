import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "./support/api";

/** shared/spec/demo-data.md, checked through the API the app sees. */
let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

async function profilesOf(userName: string, cstm = "demo") {
  const token = await api.login(userName, { cstm });
  const reply = await api.get("/profiles", { token });
  expect(reply.status).toBe(200);
  return reply.body.profiles as Record<string, any>[];
}

describe("demo customers", () => {
  it.each([
    ["demo", ["de-DU", "de", "en_GB", "hu", "it"], true, true],
    ["demo-vor-ort", ["de-DU", "de", "en_GB"], false, false],
    ["azubi", ["de"], false, false],
    ["initiativ", ["de-DU", "en_GB"], true, true],
    ["preview", ["de-DU"], false, false],
  ])("%s: languages in order and registration switches", async (cstm, languages, registration, anonymous) => {
    const { status, body } = await api.get(`/getConfiguration?cstm=${cstm}`);
    expect(status).toBe(200);
    expect(body.config.language).toEqual(languages);
    expect(body.config.enableRegistration).toBe(registration);
    expect(body.config.enableAnonRegistration).toBe(anonymous);
    expect(body.config.passwordRequirements).toEqual({
      minLength: 8,
      minUppercase: 1,
      minLowercase: 1,
      minNumbers: 1,
      noSpaces: true,
      noLineBreaks: true,
    });
    expect(Object.keys(body.config.texts)).toEqual(languages);
    expect(Array.isArray(body.config.videos)).toBe(true);
  });

  it("areas: demo is generic, demo-vor-ort its on-site variant, azubi trainee, preview has the newsletter", async () => {
    const area = async (cstm: string) => (await api.get(`/getConfiguration?cstm=${cstm}`)).body.config.area;
    expect(await area("demo")).toMatchObject({ name: "generic", root: "login", onSite: false });
    expect((await area("demo")).routes).toEqual(expect.arrayContaining(["home", "registration", "report", "support", "page-not-found"]));
    expect(await area("demo-vor-ort")).toMatchObject({ name: "generic-on-site", onSite: true });
    expect((await area("azubi")).routes).toEqual(expect.arrayContaining(["home-on-site", "passwort-aendern"]));
    expect((await area("preview")).routes).toContain("newsletter");
  });

  it("initiativ excludes FAQ; demo excludes and extends nothing", async () => {
    const initiativ = (await api.get("/getConfiguration?cstm=initiativ")).body.config;
    expect(initiativ.exclude).toEqual(["FAQ"]);
    expect(initiativ.texts["de-DU"].faq).toBeUndefined();
    const demo = (await api.get("/getConfiguration?cstm=demo")).body.config;
    expect(demo.exclude).toEqual([]);
    expect(demo.extensions).toEqual([]);
    expect(demo.texts["de-DU"].faq.length).toBeGreaterThan(0);
  });
});

describe("demo users and their states", () => {
  it("anna: demo, only P100, nothing done, open → lands on home directly", async () => {
    const profiles = await profilesOf("anna");
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({
      prof_prof_id: "P100",
      name: "Ausbildung 2027",
      status: "N",
      isOpen: true,
      hasActiveComponents: true,
      discoverReportVisible: true,
      finishedComponents: 0,
      totalComponents: 8,
    });
  });

  it("ben: P100 with 1 of 3 modules of the first container, P200 completed, P300 locked, P400 expired", async () => {
    const token = await api.login("ben");
    const profiles = (await api.get("/profiles", { token })).body.profiles as Record<string, any>[];
    expect(profiles.map((profile) => profile.prof_prof_id)).toEqual(["P100", "P200", "P300", "P400"]);
    const [p100, p200, p300, p400] = profiles;
    expect(p100).toMatchObject({ status: "B", isOpen: true, hasActiveComponents: true });
    expect(p200).toMatchObject({ name: "Duales Studium", status: "A", hasActiveComponents: false, discoverReportVisible: true });
    expect(p300).toMatchObject({ name: "Vertrieb", status: "N", isOpen: false });
    expect(p400).toMatchObject({ name: "Werkstudium", status: "B", isOpen: false });
    expect(p400.openUntil < new Date().toISOString().slice(0, 10)).toBe(true);
    const containers = (await api.get("/dashboardHome/container/P100", { token })).body.containers;
    expect(containers[0].finishedComponents.map((module: any) => module.id)).toEqual([31]);
    expect(containers[0].activeComponents.map((module: any) => module.id)).toEqual([32, 33]);
  });

  it("carla: not activated → login answers 402", async () => {
    const reply = await api.post("/login", { cstm: "demo", userName: "carla", password: "Carla-Demo-2027" });
    expect(reply.status).toBe(402);
    expect(reply.body).toEqual({ status: "failed", error: "account_not_activated" });
  });

  it("dora: P100 with every module done except the Form", async () => {
    const token = await api.login("dora");
    const { body } = await api.get("/dashboardHome/P100", { token });
    expect(body.elements.map((module: any) => module.id)).toEqual([40]);
    expect(body.finishedElements.map((module: any) => module.id)).toEqual([31, 32, 33, 42, 43, 86, 87]);
  });

  it("emil: the login response says expired", async () => {
    const reply = await api.post("/login", { cstm: "demo", userName: "emil", password: "Emil-Demo-2027" });
    expect(reply.status).toBe(200);
    expect(reply.body.expired).toBe(true);
  });

  it("felix: registered, not activated, no password, activation hash act-felix-0001", async () => {
    expect((await api.post("/login", { cstm: "demo", userName: "felix", password: "Whatever-2027" })).status).toBe(401);
    const reply = await api.post("/getPasswordRequirementsByUserHash", { userHash: "act-felix-0001" });
    expect(reply.status).toBe(200);
    expect(reply.body.userName).toBe("felix");
    const outbox = (await api.get("/dev/outbox?to=felix")).body;
    expect(outbox[0]).toMatchObject({ kind: "activation", link: expect.stringContaining("/demo/activation/act-felix-0001/") });
  });

  it("greta: azubi, one open profile", async () => {
    const profiles = await profilesOf("greta", "azubi");
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ isOpen: true, hasActiveComponents: true });
  });

  it("rita: recruiter for demo and demo-vor-ort, not an applicant", async () => {
    for (const cstm of ["demo", "demo-vor-ort"]) {
      const reply = await api.post("/recruiter/login", { cstm, userName: "rita", password: "Rita-Recruiter-2027" });
      expect(reply.status).toBe(200);
    }
    expect((await api.post("/recruiter/login", { cstm: "azubi", userName: "rita", password: "Rita-Recruiter-2027" })).status).toBe(401);
    expect((await api.post("/login", { cstm: "demo", userName: "rita", password: "Rita-Recruiter-2027" })).status).toBe(401);
  });

  it("vera (added, decision 170): recruiter for demo-vor-ort only, not an applicant", async () => {
    const reply = await api.post("/recruiter/login", { cstm: "demo-vor-ort", userName: "vera", password: "Vera-Recruiter-2027" });
    expect(reply.status).toBe(200);
    for (const cstm of ["demo", "azubi"]) {
      expect((await api.post("/recruiter/login", { cstm, userName: "vera", password: "Vera-Recruiter-2027" })).status, cstm).toBe(401);
    }
    expect((await api.post("/login", { cstm: "demo-vor-ort", userName: "vera", password: "Vera-Recruiter-2027" })).status).toBe(401);
  });
});

describe("P100's containers, modules and durations", () => {
  it("four containers in order with their types, module ids, module types and durations", async () => {
    const token = await api.login("anna");
    const { body } = await api.get("/dashboardHome/container/P100", { token });
    const shape = body.containers.map((container: any) => ({
      name: container.display_name,
      type: container.type,
      modules: container.activeComponents.map((module: any) => [module.id, module.name, module.duration]),
    }));
    expect(shape).toEqual([
      {
        name: "Kognitive Fähigkeiten",
        type: "test",
        modules: [
          [31, "Scale", 600],
          [32, "Scale", 900],
          [33, "Scale", null],
        ],
      },
      {
        name: "Arbeitsstil",
        type: "fbo",
        modules: [
          [42, "Scale", 300],
          [43, "Scale", 300],
        ],
      },
      {
        name: "Übungsaufgaben",
        type: "training",
        modules: [
          [86, "Training", 180],
          [87, "Training", 180],
        ],
      },
      { name: "Persönliche Angaben", type: "test", modules: [[40, "Form", 300]] },
    ]);
    const training = body.containers[2].activeComponents;
    expect(training.every((module: any) => module.skippable)).toBe(true);
    expect(body.containers[3].activeComponents[0].form_identifier).toBe("personal-data");
  });

  it("the personal-data form has the fields of demo-data.md", async () => {
    const token = await api.login("anna");
    const { body } = await api.get("/formData/personal-data?raw=true&profileId=P100", { token });
    const fields = body.form.fields.map((field: any) => ({
      name: field.name,
      type: field.type,
      required: field.required,
      options: field.options?.length,
      maxLength: field.maxLength,
    }));
    expect(fields).toEqual([
      { name: "firstName", type: "text", required: true, options: undefined, maxLength: 100 },
      { name: "lastName", type: "text", required: true, options: undefined, maxLength: 100 },
      { name: "dateOfBirth", type: "date", required: false, options: undefined, maxLength: undefined },
      { name: "email", type: "email", required: true, options: undefined, maxLength: 254 },
      { name: "schoolQualification", type: "select", required: true, options: 4, maxLength: undefined },
      { name: "willingToRelocate", type: "radio", required: true, options: 2, maxLength: undefined },
      { name: "motivation", type: "textarea", required: false, options: undefined, maxLength: 2000 },
    ]);
    for (const field of body.form.fields) expect(Object.keys(field.label).sort()).toEqual(["de", "de-DU", "en_GB", "hu", "it"]);
  });

  it("P500 allows anonymous registration", async () => {
    const statement = (await api.get("/demo/dataProtStat/1/de-DU")).body;
    const reply = await api.post("/registerAnon", {
      cstm: "demo",
      profileId: "P500",
      language: "de-DU",
      dataProtectionStatementId: statement.dpsm_dpsm_id,
      dataProtectionStatementRevision: statement.revision,
    });
    expect(reply.status).toBe(201);
    expect(reply.body.userName).toContain("self_register_anon");
  });
});
