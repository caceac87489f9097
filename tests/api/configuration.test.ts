import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "./support/api";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

describe("GET /getConfiguration", () => {
  it("R-RTE-06 answers status and config with language, extensions, exclude, texts, videos and the rest", async () => {
    const reply = await api.get("/getConfiguration?cstm=demo");
    expect(reply.status).toBe(200);
    expect(reply.headers.get("cache-control")).toBe("no-store");
    const { config } = reply.body;
    expect(config).toMatchObject({ cstm: "demo", name: "Demo AG", extensions: [], exclude: [], componentNameMap: {} });
    expect(config.style.appearance.logo).toBe("/api/media/logo-demo.svg");
    expect(config.texts["en_GB"].support).toContain("support@example.com");
    expect(config.videos[0]).toMatchObject({ id: "welcome", src: "/api/media/welcome.webm", poster: "/api/media/welcome-poster.svg" });
    expect(Object.keys(config.videos[0].title)).toEqual(["de", "de-DU", "en_GB", "hu", "it"]);
    expect(config.contact.legalNoticeUrl).toMatch(/^https:\/\//);
    const preview = (await api.get("/getConfiguration?cstm=preview")).body.config;
    expect(preview.texts["de-DU"].newsletter).toMatch(/Newsletter/);
    expect(preview.videos).toEqual([]);
  });

  it("400 without cstm or with a malformed one, 404 for an unknown customer", async () => {
    expect((await api.get("/getConfiguration")).body).toEqual({ status: "failed", error: "invalid_query", data: { cstm: "required" } });
    expect((await api.get("/getConfiguration?cstm=a/b")).status).toBe(400);
    expect((await api.get("/getConfiguration?cstm=x&cstm=y")).status).toBe(400);
    expect((await api.get("/getConfiguration?cstm=unknown")).body).toEqual({ status: "failed", error: "unknown_customer" });
  });
});

describe("GET /{cstm}/dataProtStat/1/{language}", () => {
  it("R-ENT-03 returns statement, dpsm_dpsm_id, dplm_id and revision in the language", async () => {
    const reply = await api.get("/demo/dataProtStat/1/en_GB");
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ dpsm_dpsm_id: 1, dplm_id: 103, revision: 3, language: "en_GB" });
    expect(reply.body.statement).toMatch(/^Privacy statement of Demo AG/);
    expect((await api.get("/demo/dataProtStat/1/de-DU")).body.statement).toMatch(/deine/);
  });

  it("404 for an unknown customer, another version or a language the customer does not offer; 400 for no language", async () => {
    expect((await api.get("/nope/dataProtStat/1/de")).body.error).toBe("unknown_customer");
    expect((await api.get("/demo/dataProtStat/2/de")).body.error).toBe("not_found");
    expect((await api.get("/azubi/dataProtStat/1/hu")).body.error).toBe("unknown_language");
    expect((await api.get("/demo/dataProtStat/1/xx")).status).toBe(400);
  });
});

describe("POST /acceptDataProtection", () => {
  it("R-DP-01 the statement and the contacting agreement are accepted separately", async () => {
    const token = await api.login("anna");
    const before = (await api.get("/userData", { token })).body.dataProtection;
    expect(before).toEqual({ dpsm_dpsm_id: 1, revision: 3, accepted: false, contactingAccepted: false });
    const statement = await api.post("/acceptDataProtection", { dpsm_dpsm_id: 1, revision: 3 }, { token });
    expect(statement.status).toBe(200);
    expect(statement.body.dataProtection).toMatchObject({ accepted: true, contactingAccepted: false });
    const contacting = await api.post("/acceptDataProtection", { contactingAccepted: true }, { token });
    expect(contacting.body.dataProtection).toMatchObject({ accepted: true, contactingAccepted: true });
    expect((await api.get("/userData", { token })).body.dataProtection).toMatchObject({ accepted: true, contactingAccepted: true });
  });

  it("409 for an outdated revision, 400 for nothing to accept or a half statement, 401 without token", async () => {
    const token = await api.login("ben");
    expect((await api.post("/acceptDataProtection", { dpsm_dpsm_id: 1, revision: 2 }, { token })).body.error).toBe(
      "data_protection_outdated",
    );
    expect((await api.post("/acceptDataProtection", {}, { token })).status).toBe(400);
    expect((await api.post("/acceptDataProtection", { revision: 3 }, { token })).status).toBe(400);
    expect((await api.post("/acceptDataProtection", { contactingAccepted: true })).status).toBe(401);
  });
});

describe("POST /custom/{cstm}/newsletter", () => {
  it("subscribes once (201), then answers 200", async () => {
    const first = await api.post("/custom/preview/newsletter", { email: "fan@example.com", consent: true });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ status: "success", subscribed: true });
    expect((await api.post("/custom/preview/newsletter", { email: "FAN@example.com", consent: true })).status).toBe(200);
  });

  it("400 without consent or address, 404 for a customer without newsletter", async () => {
    expect((await api.post("/custom/preview/newsletter", { email: "fan@example.com", consent: false })).body.error).toBe(
      "consent_required",
    );
    expect((await api.post("/custom/preview/newsletter", { consent: true })).status).toBe(400);
    expect((await api.post("/custom/demo/newsletter", { email: "fan@example.com", consent: true })).status).toBe(404);
  });
});

describe("GET /media/{file}", () => {
  it("serves the engine stylesheet, module images and logos; 404 otherwise", async () => {
    const css = await api.get("/media/engine.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toMatch(/^text\/css/);
    for (const file of ["module-scale.svg", "module-form.svg", "module-training.svg", "logo-demo.svg", "welcome-poster.svg"]) {
      const reply = await api.get(`/media/${file}`);
      expect(reply.status, file).toBe(200);
      expect(reply.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    }
    const video = await api.get("/media/welcome.webm");
    expect(video.headers.get("content-type")).toBe("video/webm");
    expect(Number(video.headers.get("content-length"))).toBeGreaterThan(1000);
    expect((await api.get("/media/..%2F..%2Fpackage.json")).status).toBe(404);
    expect((await api.get("/media/nothing.png")).status).toBe(404);
  });

  it("an unknown path under /api answers 404 JSON", async () => {
    expect((await api.get("/does-not-exist")).body).toEqual({ status: "failed", error: "not_found" });
  });
});
