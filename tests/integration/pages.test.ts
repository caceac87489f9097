import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient, textOf } from "../support/browser-client";
import { signedInClone } from "../support/demo";
import { startServer, type RunningServer } from "../support/server";
import { customerConfig, eventually, json, seedSession, startFakeUpstream, type FakeServer } from "./errors-fakes";

/**
 * The FAQ, profile and support pages, the video archive and player, the user notification and the
 * screen-size warning (docs/decisions/080–084), against the embedded reference API and its demo customers; the
 * cases the demo data cannot produce (videos that are not an array, failing tracking and profile
 * saves) against a fake upstream that plays a customer's backend.
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const signedIn = (template = "anna") => signedInClone(server.baseUrl, template);

/** The video tracking calls the embedded API stored for a user. */
function videoEvents(userName: string): Array<Record<string, unknown>> {
  const db = new Database(path.join(server.dataDir, "api.db"), { readonly: true });
  try {
    const rows = db
      .prepare(
        "SELECT t.payload_json AS payload FROM tracking_events t JOIN users u ON u.id = t.user_id WHERE u.user_name = ? AND t.kind = 'video-action' ORDER BY t.id",
      )
      .all(userName) as { payload: string }[];
    return rows.map((row) => JSON.parse(row.payload) as Record<string, unknown>);
  } finally {
    db.close();
  }
}

const valueOf = (html: string, id: string) =>
  new RegExp(`id="${id}"[^>]*value="([^"]*)"|value="([^"]*)"[^>]*id="${id}"`).exec(html)?.slice(1).find(Boolean);
const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("FAQ", () => {
  it("R-RTE-02 R-SCR-10 the customer's questions and answers in the page language, as disclosures that need no script", async () => {
    const { browser } = await signedIn();
    const english = await browser.get("/demo/FAQ?langId=en_GB");
    expect(english.status).toBe(200);
    expect(english.text).toContain("<title>FAQ – Demo AG</title>");
    expect(english.text).toMatch(/<h1 id="faq-title">Frequently asked questions<\/h1>/);
    expect(english.text).toMatch(/<details class="faq-entry"><summary class="faq-question">How long does it take\?<\/summary>/);
    expect(english.text).toContain("<p>Allow about an hour. You can pause at any time; finished modules are saved.</p>");
    const italian = await browser.get("/demo/FAQ?langId=it");
    expect(italian.text).toMatch(/<summary class="faq-question">Quanto dura\?<\/summary>/);
    expect(italian.text).toContain('<h1 id="faq-title">Domande frequenti</h1>');
    expect(italian.text).not.toContain("How long does it take?");
  });

  it("R-RTE-02 a stray POST to the FAQ (it has no form) shows the page again", async () => {
    const { browser } = await signedIn();
    const response = await browser.post("/demo/FAQ?langId=en_GB", { x: "1" }, { follow: false });
    expect(response.status).toBe(302);
    expect(response.location).toBe("/demo/FAQ?langId=en_GB");
  });

  it("R-NAV-01 the menu marks FAQ as the current page", async () => {
    const { browser } = await signedIn();
    const page = await browser.get("/demo/FAQ?langId=en_GB");
    expect(page.text).toMatch(/<a aria-current="page"[^>]*href="\/demo\/FAQ">FAQ<\/a>/);
    expect(page.text).toMatch(/href="\/demo\/profile">Profile<\/a>/);
    expect(page.text).toMatch(/href="\/demo\/support">Support<\/a>/);
  });

  it("R-RTE-08 /initiativ/FAQ stays page-not-found: the customer excludes it, also for a signed-in visitor", async () => {
    const cookie = await seedSession(server.dataDir, "initiativ-faq-session-0123456789abcdef0123", {
      cstm: "initiativ",
      applicant: { token: "seeded", expiresAt: Math.floor(Date.now() / 1000) + 3600, userName: "ada", anonymous: false },
    });
    const browser = new BrowserClient(server.baseUrl);
    browser.cookies.set(cookie.name, cookie.value);
    const response = await browser.get("/initiativ/FAQ", { follow: false });
    expect(response.location).toBe("/initiativ/page-not-found");
  });

  it("R-RTE-02 FAQ, profile and support need a signed-in applicant (the sign-in wall brings them back)", async () => {
    const browser = new BrowserClient(server.baseUrl);
    for (const page of ["FAQ", "profile", "support"]) {
      const response = await browser.get(`/demo/${page}`, { follow: false });
      expect(response.location, page).toBe(`/demo/login?redirectTo=${encodeURIComponent(`/demo/${page}`)}`);
    }
  });
});

