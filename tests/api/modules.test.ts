import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "./support/api";
import { completeEngineSession, freshLogin, savePersonalData } from "./support/flows";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const freshAnna = () => freshLogin(api);

describe("POST /finishComponent", () => {
  it("R-FIN-01 a Scale module is refused (409) until its engine session is completed, then finished", async () => {
    const token = await freshAnna();
    const refused = await api.post("/finishComponent", { profileId: "P100", componentId: 31 }, { token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ status: "failed", error: "session_not_completed", data: { componentId: 31 } });
    await completeEngineSession(api, token, "P100", 31);
    const reply = await api.post("/finishComponent", { profileId: "P100", componentId: 31 }, { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      status: "success",
      profileId: "P100",
      finished: [31],
      alreadyFinished: [],
      profileStatus: "B",
      profileCompleted: false,
    });
    const profile = (await api.get("/profiles", { token })).body.profiles[0];
    expect(profile).toMatchObject({ status: "B", finishedComponents: 1 });
  });

  it("finishing twice is idempotent and never double-counts", async () => {
    const token = await freshAnna();
    await completeEngineSession(api, token, "P100", 32);
    await api.post("/finishComponent", { profileId: "P100", componentId: 32 }, { token });
    const again = await api.post("/finishComponent", { profileId: "P100", componentId: 32 }, { token });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ finished: [], alreadyFinished: [32] });
    expect((await api.get("/profiles", { token })).body.profiles[0].finishedComponents).toBe(1);
  });

  it("training modules (86/87) may be skipped without a session", async () => {
    const token = await freshAnna();
    const reply = await api.post("/finishComponent", { profileId: "P100", componentId: 86 }, { token });
    expect(reply.status).toBe(200);
    const training = (await api.get("/dashboardHome/container/P100", { token })).body.containers[2];
    expect(training.finishedComponents[0]).toMatchObject({ id: 86, skipped: true });
  });

  it("a Form module needs saved form data (409 form_not_saved before)", async () => {
    const token = await freshAnna();
    expect((await api.post("/finishComponent", { profileId: "P100", componentId: 40 }, { token })).body.error).toBe("form_not_saved");
    expect((await savePersonalData(api, token, "P100")).status).toBe(201);
    expect((await api.post("/finishComponent", { profileId: "P100", componentId: 40 }, { token })).status).toBe(200);
  });

  it("finishing the last module completes the profile (status A)", async () => {
    const dora = await api.clone("dora");
    const token = await api.login(dora.userName);
    await savePersonalData(api, token, "P100");
    const reply = await api.post("/finishComponent", { profileId: "P100", componentId: 40 }, { token });
    expect(reply.body).toMatchObject({ profileStatus: "A", profileCompleted: true });
    expect((await api.get("/profiles", { token })).body.profiles[0]).toMatchObject({ status: "A", hasActiveComponents: false });
  });

  it("404 for an unknown module or profile, 403 for a closed profile, 400 for bad input, 401 without token", async () => {
    const token = await freshAnna();
    expect((await api.post("/finishComponent", { profileId: "P100", componentId: 99 }, { token })).body.error).toBe("unknown_module");
    expect((await api.post("/finishComponent", { profileId: "P200", componentId: 31 }, { token })).body.error).toBe("unknown_profile");
    const ben = await api.login("ben");
    const closed = await api.post("/finishComponent", { profileId: "P400", componentId: 33 }, { token: ben });
    expect(closed.status).toBe(403);
    expect(closed.body.error).toBe("profile_closed");
    // Finishing what is already finished stays a no-op, even on a closed profile (ben did 31 in P400).
    const again = await api.post("/finishComponent", { profileId: "P400", componentId: 31 }, { token: ben });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ finished: [], alreadyFinished: [31] });
    expect((await api.post("/finishComponent", { profileId: "P100", componentId: "31" }, { token })).status).toBe(400);
    expect((await api.post("/finishComponent", { profileId: "P100", componentId: 31 })).status).toBe(401);
  });
});

describe("POST /finishFBOComponents", () => {
  it("R-FIN-01 all or nothing: one unfinished session refuses the group and changes nothing", async () => {
    const token = await freshAnna();
    await completeEngineSession(api, token, "P100", 42);
    const refused = await api.post("/finishFBOComponents", { profileId: "P100", moduleIds: [42, 43] }, { token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ status: "failed", error: "session_not_completed", data: { componentId: 43 } });
    const fbo = (await api.get("/dashboardHome/container/P100", { token })).body.containers[1];
    expect(fbo.finishedComponents).toEqual([]);

    await completeEngineSession(api, token, "P100", 43);
    const reply = await api.post("/finishFBOComponents", { profileId: "P100", moduleIds: [42, 43] }, { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ finished: [42, 43], alreadyFinished: [] });
    const again = await api.post("/finishFBOComponents", { profileId: "P100", moduleIds: [43, 42] }, { token });
    expect(again.body).toMatchObject({ finished: [], alreadyFinished: [43, 42] });
    const container = (await api.get("/dashboardHome/container/P100", { token })).body.containers[1];
    expect(container.activeComponents).toEqual([]);
    expect(container.finishedAt).not.toBeNull();
  });

  it("400 for duplicates, an empty list or too many ids; 404 for an id outside the profile", async () => {
    const token = await freshAnna();
    expect((await api.post("/finishFBOComponents", { profileId: "P100", moduleIds: [42, 42] }, { token })).status).toBe(400);
    expect((await api.post("/finishFBOComponents", { profileId: "P100", moduleIds: [] }, { token })).status).toBe(400);
    const many = Array.from({ length: 51 }, (_, index) => index + 1);
    expect((await api.post("/finishFBOComponents", { profileId: "P100", moduleIds: many }, { token })).status).toBe(400);
    expect((await api.post("/finishFBOComponents", { profileId: "P100", moduleIds: [42, 77] }, { token })).status).toBe(404);
  });
});
