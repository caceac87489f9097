import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { PDFFont, RGB } from "pdf-lib";
import type { Language } from "../languages";
import { REPORT_LABELS, formatReportDate } from "./texts";
import { toCharacterSet } from "./character-set";

/** The PDF report of createReport (pdf-lib, no browser): one A4 page in the applicant's language. */
export interface ReportScale {
  name: string;
  score: number;
  maxScore: number;
  normValue: number;
}

export interface ReportContent {
  language: Language;
  customerName: string;
  applicant: string;
  profileName: string;
  scales: ReportScale[];
  date: Date;
}

/**
 * DejaVu Sans (an open font from the dejavu-fonts-ttf package) covers Latin-1 and Latin Extended-A,
 * so every letter of the five languages, Hungarian ő and ű included, is drawn as written. Only the
 * glyphs a report uses are embedded (subset), which keeps the PDF small. Read once per process.
 */
const require = createRequire(import.meta.url);
let fontFiles: { regular: Uint8Array; bold: Uint8Array } | undefined;
function reportFonts() {
  fontFiles ??= {
    regular: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    bold: readFileSync(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf")),
  };
  return fontFiles;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/**
 * pdf-lib and fontkit are loaded with the first report, not at start: they were about a quarter of
 * the process's start-up (module loading), which every station boot and every test server paid for a
 * PDF most processes never render (docs/decisions/167).
 */
let pdfLibrary:
  Promise<{ PDFDocument: typeof import("pdf-lib").PDFDocument; rgb: typeof import("pdf-lib").rgb; fontkit: unknown }> | undefined;
function loadPdfLibrary() {
  pdfLibrary ??= Promise.all([import("pdf-lib"), import("@pdf-lib/fontkit")]).then(([lib, fontkit]) => ({
    PDFDocument: lib.PDFDocument,
    rgb: lib.rgb,
    fontkit: (fontkit as { default?: unknown }).default ?? fontkit,
  }));
  return pdfLibrary;
}

export async function renderReportPdf(content: ReportContent): Promise<Uint8Array> {
  const { PDFDocument, rgb, fontkit } = await loadPdfLibrary();
  const INK = rgb(0.1, 0.1, 0.12);
  const MUTED = rgb(0.35, 0.35, 0.4);
  const labels = REPORT_LABELS[content.language];
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit as Parameters<typeof pdf.registerFontkit>[0]);
  const fonts = reportFonts();
  const regular = await pdf.embedFont(fonts.regular, { subset: true });
  const bold = await pdf.embedFont(fonts.bold, { subset: true });
  const supported = new Set(regular.getCharacterSet());
  const text = (value: string) => toCharacterSet(value, supported);

  pdf.setTitle(text(`${labels.title} – ${content.profileName}`));
  pdf.setAuthor(text(content.customerName));
  pdf.setLanguage(content.language.replace("_", "-"));
  pdf.setCreationDate(content.date);
  pdf.setProducer("assessment-platform embedded API");

  const page = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const write = (value: string, options: { x?: number; size?: number; font?: PDFFont; color?: RGB } = {}) =>
    page.drawText(text(value), {
      x: options.x ?? MARGIN,
      y,
      size: options.size ?? 11,
      font: options.font ?? regular,
      color: options.color ?? INK,
    });

  write(labels.title, { size: 22, font: bold });
  y -= 40;
  for (const [label, value] of [
    [labels.customer, content.customerName],
    [labels.applicant, content.applicant],
    [labels.profile, content.profileName],
    [labels.date, formatReportDate(content.date, content.language)],
  ]) {
    write(label, { font: bold });
    write(value, { x: MARGIN + 140 });
    y -= 18;
  }

  y -= 24;
  const columns = [MARGIN, MARGIN + 250, MARGIN + 350];
  write(labels.scale, { x: columns[0], font: bold });
  write(labels.score, { x: columns[1], font: bold });
  write(labels.normValue, { x: columns[2], font: bold });
  y -= 8;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.75, color: MUTED });
  y -= 18;
  for (const scale of content.scales) {
    write(scale.name, { x: columns[0] });
    write(`${scale.score} / ${scale.maxScore}`, { x: columns[1] });
    write(String(scale.normValue), { x: columns[2] });
    y -= 20;
  }

  y -= 24;
  write(labels.explanation, { size: 9, color: MUTED });
  return pdf.save();
}
