import { PDFDocument, PDFRawStream, decodePDFRawStream } from "pdf-lib";

/**
 * The text a PDF draws, read back from its (flate-compressed) content streams: every hex string
 * shown with Tj, decoded from WinAnsi. Enough to assert what the report prints.
 */
const WIN_ANSI_HIGH: Record<number, string> = { 0x80: "€", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x96: "–", 0x97: "—" };

function decodeWinAnsi(hex: string): string {
  let text = "";
  for (let index = 0; index < hex.length; index += 2) {
    const code = parseInt(hex.slice(index, index + 2), 16);
    text += WIN_ANSI_HIGH[code] ?? String.fromCharCode(code);
  }
  return text;
}

export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; lines: string[]; title: string | undefined }> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    const content = Buffer.from(decodePDFRawStream(object).decode()).toString("latin1");
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) lines.push(decodeWinAnsi(match[1]));
  }
  return { pages: pdf.getPageCount(), lines, title: pdf.getTitle() };
}
