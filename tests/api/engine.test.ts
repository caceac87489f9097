import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_BASE_URL, startApi, type TestApi } from "./support/api";
import { completeEngineSession, freshLogin, openEngineSession, postEnginePage } from "./support/flows";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const freshAnna = () => freshLogin(api);

const pagePath = (sessionURL: string) => sessionURL.replace(/^\/api/, "");

describe("POST /getSessionUrl", () => {
  it("R-API-04 opens a session for a module and profile: a root-relative URL and the sessionData for initPicat", async () => {
    const token = await freshAnna();
    const reply = await api.post("/getSessionUrl", { profileId: "P100", componentId: 31, returnUrl: "/demo/assessment/31" }, { token });
    expect(reply.status).toBe(200);
    expect(reply.body.sessionURL).toMatch(/^\/api\/engine\/[A-Za-z0-9_-]{43}$/);
    expect(reply.body.sessionData).toEqual({ prcm_id: 1101, profileId: "P100", session: reply.body.sessionURL.split("/").at(-1) });
    expect(reply.body.completed).toBe(false);
  });

  it("accepts the app's absolute origin; refuses other origins, protocol-relative and script URLs (no open redirect)", async () => {
    const token = await freshAnna();
    const ask = (returnUrl: string) => api.post("/getSessionUrl", { profileId: "P100", componentId: 31, returnUrl }, { token });
    expect((await ask(`${APP_BASE_URL}/demo/assessment/31?step=2`)).status).toBe(200);
    for (const returnUrl of [
      "//evil.example/x",
      "https://evil.example/demo",
      "javascript:alert(1)",
      "/\\evil.example",
      "demo/relative",
      "http://app.test:3001/x",
    ]) {
      const reply = await ask(returnUrl);
      expect(reply.status, returnUrl).toBe(400);
      expect(reply.body.error).toBe("invalid_return_url");
    }
  });

  it("400 for a Form module, 404 for an unknown module or profile, 403 for a closed profile", async () => {
    const token = await freshAnna();
    const ask = (profileId: string, componentId: number, t = token) =>
      api.post("/getSessionUrl", { profileId, componentId, returnUrl: "/x" }, { token: t });
    expect((await ask("P100", 40)).body.error).toBe("not_an_engine_module");
    expect((await ask("P100", 99)).body.error).toBe("unknown_module");
    expect((await ask("P300", 42)).body.error).toBe("unknown_profile");
    expect((await ask("P300", 42, await api.login("ben"))).status).toBe(403);
  });
});

