/**
 * The GDPR Art. 15 file (docs/decisions/182) as a download: the upstream's JSON, led by a note in the reader's
 * language that says what the file holds, indented so that a person can read it in any text editor.
 */
export function dataFileResponse(data: Record<string, unknown>, about: string, fileName: string): Response {
  const body = JSON.stringify({ about, ...data }, null, 2) + "\n";
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
