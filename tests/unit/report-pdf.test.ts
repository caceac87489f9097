import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../api/languages";
import { renderReportPdf } from "../../api/report/pdf";
import { REPORT_LABELS } from "../../api/report/texts";
import { pdfText } from "../api/support/pdf-text";

const scales = [{ name: "Együttműködés – Zusammenarbeit", score: 22, maxScore: 25, normValue: 9 }];

describe("R-REP-01 the report's font writes every language (decision 118)", () => {
  it("a Hungarian applicant's name and the Hungarian labels come out exactly as written", async () => {
    const bytes = await renderReportPdf({
      language: "hu",
      customerName: "Őrség Kft.",
      applicant: "Győző Űrhajós",
      profileName: "Gyakornok 2027",
      scales,
      date: new Date("2027-03-04T10:00:00Z"),
    });
    const { lines, title } = await pdfText(bytes);
    expect(lines).toEqual(expect.arrayContaining(["Őrség Kft.", "Győző Űrhajós", "Együttműködés – Zusammenarbeit", "22 / 25", "9"]));
    expect(title).toBe(`${REPORT_LABELS.hu.title} – Gyakornok 2027`);
    expect(lines.join("\n")).not.toContain("?");
  });

  it.each(LANGUAGES)("%s: every label is printed unchanged", async (language) => {
    const bytes = await renderReportPdf({
      language,
      customerName: "Demo AG",
      applicant: "Zoë Ñúñez-Łukasz",
      profileName: "P",
      scales,
      date: new Date(),
    });
    const { lines } = await pdfText(bytes);
    const labels = REPORT_LABELS[language];
    for (const label of [labels.title, labels.customer, labels.applicant, labels.scale, labels.normValue]) expect(lines).toContain(label);
    expect(lines).toContain("Zoë Ñúñez-Łukasz");
  });

  it("characters the font lacks lose only their accent or become ?, the PDF never fails", async () => {
    const bytes = await renderReportPdf({
      language: "de-DU",
      customerName: "Demo AG",
      applicant: "Anna 漢字",
      profileName: "P",
      scales,
      date: new Date(),
    });
    const { lines } = await pdfText(bytes);
    expect(lines).toContain("Anna ??");
  });
});
