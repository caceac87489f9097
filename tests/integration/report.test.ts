import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pdfText } from "../api/support/pdf-text";
import { BrowserClient, type PageResponse } from "../support/browser-client";
import { signIn, signedInClone } from "../support/demo";
import { DORA_PERSONAL_DATA } from "../support/demo-answers";
import { updateSessionRecord } from "../support/seed-session";
import { logBarrier } from "../support/logs";
import { startServer, testSecret, type RunningServer } from "../support/server";

/**
 * The report page, its download route and the feedback modal over HTTP against the built server and
 * its embedded API, as a browser without JavaScript uses them (the page's script asks the download
 * route for the PDF only, with `Accept: application/pdf`). Every test works on its own clone.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";

const signedIn = (template: string, language = "en_GB") => signedInClone(server.baseUrl, template, language);

/**
 * The active profile as the profile chooser (another branch) sets it: written into the real session
 * record of this browser's real sign-in (docs/decisions/065).
 */
/**
 * Sets or clears the active profile in the session record itself: for states the chooser never
 * produces (a profile that turned locked or unknown after it was chosen, a session without one).
 */
async function chooseProfile(browser: BrowserClient, profileId: string | undefined) {
  const name = [...browser.cookies.keys()].find((cookie) => cookie.endsWith("session"))!;
  await updateSessionRecord(path.join(server.dataDir, "app.db"), testSecret(), { name, value: browser.cookies.get(name)! }, (data) => {
    if (profileId) data.activeProfileId = profileId;
    else delete data.activeProfileId;
  });
}

/** dora's last open module, the personal-data form, filled in, saved and finished as she would. */
async function finishDorasForm(browser: BrowserClient) {
  const form = { intent: "review", ...DORA_PERSONAL_DATA };
  expect((await browser.post("/demo/assessment/40", form, { follow: false })).location).toBe("/demo/assessment/40/summary");
  expect((await browser.post("/demo/assessment/40/summary", { intent: "save" }, { follow: false })).location).toBe(
    "/demo/assessment/40/saved",
  );
  expect((await browser.post("/demo/assessment/40/saved", { intent: "continue" }, { follow: false })).location).toBe("/demo/assessment/40");
}

/** A user whose profile is completed and whose feedback modal has been shown already. */
async function completedDora(language = "en_GB") {
  const signed = await signedIn("dora", language);
  await finishDorasForm(signed.browser);
  expect((await signed.browser.get("/demo/report", { follow: false })).location).toBe("/demo/report?modal=feedback");
  return signed;
}

const pathOf = (page: PageResponse) => new URL(page.url).pathname + new URL(page.url).search;
const main = (page: PageResponse) => /<main[\s\S]*<\/main>/.exec(page.text)?.[0] ?? "";
const dialog = (page: PageResponse) => /<dialog[\s\S]*<\/dialog>/.exec(page.text)?.[0] ?? "";
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

/**
 * Upstream calls the server made so far for this path (the server logs every call). The log
 * arrives through a pipe, after the answers: the barrier waits until it has caught up.
 */
async function upstreamCalls(pathName: string): Promise<Array<{ status: number }>> {
  await logBarrier(server.baseUrl, server.logs);
  return server
    .logs()
    .split("\n")
    .filter((line) => line.includes('"upstream call"') && line.includes(`"path":"${pathName}"`))
    .map((line) => (JSON.parse(line) as { upstream: { status: number } }).upstream);
}

/** Requests the embedded API answered for this path (its request log), e.g. the PDF's /createReport. */
async function apiRequests(pathName: string): Promise<Array<{ statusCode: number }>> {
  await logBarrier(server.baseUrl, server.logs);
  return server
    .logs()
    .split("\n")
    .filter((line) => line.includes('"request completed"') && line.includes(`"url":"/api${pathName}"`))
    .map((line) => (JSON.parse(line) as { res: { statusCode: number } }).res);
}

