import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { signedInRita } from "../support/recruiter";
import { outbox } from "../support/demo";
import { startServer, type RunningServer } from "../support/server";

/**
 * R-SCR-14, the bulk import (docs/decisions/153) over HTTP, like a browser without JavaScript: upload (multipart), preview
 * with each row's errors, confirmation, report; bad files, another session, an oversized upload.
 */
let server: RunningServer;
const client = () => new BrowserClient(server.baseUrl);

beforeAll(async () => {
  server = await startServer({}, { timeoutMs: 90_000 });
});
afterAll(async () => {
  await server?.stop();
});

const rita = (language = "en_GB") => signedInRita(server.baseUrl, language);

const BOM = "\uFEFF";
const csvFile = (content: string | Uint8Array, name = "applicants.csv") => ({ field: "file", name, type: "text/csv", content });
const upload = (browser: BrowserClient, content: string | Uint8Array, options: { follow?: boolean } = {}) =>
  browser.upload("/demo/recruiter/import", csvFile(content), {
    ...options,
    headers: { Referer: `${server.baseUrl}/demo/recruiter/import` },
  });

/** A download's bytes as they came (fetch's text() would drop the byte-order mark). */
async function download(browser: BrowserClient, path: string) {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { Cookie: cookie } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { type: response.headers.get("content-type"), bytes, text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes) };
}

/** The rows of the preview table: line → the row's HTML. */
function previewRows(html: string): Map<number, string> {
  const rows = new Map<number, string>();
  for (const match of html.matchAll(/<tr[^>]*data-line="(\d+)"[^>]*>([\s\S]*?)<\/tr>/g)) rows.set(Number(match[1]), match[2]);
  return rows;
}