describe("profile", () => {
  it("R-RTE-02 shows the applicant's personal data and the customer's languages; authenticated, so never cached", async () => {
    const { browser, user } = await signedIn();
    const page = await browser.get("/demo/profile?langId=en_GB");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(valueOf(page.text, "profile-firstName")).toBe("Anna");
    expect(valueOf(page.text, "profile-lastName")).toBe("Becker");
    expect(valueOf(page.text, "profile-email")).toBe(`${user.userName}@example.com`);
    const options = [...page.text.matchAll(/<option value="([^"]+)"/g)].map((match) => match[1]);
    expect(options).toEqual(["de-DU", "de", "en_GB", "hu", "it"]);
    expect(page.text).toMatch(/<option value="en_GB" selected="">English<\/option>/);
  });

  it("R-SCR-10 saving shows the translated 'saved' notice once, keeps the data and greets with the new name", async () => {
    const { browser, user } = await signedIn();
    await browser.get("/demo/profile?langId=en_GB");
    const saved = await browser.post("/demo/profile", {
      firstName: "Annabel",
      lastName: "Becker-Stein",
      email: `new-${user.userName}@example.com`,
      language: "en_GB",
    });
    expect(new URL(saved.url).pathname).toBe("/demo/profile");
    expect(saved.text).toMatch(/<p class="notice notice-success" role="status">Your details have been saved.<\/p>/);
    expect(valueOf(saved.text, "profile-firstName")).toBe("Annabel");
    expect(valueOf(saved.text, "profile-email")).toBe(`new-${user.userName}@example.com`);
    expect(textOf(saved.text, /<p class="greeting">([^<]*)<\/p>/)).toBe("Hello Annabel Becker-Stein");
    const again = await browser.get("/demo/profile");
    expect(again.text).not.toContain('role="status">Your details have been saved.');
  });

  it("R-LANG-01 saving another language switches the page language", async () => {
    const { browser, user } = await signedIn();
    await browser.get("/demo/profile?langId=en_GB");
    const saved = await browser.post("/demo/profile", {
      firstName: "Anna",
      lastName: "Becker",
      email: `${user.userName}@example.com`,
      language: "it",
    });
    expect(saved.text).toContain('<html lang="it"');
    expect(saved.text).toContain('role="status">I tuoi dati sono stati salvati.</p>');
    expect(saved.text).toMatch(/<option value="it" selected="">Italiano<\/option>/);
    const faq = await browser.get("/demo/FAQ");
    expect(faq.text).toContain("Quanto dura?");
  });

  it("R-CAT-02 another account's e-mail address is C12, shown at the e-mail field; the entries stay", async () => {
    const { browser } = await signedIn();
    await browser.get("/demo/profile?langId=en_GB");
    const refused = await browser.post("/demo/profile", {
      firstName: "Anne",
      lastName: "Becker",
      email: "ben@example.com",
      language: "en_GB",
    });
    expect(refused.status).toBe(400);
    expect(textOf(refused.text, /<div id="profile-email-error"[^>]*>([\s\S]*?)<\/div>/)).toBe(
      "This e-mail address is already registered for this project.",
    );
    expect(refused.text).toMatch(/id="profile-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="profile-email"/);
    expect(valueOf(refused.text, "profile-firstName")).toBe("Anne");
    expect(valueOf(refused.text, "profile-email")).toBe("ben@example.com");
    expect(refused.text).not.toContain('role="status">Your details have been saved.');
  });

  it("R-VAL-06 invalid input gets translated messages and keeps what was typed; nothing is saved", async () => {
    const { browser, user } = await signedIn();
    await browser.get("/demo/profile?langId=en_GB");
    const refused = await browser.post("/demo/profile", {
      firstName: "",
      lastName: "Becker\nZweite Zeile",
      email: "not-an-address",
      language: "xx",
    });
    expect(refused.status).toBe(400);
    expect(textOf(refused.text, /<div id="profile-firstName-error"[^>]*>([\s\S]*?)<\/div>/)).toBe("Please fill in this field.");
    expect(textOf(refused.text, /<div id="profile-lastName-error"[^>]*>([\s\S]*?)<\/div>/)).toBe(
      "Please enter the name on one line, without line breaks.",
    );
    expect(textOf(refused.text, /<div id="profile-email-error"[^>]*>([\s\S]*?)<\/div>/)).toBe("Please enter a valid e-mail address.");
    expect(textOf(refused.text, /<div id="profile-language-error"[^>]*>([\s\S]*?)<\/div>/)).toBe(
      "Please choose one of the languages offered.",
    );
    expect(valueOf(refused.text, "profile-email")).toBe("not-an-address");
    const tooLong = await browser.post("/demo/profile", {
      firstName: "A".repeat(101),
      lastName: "Becker",
      email: `${user.userName}@example.com`,
      language: "en_GB",
    });
    expect(textOf(tooLong.text, /<div id="profile-firstName-error"[^>]*>([\s\S]*?)<\/div>/)).toBe("This entry is too long.");
    const page = await browser.get("/demo/profile");
    expect(valueOf(page.text, "profile-firstName")).toBe("Anna");
  });

  it("R-CAT-02 a session that ended upstream goes to the error view (C03), not into the form", async () => {
    const cookie = await seedSession(server.dataDir, "profile-ended-session-0123456789abcdef012345", {
      cstm: "demo",
      applicant: { token: "unknown-upstream", expiresAt: Math.floor(Date.now() / 1000) + 3600, userName: "ada", anonymous: false },
    });
    const browser = new BrowserClient(server.baseUrl);
    await browser.get("/demo/login?langId=en_GB");
    browser.cookies.set(cookie.name, cookie.value);
    const refused = await browser.post(
      "/demo/profile",
      { firstName: "Ada", lastName: "King", email: "ada@example.com", language: "en_GB" },
      { follow: false },
    );
    expect(refused.status).toBe(401);
    expect(refused.text).toContain('class="layout layout-error"');
    expect(refused.text).toContain('<p class="error-code">Error code C03</p>');
    expect(refused.text).not.toContain('id="profile-firstName"');
  });

  it("R-ROLE-02 an anonymous applicant only chooses the language: no name or e-mail fields", async () => {
    const browser = new BrowserClient(server.baseUrl);
    await browser.get("/demo/registration?profileId=P500&langId=en_GB");
    await browser.post("/demo/registration?profileId=P500", { privacy: "on" });
    const page = await browser.get("/demo/profile");
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<p>You are taking part anonymously/);
    expect(page.text).not.toContain('id="profile-firstName"');
    expect(page.text).not.toContain("self_register_anon");
    const saved = await browser.post("/demo/profile", { language: "de" });
    expect(saved.text).toContain('role="status">Ihre Angaben wurden gespeichert.</p>');
  });
});