async function download(browser: BrowserClient, headers: Record<string, string> = {}) {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  return fetch(`${server.baseUrl}/demo/report/download`, {
    headers: { Cookie: cookie, Accept: "text/html", ...headers },
    redirect: "manual",
  });
}

describe("report page (R-SCR-06, R-PROF-03)", () => {
  it("R-PROF-03 the report page and its download need a signed-in applicant: login, and back afterwards", async () => {
    const browser = new BrowserClient(server.baseUrl);
    expect((await browser.get("/demo/report", { follow: false })).location).toBe("/demo/login?redirectTo=%2Fdemo%2Freport");
    expect((await browser.get("/demo/report/download", { follow: false })).location).toBe(
      "/demo/login?redirectTo=%2Fdemo%2Freport%2Fdownload",
    );
  });

  it("R-PROF-03 without an active profile id the profile is loaded again: anna's only profile, ben's chooser", async () => {
    const { browser } = await signedIn("anna");
    await chooseProfile(browser, undefined);
    const page = await browser.get("/demo/report", { follow: false });
    expect(page.status).toBe(200);
    expect(text(main(page))).toContain("0 of 8 completed");
    const ben = await signedIn("ben");
    await chooseProfile(ben.browser, undefined);
    expect((await ben.browser.get("/demo/report", { follow: false })).location).toBe("/demo/profileChooser");
    expect((await ben.browser.get("/demo/report/download", { follow: false })).location).toBe("/demo/profileChooser");
  });

  it("R-SCR-06 R-ENT-07 anna (nothing done): the report's name, its scales not completed, 0 of 8, and no download", async () => {
    const { browser } = await signedIn("anna");
    const page = await browser.get("/demo/report");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    const shown = text(main(page));
    expect(shown).toContain("Results");
    expect(shown).toContain("Result report");
    expect(shown).toContain("0 of 8 completed");
    expect(shown).toContain("Verbal reasoning Not completed yet");
    expect(shown).toContain("Teamwork Not completed yet");
    expect(shown).toContain("You can download your report as soon as you have completed all modules.");
    expect(main(page)).not.toContain("/demo/report/download");
    // Nothing requested feedback: the modal does not open by itself, and there is no link to it.
    expect(dialog(page)).toBe("");
    expect(shown).not.toContain("Give feedback");
  });

  it("R-VAL-12 anna's download is refused by the server: back on the report page with the message, once; the script gets 409", async () => {
    const { browser } = await signedIn("anna");
    const before = (await apiRequests("/createReport")).length;
    // Whatever the request says (another profile, a flag), the server decides from the upstream's status.
    const refused = await browser.get("/demo/report/download?profileId=P200&allComponentsFinished=true", { follow: false });
    expect(refused.status).toBe(303);
    expect(refused.location).toBe("/demo/report");
    const page = await browser.get("/demo/report");
    expect(main(page)).toMatch(/<p class="notice notice-error" role="alert">Report download failed.<\/p>/);
    expect(text(main(await browser.get("/demo/report")))).not.toContain("Report download failed.");

    const fetched = await download(browser, { Accept: "application/pdf" });
    expect(fetched.status).toBe(409);
    expect(fetched.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await fetched.text()).toBe("Report download failed.");
    // The report itself was never asked for.
    expect(await apiRequests("/createReport")).toHaveLength(before);
  });

  it("R-REP-01 dora, once her last module is done: every scale completed, 8 of 8, the download is report.pdf with her scales", async () => {
    const { browser } = await completedDora("de-DU");
    const page = await browser.get("/demo/report");
    const shown = text(main(page));
    expect(shown).toContain("8 von 8 abgeschlossen");
    expect(shown).toContain("Sprachverständnis Abgeschlossen");
    expect(shown).toContain("Du hast alle Module abgeschlossen. Dein Bericht ist fertig.");
    expect(main(page)).toMatch(/<a class="button button-primary" href="\/demo\/report\/download">Bericht herunterladen \(PDF\)<\/a>/);

    const response = await download(browser);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="report.pdf"');
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const { lines } = await pdfText(bytes);
    expect(lines).toContain("Sprachverständnis");
    expect(lines).toContain("Dora Fischer");
    expect((await apiRequests("/createReport")).map((request) => request.statusCode)).toContain(200);
  });

  it("R-REP-01 on a smartphone the link opens a new tab and the PDF is shown inline", async () => {
    const { browser } = await completedDora();
    const page = await browser.get("/demo/report", { headers: { "User-Agent": IPHONE } });
    expect(main(page)).toMatch(
      /<a class="button button-primary" href="\/demo\/report\/download" target="_blank" rel="noopener">Open report \(PDF, opens in a new tab\)<\/a>/,
    );
    const response = await download(browser, { "User-Agent": IPHONE });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('inline; filename="report.pdf"');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
  });

  it("R-REP-01 ben's completed P200 (report visible): both scales completed, the download works", async () => {
    const { browser } = await signedIn("ben");
    const chosen = await browser.post("/demo/profileChooser", { intent: "report", profileId: "P200" }, { follow: false });
    expect(chosen.location).toBe("/demo/report");
    const page = await browser.get("/demo/report?modal=feedback");
    const shown = text(main(page));
    expect(shown).toContain("2 of 2 completed");
    expect(shown).toContain("Numerical reasoning Completed");
    const response = await download(browser);
    expect(response.status).toBe(200);
    expect((await pdfText(new Uint8Array(await response.arrayBuffer()))).lines).toContain("Numerical reasoning");
  });

  it("R-ENT-07 a profile without a report binding says so; a failed bindings call says 'Couldn't load report details.'", async () => {
    const { browser } = await signedIn("ben");
    await chooseProfile(browser, "P300");
    const none = await browser.get("/demo/report");
    expect(none.status).toBe(200);
    expect(text(main(none))).toContain("There is no report for this profile.");
    expect(main(none)).not.toContain("/demo/report/download");
    expect((await browser.get("/demo/report/download", { follow: false })).location).toBe("/demo/report");

    // A profile the upstream does not know for this user (404 unknown_profile): the page stays usable.
    await chooseProfile(browser, "P999");
    const failed = await browser.get("/demo/report");
    expect(failed.status).toBe(200);
    expect(main(failed)).toContain('<p class="notice notice-error" role="alert">Couldn&#x27;t load report details.</p>');
    expect(failed.text).toContain('aria-label="Main navigation"');
  });

  it("R-RTE-06 the download answers only where the report page does (initiativ has none)", async () => {
    const response = await new BrowserClient(server.baseUrl).get("/initiativ/report/download", { follow: false });
    expect(response.location).toBe("/initiativ/page-not-found");
  });
});