describe("engine pages", () => {
  it("plain HTML for an iframe: no script, frame-ancestors allows the app, no X-Frame-Options, no referrer", async () => {
    const token = await freshAnna();
    const { sessionURL } = await openEngineSession(api, token, "P100", 31);
    const page = await api.get(pagePath(sessionURL));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const csp = page.headers.get("content-security-policy")!;
    expect(csp).toContain(`frame-ancestors 'self' ${APP_BASE_URL}`);
    expect(csp).toContain("default-src 'none'");
    expect(page.headers.get("x-frame-options")).toBeNull();
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.text).not.toMatch(/<script/i);
    expect(page.text).toContain("Sprachverständnis");
    expect(page.text).toContain('method="post"');
    expect(page.text.match(/type="radio" name="item_1"/g)).toHaveLength(5);
    expect(page.text).toContain('name="item_2"');
    expect(page.text).not.toContain('name="item_3"');
  });

  it("stores answers page by page (303), shows a 400 page for a missing answer and keeps what was given", async () => {
    const token = await freshAnna();
    const { sessionURL } = await openEngineSession(api, token, "P100", 31);
    const missing = await postEnginePage(api, sessionURL, { page: "1", item_1: "4" });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('role="alert"');
    expect(missing.text).toMatch(/name="item_1" value="4" required checked/);
    const next = await postEnginePage(api, sessionURL, { page: "1", item_1: "4", item_2: "5" });
    expect(next.status).toBe(303);
    expect(next.headers.get("location")).toBe(`${sessionURL}?page=2`);
    const invalid = await postEnginePage(api, sessionURL, { page: "2", item_3: "9", item_4: "<b>" });
    expect(invalid.status).toBe(400);
    // Resuming opens the first page with an open statement.
    expect((await api.get(pagePath(sessionURL))).text).toContain('name="item_3"');
  });

  it("the finish page sends the whole window to the returnUrl with GET, keeping its query, plus the session id", async () => {
    const token = await freshAnna();
    const returnUrl = "/demo/assessment/31/done?profileId=P100";
    const reply = await api.post("/getSessionUrl", { profileId: "P100", componentId: 31, returnUrl }, { token });
    const { sessionURL } = reply.body;
    const pages: Record<string, string>[] = [
      { page: "1", item_1: "1", item_2: "2" },
      { page: "2", item_3: "3", item_4: "4" },
      { page: "3", item_5: "5" },
    ];
    for (const fields of pages) {
      expect((await postEnginePage(api, sessionURL, fields)).status).toBe(303);
    }
    const finish = await api.get(pagePath(sessionURL));
    expect(finish.text).toMatch(/<form method="get" action="\/demo\/assessment\/31\/done" target="_top">/);
    expect(finish.text).toContain('<input type="hidden" name="profileId" value="P100">');
    expect(finish.text).toMatch(/<input type="hidden" name="session" value="es_[0-9a-f]{24}">/);
    // A completed session ignores further answers.
    expect((await postEnginePage(api, sessionURL, { page: "1", item_1: "5", item_2: "5" })).status).toBe(303);
    const again = await api.post("/getSessionUrl", { profileId: "P100", componentId: 31, returnUrl }, { token });
    expect(again.body.completed).toBe(true);
  });

  it("score = sum of the answers, normValue = stanine against mean 15 / sd 4", async () => {
    const token = await freshAnna();
    await completeEngineSession(api, token, "P100", 31, [5, 5, 5, 5, 5]);
    await completeEngineSession(api, token, "P100", 32, [1, 1, 1, 1, 1]);
    await completeEngineSession(api, token, "P100", 33, [3, 3, 3, 3, 3]);
    await completeEngineSession(api, token, "P100", 42, [4, 4, 3, 5, 4]);
    const bindings = await api.post("/getReportBindingsWithScalesAndUserComponentStatus", { profileId: "P100" }, { token });
    const scales = bindings.body.relevantReportDefinitionBindings[0].scales;
    const result = (id: number) => scales.find((scale: any) => scale.comp_comp_id === id);
    expect(result(31)).toMatchObject({ score: 25, normValue: 9 });
    expect(result(32)).toMatchObject({ score: 5, normValue: 1 });
    expect(result(33)).toMatchObject({ score: 15, normValue: 5 });
    expect(result(42)).toMatchObject({ score: 20, normValue: 8 });
    expect(result(43)).toMatchObject({ score: null, normValue: null });
  });

  it("a new session URL replaces the old one; an unknown key gets a 404 page", async () => {
    const token = await freshAnna();
    const first = await openEngineSession(api, token, "P100", 33);
    await postEnginePage(api, first.sessionURL, { page: "1", item_1: "2", item_2: "2" });
    const second = await openEngineSession(api, token, "P100", 33);
    expect((await api.get(pagePath(first.sessionURL))).status).toBe(404);
    // Answers survive the new key: the applicant continues on page 2.
    expect((await api.get(pagePath(second.sessionURL))).text).toContain('name="item_3"');
    const unknown = await api.get("/engine/not-a-session-key-at-all");
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain("<h1>");
  });

  it("the page is in the session's language", async () => {
    const token = await freshAnna();
    const reply = await api.post("/getSessionUrl", { profileId: "P100", componentId: 43, returnUrl: "/x", language: "hu" }, { token });
    const page = await api.get(pagePath(reply.body.sessionURL));
    expect(page.text).toContain('<html lang="hu">');
    expect(page.text).toContain("Együttműködés");
  });
});

describe("POST /initPicat", () => {
  it("token-free JSON view of the session, keyed by the session in sessionData", async () => {
    const token = await freshAnna();
    const { sessionData } = await openEngineSession(api, token, "P100", 32);
    const reply = await api.post("/initPicat", { sessionData });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ componentId: 32, completed: false, answeredItems: 0, totalItems: 5, language: "de-DU" });
    expect(reply.body.startedAt).toMatch(/^\d{4}-/);
  });

  it("401 for an unknown session, 404 when prcm_id or profileId do not match, 400 without sessionData", async () => {
    const token = await freshAnna();
    const { sessionData } = await openEngineSession(api, token, "P100", 32);
    expect((await api.post("/initPicat", { sessionData: { ...sessionData, session: "x".repeat(43) } })).status).toBe(401);
    expect((await api.post("/initPicat", { sessionData: { ...sessionData, prcm_id: 1101 } })).body.error).toBe("session_mismatch");
    expect((await api.post("/initPicat", { sessionData: { ...sessionData, profileId: "P200" } })).status).toBe(404);
    expect((await api.post("/initPicat", {})).status).toBe(400);
  });
});
