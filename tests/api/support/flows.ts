import { expect } from "vitest";
import type { TestApi } from "./api";
import { DORA_PERSONAL_DATA } from "../../support/demo-answers";

/** Steps several contract tests share: answering an engine session, saving the personal-data form. */
export async function openEngineSession(
  api: TestApi,
  token: string,
  profileId: string,
  componentId: number,
  returnUrl = "/demo/assessment/done",
) {
  const reply = await api.post("/getSessionUrl", { profileId, componentId, returnUrl }, { token });
  expect(reply.status).toBe(200);
  return reply.body as { sessionURL: string; sessionData: { prcm_id: number; profileId: string; session: string }; completed: boolean };
}

/** POSTs one engine page as a browser form would. */
export function postEnginePage(api: TestApi, sessionURL: string, fields: Record<string, string>) {
  return api.call("POST", sessionURL.replace(/^\/api/, ""), {
    rawBody: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
}

export async function completeEngineSession(
  api: TestApi,
  token: string,
  profileId: string,
  componentId: number,
  answers = [4, 4, 3, 5, 4],
) {
  const { sessionURL } = await openEngineSession(api, token, profileId, componentId);
  const pages = [[1, 2], [3, 4], [5]];
  for (const [index, items] of pages.entries()) {
    const fields: Record<string, string> = { page: String(index + 1) };
    for (const item of items) fields[`item_${item}`] = String(answers[item - 1]);
    const reply = await postEnginePage(api, sessionURL, fields);
    expect(reply.status).toBe(303);
  }
  return sessionURL;
}

export const VALID_PERSONAL_DATA = { ...DORA_PERSONAL_DATA, motivation: "Ich mag Technik." };

export async function savePersonalData(
  api: TestApi,
  token: string,
  profileId: string,
  values: Record<string, unknown> = VALID_PERSONAL_DATA,
) {
  const raw = await api.get(`/formData/personal-data?raw=true&profileId=${profileId}`, { token });
  expect(raw.status).toBe(200);
  return api.post("/formData/personal-data", { submissionToken: raw.body.submissionToken, values });
}

export async function currentStatement(api: TestApi, cstm = "demo", language = "de-DU") {
  const reply = await api.get(`/${cstm}/dataProtStat/1/${language}`);
  return { dataProtectionStatementId: reply.body.dpsm_dpsm_id as number, dataProtectionStatementRevision: reply.body.revision as number };
}

/** Logs in a fresh clone of a demo user, so a test can change state without touching the others. */
export async function freshLogin(api: TestApi, template = "anna") {
  const clone = await api.clone(template);
  return api.login(clone.userName);
}