describe("support and videos", () => {
  it("R-RTE-02 the customer's support text in the page language and its address as a mail link", async () => {
    const { browser } = await signedIn();
    const page = await browser.get("/demo/support?langId=en_GB");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<title>Support – Demo AG</title>");
    expect(page.text).toContain("<p>If you have any questions, write to support@example.com, Monday to Friday, 9 am to 5 pm.</p>");
    expect(page.text).toMatch(/<a href="mailto:support@example.com">support@example.com<\/a>/);
    const german = await browser.get("/demo/support?langId=de");
    expect(german.text).toContain("Bei Fragen erreichen Sie uns unter support@example.com");
  });

  it("R-SCR-10 R-VAL-10 the video archive lists the customer's videos with their titles in the page language", async () => {
    const { browser } = await signedIn();
    const page = await browser.get("/demo/support?langId=en_GB");
    expect(page.text).toMatch(/<h2 id="videos-title">Videos<\/h2>/);
    // The link's attributes in whatever order React writes them.
    const link = decode(page.text).match(/<a [^>]*class="video-link"[^>]*>/)?.[0];
    expect(link).toContain('data-modal-opener="video"');
    expect(link).toContain('href="/demo/support?langId=en_GB&video=welcome&modal=video"');
    expect(page.text).toContain("Play video: Welcome to Demo AG");
    // The first poster is in view on a phone: fetched at once, not lazily (decision 189).
    expect(page.text).toContain('<img src="/api/media/welcome-poster.svg" alt="" width="192" height="108"/>');
    const hungarian = await browser.get("/demo/support?langId=hu");
    expect(hungarian.text).toContain("Üdvözöljük a Demo AG-nél");
  });

  it("R-SCR-10 R-SCR-11 opening a video renders the player as a dialog without JavaScript and tracks the opening", async () => {
    const { browser, user } = await signedIn();
    const page = await browser.get("/demo/support?langId=en_GB&video=welcome&modal=video");
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<dialog open="" aria-modal="true" aria-labelledby="modal-video-title" class="modal modal-wide"/);
    expect(page.text).toMatch(/<h2 id="modal-video-title">Welcome to Demo AG<\/h2>/);
    expect(page.text).toMatch(
      /<video controls="" preload="metadata" src="\/api\/media\/welcome.webm" poster="\/api\/media\/welcome-poster.svg">/,
    );
    expect(page.text).toMatch(/<a href="\/api\/media\/welcome.webm" type="video\/webm"[^>]*>Open the video file<\/a>/);
    const events = await eventually("the opening to be tracked", () => {
      const stored = videoEvents(user.userName);
      return stored.length > 0 ? stored : undefined;
    });
    expect(events[0]).toMatchObject({ profileId: "P100", videoId: "welcome", action: "opened" });
    const video = await fetch(`${server.baseUrl}/api/media/welcome.webm`);
    expect(video.status).toBe(200);
    expect(video.headers.get("content-type")).toContain("video/webm");
  });

  it("R-SCR-10 a video the archive does not have: the player says so, the page still renders", async () => {
    const { browser, user } = await signedIn();
    const page = await browser.get("/demo/support?langId=en_GB&video=nope&modal=video");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<p>This video is not available.</p>");
    expect(page.text).not.toContain("<video");
    expect(videoEvents(user.userName)).toEqual([]);
  });

  it("R-CAT-05 play, pause and ended posted by the player are tracked; bad input is 400, never a page error", async () => {
    const { browser, user } = await signedIn();
    const played = await browser.post("/demo/track-video", { videoId: "welcome", action: "play", position: "1.25" }, { follow: false });
    expect(played.status).toBe(204);
    await eventually("play to be tracked", () => videoEvents(user.userName).find((event) => event.action === "play"));
    expect(videoEvents(user.userName).find((event) => event.action === "play")).toMatchObject({
      videoId: "welcome",
      position: 1.3,
      profileId: "P100",
    });
    expect((await browser.post("/demo/track-video", { videoId: "other", action: "play" }, { follow: false })).status).toBe(400);
    expect((await browser.post("/demo/track-video", { videoId: "welcome", action: "delete" }, { follow: false })).status).toBe(400);
    const signedOut = await new BrowserClient(server.baseUrl).post(
      "/demo/track-video",
      { videoId: "welcome", action: "play" },
      { follow: false },
    );
    expect(signedOut.status).toBe(204);
    const get = await browser.get("/demo/track-video", { follow: false });
    expect(get.location).toBe("/demo");
  });

  it("R-RTE-08 track-video answers in every area (not a page), unlike pages outside the set", async () => {
    const response = await new BrowserClient(server.baseUrl).post(
      "/azubi/track-video",
      { videoId: "welcome", action: "play" },
      { follow: false },
    );
    expect(response.status).toBe(204);
  });
});

