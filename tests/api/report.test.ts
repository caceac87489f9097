import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi, type TestApi } from "./support/api";
import { savePersonalData } from "./support/flows";
import { pdfText } from "./support/pdf-text";

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

async function doraWithEverythingDone() {
  const dora = await api.clone("dora");
  const token = await api.login(dora.userName);
  expect((await savePersonalData(api, token, "P100")).status).toBe(201);
  expect((await api.post("/finishComponent", { profileId: "P100", componentId: 40 }, { token })).status).toBe(200);
  return token;
}

async function report(token: string, body: Record<string, unknown>) {
  const response = await fetch(`${api.baseUrl}/api/createReport`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

describe("POST /getReportBindingsWithScalesAndUserComponentStatus", () => {
  it("R-ENT-07 relevantReportDefinitionBindings with scales and the user's component status", async () => {
    const token = await api.login("dora");
    const reply = await api.post("/getReportBindingsWithScalesAndUserComponentStatus", { profileId: "P100", language: "en_GB" }, { token });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ allComponentsFinished: false, finishedComponents: 7, totalComponents: 8 });
    const [binding] = reply.body.relevantReportDefinitionBindings;
    expect(binding.name).toBe("Result report");
    expect(binding.scales.map((scale: any) => [scale.comp_comp_id, scale.name, scale.score, scale.normValue])).toEqual([
      [31, "Verbal reasoning", 20, 8],
      [32, "Numerical reasoning", 17, 6],
      [33, "Logical reasoning", 21, 8],
      [42, "Conscientiousness", 15, 5],
      [43, "Teamwork", 22, 9],
    ]);
    expect(binding.userComponentStatus.find((status: any) => status.comp_comp_id === 40)).toEqual({
      comp_comp_id: 40,
      finished: false,
      finishedAt: null,
    });
  });

  it("an empty list for a profile without report; 404 for an unknown profile", async () => {
    const token = await api.login("ben");
    expect(
      (await api.post("/getReportBindingsWithScalesAndUserComponentStatus", { profileId: "P300" }, { token })).body
        .relevantReportDefinitionBindings,
    ).toEqual([]);
    expect((await api.post("/getReportBindingsWithScalesAndUserComponentStatus", { profileId: "P500" }, { token })).status).toBe(404);
  });
});

describe("POST /createReport", () => {
  it("R-VAL-12 409 unless every module of the profile is finished (enforced on the server)", async () => {
    const token = await api.login("dora");
    const { response, bytes } = await report(token, { profileId: "P100" });
    expect(response.status).toBe(409);
    expect(JSON.parse(Buffer.from(bytes).toString())).toEqual({
      status: "failed",
      error: "modules_not_finished",
      data: { finishedComponents: 7, totalComponents: 8 },
    });
  });

  it("R-REP-01 a real PDF named report.pdf with customer, applicant, profile, every scale with score and norm value, and the date", async () => {
    const token = await doraWithEverythingDone();
    const { response, bytes } = await report(token, { profileId: "P100" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="report.pdf"');
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const { pages, lines, title } = await pdfText(bytes);
    expect(pages).toBe(1);
    expect(title).toBe("Ergebnisbericht – Ausbildung 2027");
    expect(lines).toEqual(expect.arrayContaining(["Ergebnisbericht", "Demo AG", "Dora Fischer", "Ausbildung 2027", "Normwert (Stanine)"]));
    for (const scale of ["Sprachverständnis", "Zahlenverständnis", "Logisches Denken", "Sorgfalt", "Zusammenarbeit"])
      expect(lines).toContain(scale);
    const row = (name: string) => lines.slice(lines.indexOf(name), lines.indexOf(name) + 3);
    expect(row("Sprachverständnis")).toEqual(["Sprachverständnis", "20 / 25", "8"]);
    expect(row("Zusammenarbeit")).toEqual(["Zusammenarbeit", "22 / 25", "9"]);
    const year = String(new Date().getFullYear());
    expect(lines.some((line) => line.includes(year))).toBe(true);
  });

  it("R-REP-01 in the user's language, every letter as written (Hungarian ő and ű included; decision 118)", async () => {
    const token = await doraWithEverythingDone();
    const english = await pdfText((await report(token, { profileId: "P100", language: "en_GB" })).bytes);
    expect(english.lines).toEqual(expect.arrayContaining(["Result report", "Verbal reasoning", "Teamwork", "Norm value (stanine)"]));
    const { response, bytes } = await report(token, { profileId: "P100", language: "hu" });
    expect(response.status).toBe(200);
    const hungarian = await pdfText(bytes);
    expect(hungarian.lines).toEqual(expect.arrayContaining(["Eredményjelentés", "Szövegértés", "Együttműködés", "Logikus gondolkodás"]));
  });

  it("409 no_report for a profile without binding, 404 for an unknown profile, 400 for bad input, 401 without token", async () => {
    const token = await api.login("ben");
    expect((await api.post("/createReport", { profileId: "P300" }, { token })).body.error).toBe("no_report");
    expect((await api.post("/createReport", { profileId: "P999" }, { token })).status).toBe(404);
    expect((await api.post("/createReport", { profileId: 100 }, { token })).status).toBe(400);
    expect((await api.post("/createReport", { profileId: "P200" })).status).toBe(401);
    const p200 = await report(token, { profileId: "P200" });
    expect(p200.response.status).toBe(200);
    expect((await pdfText(p200.bytes)).lines).toEqual(expect.arrayContaining(["Ben Schulz", "Duales Studium"]));
  });
});