describe("R-SCR-14 bulk import from a CSV file (app, decision 153)", () => {
  it("guard: upload page, preview, template and the upload post lead to the recruiter login without a recruiter session", async () => {
    const browser = client();
    for (const path of [
      "/demo/recruiter/import",
      "/demo/recruiter/import/0123456789abcdef0123456789abcdef",
      "/demo/recruiter/import-template.csv",
    ]) {
      const page = await browser.get(path, { follow: false });
      expect(page.status, path).toBe(302);
      expect(page.location, path).toMatch(/^\/demo\/recruiter\/login/);
    }
    const post = await upload(browser, "email;firstName;lastName\nguard.csv@example.com;G;C\n", { follow: false });
    expect(post.location).toMatch(/^\/demo\/recruiter\/login/);
    expect(await outbox(server.baseUrl, "guard.csv@example.com")).toEqual([]);
  });

  it("the upload page documents every column and links the template; the template is UTF-8 CSV with BOM in the language's separator and imports as it is", async () => {
    const browser = await rita("de");
    const page = await browser.get("/demo/recruiter/import");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.text).toMatch(/enctype="multipart\/form-data"/i);
    for (const column of ["userName", "email", "firstName", "lastName", "language", "profileId", "owner", "openUntil", "onSite"]) {
      expect(page.text).toContain(`<code>${column}</code>`);
    }
    expect(page.text).toContain("Vorlage herunterladen");
    const template = await download(browser, "/demo/recruiter/import-template.csv");
    expect(template.type).toBe("text/csv; charset=utf-8");
    expect([...template.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(template.text, { delimiter: ";", bom: true });
    expect(rows[0]).toEqual(["userName", "email", "firstName", "lastName", "language", "profileId", "owner", "openUntil", "onSite"]);
    expect(rows[1]).toContain("Kovács");
    const english = await rita("en_GB");
    const englishTemplate = await download(english, "/demo/recruiter/import-template.csv");
    expect(englishTemplate.text.split("\r\n")[0]).toBe(`${BOM}userName,email,firstName,lastName,language,profileId,owner,openUntil,onSite`);
    // The template imports as it is: two valid rows.
    const preview = await upload(english, englishTemplate.bytes);
    expect(preview.text).toContain("2 rows: 2 can be imported, 0 have problems");
  });

  it("3 valid rows and 1 bad (`;`, BOM, umlauts): the preview names the bad row and its problems; confirming creates the 3 in the list, with activation mails; the report names them", async () => {
    const browser = await rita();
    const csv =
      BOM +
      "email;firstName;lastName;language;profileId;openUntil\r\n" +
      "jörg.import@example.com;Jörg;Übel;de;P100;2031-06-30\r\n" +
      "zsofia.import@example.com;Zsófia;Kiss;hu;P100;\r\n" +
      "not-an-address;;Broken;xx;P100;\r\n" +
      "luca.import@example.com;Luca;Bianchi;it;;\r\n";
    const preview = await upload(browser, csv);
    expect(preview.status).toBe(200);
    expect(new URL(preview.url).pathname).toMatch(/^\/demo\/recruiter\/import\/[0-9a-f]{32}$/);
    expect(preview.text).toContain("4 rows: 3 can be imported, 1 have problems");
    const rows = previewRows(preview.text);
    expect([...rows.keys()]).toEqual([2, 3, 4, 5]);
    expect(rows.get(4)).toContain("Line 4");
    expect(rows.get(4)).toContain("E-mail address: not valid");
    expect(rows.get(4)).toContain("First name: missing");
    expect(rows.get(4)).toContain("Language: not one of the allowed values");
    expect(rows.get(2)).toContain("Jörg");
    expect(rows.get(2)).toContain(">OK<");
    expect(preview.text).toContain("Import 3 applicants");
    // Nothing exists before the confirmation.
    expect(await outbox(server.baseUrl, "jörg.import@example.com")).toEqual([]);

    const report = await browser.post(new URL(preview.url).pathname, { intent: "confirm" });
    expect(report.status).toBe(200);
    expect(report.text).toContain("Import finished");
    expect(report.text).toContain("3 applicants were created; 1 rows were skipped.");
    for (const userName of ["jörg.import@example.com", "zsofia.import@example.com", "luca.import@example.com"]) {
      expect(report.text).toContain(`href="/demo/recruiter/applicants/${encodeURIComponent(userName)}"`);
    }
    const list = await browser.get("/demo/recruiter/applicants?q=import%40example.com");
    for (const name of ["Jörg", "Zsófia", "Luca"]) expect(list.text).toContain(name);
    const [mail] = await outbox(server.baseUrl, "zsofia.import@example.com");
    expect(mail).toMatchObject({ kind: "activation", subject: "Kérjük, aktiválja fiókját" });
    // Confirming again (a reload, a second tab) shows the report and creates nothing twice.
    const again = await browser.post(new URL(preview.url).pathname, { intent: "confirm" });
    expect(again.text).toContain("Import finished");
    expect(await outbox(server.baseUrl, "zsofia.import@example.com")).toHaveLength(1);
  });

  it("`,` separator without BOM, quoted cells; a duplicate in the file and an existing address are named per row", async () => {
    const browser = await rita();
    const csv =
      'User Name,E-Mail,First_Name,Last Name,onSite\n"comma.one",comma.one@example.com,"Anne, Marie",Comma,yes\n,COMMA.ONE@example.com,Twice,Comma,\n,anna@example.com,Anna,Again,\n';
    const preview = await upload(browser, csv);
    expect(preview.text).toContain("3 rows: 1 can be imported, 2 have problems");
    const rows = previewRows(preview.text);
    expect(rows.get(2)).toContain("Anne, Marie");
    expect(rows.get(3)).toContain("appears earlier in the file");
    expect(rows.get(4)).toContain("an applicant with this e-mail address already exists");
  });

  it("bad files are refused with a translated message on the upload page, never a 500: not UTF-8, unknown or missing columns, broken quotes, no rows, no file", async () => {
    const browser = await rita();
    const latin1 = Uint8Array.from([...Buffer.from("email;firstName;lastName\nx@example.com;J"), 0xf6, ...Buffer.from("rg;M\n")]);
    const cases: [string | Uint8Array, string][] = [
      [latin1, "The file is not UTF-8 encoded."],
      ["email;firstName;lastName;password\nx@example.com;A;B;Secret-1\n", "Unknown columns: password."],
      ["email;lastName\nx@example.com;B\n", "Required columns are missing: firstName."],
      ['email;firstName;lastName\nx@example.com;"A;B\n', "The file could not be read as CSV (line"],
      ["email;firstName;lastName\n", "The file has no header line or no rows."],
    ];
    for (const [content, message] of cases) {
      const page = await upload(browser, content);
      expect(page.status, message).toBe(400);
      expect(page.text, message).toContain(message);
      expect(page.text).toMatch(/enctype="multipart\/form-data"/i);
    }
    const none = await browser.upload("/demo/recruiter/import", { field: "file", name: "", type: "application/octet-stream", content: "" });
    expect(none.status).toBe(400);
    expect(none.text).toContain("Please choose a CSV file.");
  });

  it("an oversized upload gets the translated 413 page whose link leads back to the upload page", async () => {
    const browser = await rita();
    const big = "email;firstName;lastName\n" + "big@example.com;B;".padEnd(2 * 1024 * 1024, "x") + "\n";
    const page = await browser.upload("/demo/recruiter/import", csvFile(big), {
      headers: { Referer: `${server.baseUrl}/demo/recruiter/import`, "Accept-Language": "de" },
    });
    expect(page.status).toBe(413);
    expect(page.text).toContain('lang="de"');
    expect(page.text).toContain('href="/demo/recruiter/import"');
    expect(page.text).not.toMatch(/at .*\.js:\d+/);
    expect((await browser.get("/demo/recruiter/import")).status).toBe(200);
  });

  it("the import belongs to the session that uploaded it; discarding forgets it and creates nothing", async () => {
    const browser = await rita();
    const preview = await upload(browser, "email;firstName;lastName\ndiscard.me@example.com;Dis;Card\n");
    const path = new URL(preview.url).pathname;
    const other = await rita();
    const foreign = await other.get(path);
    expect(foreign.status).toBe(404);
    expect((await other.post(path, { intent: "confirm" })).status).toBe(404);
    const discarded = await browser.post(path, { intent: "discard" });
    expect(new URL(discarded.url).pathname).toBe("/demo/recruiter/import");
    expect(discarded.text).toContain("The import was discarded; nothing was created.");
    expect((await browser.get(path)).status).toBe(404);
    expect(await outbox(server.baseUrl, "discard.me@example.com")).toEqual([]);
  });
});