describe("screen-size warning and layout", () => {
  it("R-SCR-10 the Dashboard layout carries the translated screen-size warning, shown by CSS alone", async () => {
    const { browser } = await signedIn();
    const page = await browser.get("/demo/FAQ?langId=en_GB");
    expect(page.text).toMatch(/<p class="screen-size-warning notice notice-info" role="note">Your screen is too small for the assessment./);
    const login = await new BrowserClient(server.baseUrl).get("/demo/login");
    expect(login.text).not.toContain("screen-size-warning");
    const css = page.text.match(/href="(\/assets\/app-[^"]+\.css)"/)?.[1];
    expect(css).toBeTruthy();
    const stylesheet = await (await fetch(`${server.baseUrl}${css}`)).text();
    const rules = stylesheet.replace(/\s+/g, "");
    expect(rules).toContain(".screen-size-warning{display:none}");
    expect(rules).toContain("@media(max-width:319px),(orientation:landscape)and(max-height:299px){.screen-size-warning{display:block}}");
  });
});

/** A customer's backend that the demo data cannot play: odd configurations and failing calls. */
describe("against a fake customer backend", () => {
  let upstream: FakeServer;
  let app: RunningServer;
  const routes = ["login", "FAQ", "profile", "support", "page-not-found"];
  const welcome = {
    id: "intro",
    title: { "de-DU": "Einführung", en_GB: "Introduction" },
    src: "/api/media/intro.webm",
    type: "video/webm",
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream({
      "GET /getConfiguration": (call, res) => {
        const cstm = call.query.get("cstm") ?? "";
        const area = { name: "generic", root: "login", routes };
        if (cstm === "odd") {
          json(
            res,
            200,
            customerConfig("odd", {
              area,
              videos: "intro",
              texts: {
                "de-DU": {
                  support: "Hilfe gibt es hier.",
                  faq: [{ question: "Gilt das?", answer: "Ja." }, { question: "", answer: "ohne Frage" }, "kaputt"],
                },
                en_GB: {},
              },
            }),
          );
        } else if (cstm === "calm") {
          json(
            res,
            200,
            customerConfig("calm", {
              area,
              videos: [welcome, { id: "evil", title: "Böse", src: "javascript:alert(1)" }],
              texts: {},
              contact: {},
            }),
          );
        } else {
          json(res, 404, { status: "failed", error: "unknown_customer" });
        }
      },
      "GET /profile": (_call, res) =>
        json(res, 200, {
          status: "success",
          profile: {
            userName: "ada",
            firstName: "Ada",
            lastName: "Lovelace",
            email: "ada@example.com",
            language: "de-DU",
            anonymous: false,
          },
        }),
      "POST /profile": (_call, res) => json(res, 500, { status: "failed", error: "internal_error" }),
      "POST /trackVideoAction": (call, res) => {
        if (call.body.includes('"action":"opened"')) res.socket?.destroy();
        else json(res, 500, { status: "failed", error: "internal_error" });
      },
    });
    app = await startServer({ UPSTREAM_API_URL: upstream.url });
  });

  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
  });

  let sessions = 0;
  async function applicantOf(cstm: string): Promise<BrowserClient> {
    sessions += 1;
    const cookie = await seedSession(app.dataDir, `fake-backend-session-${cstm}-${sessions}-0123456789abcdef`, {
      cstm,
      activeProfileId: "P1",
      applicant: {
        token: "seeded",
        expiresAt: Math.floor(Date.now() / 1000) + 3600,
        userName: "ada",
        displayName: "Ada Lovelace",
        anonymous: false,
      },
    });
    const browser = new BrowserClient(app.baseUrl);
    browser.cookies.set(cookie.name, cookie.value);
    return browser;
  }

  it("R-VAL-10 videos that are not an array: the support page renders without videos, the error is logged with the spec's message", async () => {
    const browser = await applicantOf("odd");
    const page = await browser.get("/odd/support?langId=de-DU");
    expect(page.status).toBe(200);
    expect(page.text).toContain("<p>Hilfe gibt es hier.</p>");
    expect(page.text).not.toContain('id="videos-title"');
    await eventually("the R-VAL-10 error in the log", () => app.logs().includes("addVideos expects and Array"));
    const player = await browser.get("/odd/support?modal=video&video=intro");
    expect(player.status).toBe(200);
    expect(player.text).not.toContain("<video");
  });

  it("R-RTE-02 FAQ: a language without questions falls back to the customer's first language; bad entries are left out", async () => {
    const browser = await applicantOf("odd");
    const page = await browser.get("/odd/FAQ?langId=en_GB");
    expect(page.text).toContain('<h1 id="faq-title">Frequently asked questions</h1>');
    expect(page.text).toMatch(/<summary class="faq-question">Gilt das\?<\/summary>/);
    expect(page.text).not.toContain("ohne Frage");
    expect(page.text.match(/<details/g)).toHaveLength(1);
  });

  it("R-RTE-02 FAQ without questions shows the empty state; support without text or address the defaults", async () => {
    const browser = await applicantOf("calm");
    const faq = await browser.get("/calm/FAQ?langId=en_GB");
    expect(faq.status).toBe(200);
    expect(faq.text).toContain("<p>There are no frequently asked questions yet. If anything is unclear, please contact support.</p>");
    const support = await browser.get("/calm/support");
    expect(support.text).toContain("<p>If you have any questions, please write to us.</p>");
    expect(support.text).toMatch(/<a href="mailto:support@127.0.0.1">support@127.0.0.1<\/a>/);
    // A video whose source is no playable URL is left out; the other stays.
    expect(support.text).toContain("Play video: Introduction");
    expect(support.text).not.toContain("javascript:");
  });

  it("R-CAT-05 tracking that fails (lost connection, upstream error) never breaks the player or shows an error", async () => {
    const browser = await applicantOf("calm");
    const page = await browser.get("/calm/support?langId=en_GB&video=intro&modal=video");
    expect(page.status).toBe(200);
    // Root-relative media URLs of a remote upstream belong to its public origin (docs/api.md).
    expect(page.text).toMatch(/<video controls="" preload="metadata" src="http:\/\/127\.0\.0\.1:\d+\/api\/media\/intro\.webm">/);
    await eventually("the opening to reach the upstream", () => upstream.calls.some((call) => call.path === "/trackVideoAction"));
    const played = await browser.post("/calm/track-video", { videoId: "intro", action: "play", position: "3" }, { follow: false });
    expect(played.status).toBe(204);
    await eventually("play to reach the upstream", () =>
      upstream.calls.some((call) => call.path === "/trackVideoAction" && call.body.includes('"play"')),
    );
    const after = await browser.get("/calm/support?langId=en_GB");
    expect(after.status).toBe(200);
    expect(after.text).not.toContain('class="error-view"');
    expect(after.text).not.toContain('class="layout layout-error"');
    expect(after.text).toContain('class="main-nav"');
  });

  it("R-CAT-02 a profile save that fails upstream is API01 above the form; the entries stay", async () => {
    const browser = await applicantOf("calm");
    const page = await browser.get("/calm/profile?langId=en_GB");
    expect(valueOf(page.text, "profile-firstName")).toBe("Ada");
    const failed = await browser.post("/calm/profile", {
      firstName: "Augusta",
      lastName: "King",
      email: "augusta@example.com",
      language: "en_GB",
    });
    expect(failed.status).toBe(502);
    const alert = /<div class="form-errors" role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(failed.text)?.[1] ?? "";
    expect(alert).toContain("<p>Unknown request error</p>");
    expect(alert).toContain("<p>The request could not be completed.</p>");
    expect(valueOf(failed.text, "profile-firstName")).toBe("Augusta");
    expect(valueOf(failed.text, "profile-email")).toBe("augusta@example.com");
    expect(textOf(failed.text, /<p class="greeting">([^<]*)<\/p>/)).toBe("Hello Ada Lovelace");
  });
});
