import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * The text a PDF draws, extracted by PDF.js (Mozilla's reader, the same text a reader copies out):
 * one entry per drawn string, in drawing order, plus the page count and the document title.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ pages: number; lines: string[]; title: string | undefined }> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  try {
    const lines: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      for (const item of content.items) if ("str" in item && item.str.trim() !== "") lines.push(item.str);
    }
    const info = (await document.getMetadata()).info as { Title?: string } | undefined;
    return { pages: document.numPages, lines, title: info?.Title };
  } finally {
    await document.destroy();
  }
}