describe("feedback modal (R-SCR-10, spec §4 'Feedback modal')", () => {
  it("R-SCR-10 opens by itself once when feedback is requested for the profile, not again after it was seen", async () => {
    const { browser } = await signedIn("dora");
    await finishDorasForm(browser);
    const first = await browser.get("/demo/report", { follow: false });
    expect(first.status).toBe(302);
    expect(first.location).toBe("/demo/report?modal=feedback");
    const opened = await browser.get(first.location!);
    const modal = dialog(opened);
    expect(modal).toContain('aria-labelledby="modal-feedback-title"');
    expect(modal).toMatch(/<fieldset class="field field-radio-group"><legend>Your rating<\/legend>/);
    expect(modal.match(/type="radio"/g)).toHaveLength(5);
    expect(modal).toContain('<label for="feedback-rating-5">5 – excellent</label>');
    expect(modal).toMatch(/<textarea id="feedback-comment" name="comment" rows="5" maxLength="2000"/);
    expect(modal).toContain('<form method="post" action="/demo/feedback"');
    expect(modal).toContain('<a class="modal-close" data-discover="true" href="/demo/report">Close</a>');

    // Seen: the next visit shows the page, with a link to give the feedback later.
    const again = await browser.get("/demo/report", { follow: false });
    expect(again.status).toBe(200);
    expect(dialog(again)).toBe("");
    expect(main(again)).toContain('href="/demo/report?modal=feedback"');
  });

  it("R-ENT-01 R-FB-01 seen once per applicant and profile, on any device: a new sign-in elsewhere does not open it again", async () => {
    const { browser, user } = await signedIn("dora");
    await finishDorasForm(browser);
    expect((await browser.get("/demo/home", { follow: false })).location).toBe("/demo/home?modal=feedback");
    // Another browser, a new session: the seen state comes from the upstream, not from the first session.
    const other = new BrowserClient(server.baseUrl);
    await other.get("/demo/login?langId=en_GB");
    await signIn(other, user);
    // The new session chooses the profile as dora would; opening it leads to home without the dialog.
    const opened = await other.post("/demo/profileChooser", { intent: "open", profileId: "P100" }, { follow: false });
    expect(opened.location).toBe("/demo/home");
    const home = await other.get("/demo/home", { follow: false });
    expect(home.location).toBeNull();
    expect(home.status).toBe(200);
    expect(dialog(home)).toBe("");
    const report = await other.get("/demo/report", { follow: false });
    expect(report.status).toBe(200);
    // Still requested: the report page offers to give it later.
    expect(main(report)).toContain('href="/demo/report?modal=feedback"');
  });

  it("R-SCR-10 a submission without a valid rating shows the error and keeps the comment; a valid one is sent (201) with thanks", async () => {
    const { browser } = await completedDora();
    const comment = "Gut erklärt, <aber> lang.";
    const before = (await upstreamCalls("/postUserFeedback")).length;
    const refused = await browser.post("/demo/feedback", { rating: "7", comment, returnTo: "/demo/report" });
    expect(pathOf(refused)).toBe("/demo/report?modal=feedback");
    const modal = dialog(refused);
    expect(modal).toMatch(/<fieldset class="field field-radio-group" aria-invalid="true" aria-describedby="feedback-rating-error">/);
    expect(text(modal)).toContain("Please choose a rating from 1 to 5.");
    expect(modal).toContain(">Gut erklärt, &lt;aber&gt; lang.</textarea>");
    expect(await upstreamCalls("/postUserFeedback")).toHaveLength(before);
    // Shown once: a reload shows the modal as it was first opened.
    expect(text(dialog(await browser.get("/demo/report?modal=feedback")))).not.toContain("Please choose a rating");

    const tooLong = await browser.post("/demo/feedback", { rating: "3", comment: "x".repeat(2001), returnTo: "/demo/report" });
    expect(text(dialog(tooLong))).toContain("Your comment may have at most 2000 characters.");
    expect(dialog(tooLong)).toMatch(/id="feedback-rating-3"[^>]*checked=""/);

    const sent = await browser.post("/demo/feedback", { rating: "4", comment, returnTo: "/demo/report" });
    expect(pathOf(sent)).toBe("/demo/report");
    expect(dialog(sent)).toBe("");
    expect(main(sent)).toContain('<p class="notice notice-success" role="status">Thank you for your feedback!</p>');
    expect((await upstreamCalls("/postUserFeedback")).slice(before).map((call) => call.status)).toEqual([201]);
    // The upstream no longer requests feedback for this profile: no link, nothing opens.
    expect(text(main(await browser.get("/demo/report")))).not.toContain("Give feedback");
  });

  it("R-SCR-10 the feedback action is not a page: a reload of its address opens the modal where it came from; returnTo stays on this customer", async () => {
    const { browser } = await completedDora();
    expect((await browser.get("/demo/feedback?returnTo=%2Fdemo%2Freport", { follow: false })).location).toBe("/demo/report?modal=feedback");
    const elsewhere = await browser.post("/demo/feedback", { rating: "", returnTo: "https://evil.example/" }, { follow: false });
    expect(elsewhere.location).toBe("/demo/home?modal=feedback");
  });
});
