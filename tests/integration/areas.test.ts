import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { ALL_PAGES, BUILT_PAGES, DEMO_AREAS, NOT_YET_BUILT } from "../support/demo-areas";
import { seedApplicantSession } from "../support/seed-session";
import { startServer, testSecret, type RunningServer } from "../support/server";

/**
 * Entry areas against the embedded reference API and its demo customers (demo-data.md): every
 * customer's page set is walked, pages outside it answer like unknown paths (R-RTE-06/07/08).
 */
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

async function signedIn(cstm: string, displayName?: string): Promise<BrowserClient> {
  const client = new BrowserClient(server.baseUrl);
  const cookie = await seedApplicantSession(path.join(server.dataDir, "app.db"), testSecret(), { cstm, displayName });
  client.cookies.set(cookie.name, cookie.value);
  return client;
}

describe("route sets per customer", () => {
  it("R-RTE-06 every in-set page is either built or named in NOT_YET_BUILT", () => {
    for (const area of DEMO_AREAS) {
      for (const page of area.pages) {
        expect(page in BUILT_PAGES || NOT_YET_BUILT.includes(page), `${area.cstm}/${page}`).toBe(true);
      }
    }
  });

  it("R-RTE-06 R-RTE-08 the demo configuration serves the page sets of demo-data.md", async () => {
    for (const area of DEMO_AREAS) {
      const response = await fetch(`${server.baseUrl}/api/getConfiguration?cstm=${area.cstm}`);
      const { config } = (await response.json()) as {
        config: { area: { routes: string[]; root: string }; extensions?: string[]; exclude?: string[] };
      };
      const pages = new Set([...config.area.routes, ...(config.extensions ?? [])]);
      for (const excluded of config.exclude ?? []) pages.delete(excluded);
      pages.add("page-not-found");
      expect([...pages].sort(), area.cstm).toEqual([...area.pages].sort());
    }
  });

  for (const area of DEMO_AREAS) {
    describe(area.cstm, () => {
      it(`R-RTE-06 /${area.cstm} redirects to its area root (${area.root})`, async () => {
        const response = await new BrowserClient(server.baseUrl).get(`/${area.cstm}?langId=${area.language}`, { follow: false });
        expect(response.status).toBe(302);
        expect(response.location).toBe(`/${area.cstm}/${area.root}?langId=${area.language}`);
      });

      it(`R-RTE-07 R-RTE-08 every page outside the ${area.cstm} set redirects to its page-not-found`, async () => {
        const client = new BrowserClient(server.baseUrl);
        const outside = ALL_PAGES.filter((page) => !area.pages.includes(page));
        expect(outside.length).toBeGreaterThan(0);
        for (const page of [...outside, ...outside.map((page) => `${page}/deeper/path`)]) {
          const response = await client.get(`/${area.cstm}/${page}`, { follow: false });
          expect(response.status, page).toBe(302);
          expect(response.location, page).toBe(`/${area.cstm}/page-not-found`);
        }
        // Also a POST: an excluded page has no action either.
        const post = await client.post(`/${area.cstm}/${outside[0]}`, { x: "1" }, { follow: false });
        expect(post.location).toBe(`/${area.cstm}/page-not-found`);
      });

      it(`R-RTE-06 the built pages of the ${area.cstm} set render`, async () => {
        const client = new BrowserClient(server.baseUrl);
        for (const page of area.pages.filter((name) => name in BUILT_PAGES)) {
          const response = await client.get(`/${area.cstm}/${BUILT_PAGES[page]}`);
          const landed = new URL(response.url).pathname;
          // Signed-in pages show the sign-in wall, which brings the visitor back afterwards.
          expect([`/${area.cstm}/${BUILT_PAGES[page]}`, `/${area.cstm}/login`], page).toContain(landed);
          expect(response.status, page).toBeLessThan(500);
          if (page === "page-not-found") expect(response.status).toBe(404);
          expect(response.text, page).toContain('id="main"');
        }
      });

      it(`R-RTE-03 in-set pages of ${area.cstm} that other branches build still fall through to page-not-found`, async () => {
        const client = new BrowserClient(server.baseUrl);
        for (const page of area.pages.filter((name) => NOT_YET_BUILT.includes(name))) {
          const response = await client.get(`/${area.cstm}/${page}`, { follow: false });
          expect(response.location, `${page}: built now? move it to BUILT_PAGES`).toBe(`/${area.cstm}/page-not-found`);
        }
      });
    });
  }

  it("R-RTE-08 named examples: /initiativ/FAQ, /preview/report, /azubi/registration, /demo/newsletter", async () => {
    const client = new BrowserClient(server.baseUrl);
    for (const [cstm, page] of [
      ["initiativ", "FAQ"],
      ["preview", "report"],
      ["azubi", "registration"],
      ["demo", "newsletter"],
      ["azubi", "landing"],
    ]) {
      const response = await client.get(`/${cstm}/${page}`, { follow: false });
      expect(response.location, `${cstm}/${page}`).toBe(`/${cstm}/page-not-found`);
    }
  });

  it("R-RTE-08 page names are exact: /demo/faq is not /demo/FAQ", async () => {
    const client = new BrowserClient(server.baseUrl);
    expect((await client.get("/demo/faq", { follow: false })).location).toBe("/demo/page-not-found");
  });

  it("R-RTE-03 page-not-found's exit leads to the area root (landing for initiativ)", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/initiativ/page-not-found");
    expect(page.text).toMatch(/class="button button-primary" href="\/initiativ\/landing"/);
  });

  it("R-RTE-01 login/landing redirects to landing, where the area has one", async () => {
    const client = new BrowserClient(server.baseUrl);
    expect((await client.get("/initiativ/login/landing", { follow: false })).location).toBe("/initiativ/landing");
    const azubi = await client.get("/azubi/login/landing");
    expect(azubi.url).toMatch(/\/azubi\/page-not-found$/);
  });
});

describe("landing", () => {
  it("R-RTE-01 R-LAY-01 landing shows the customer's name, sign-in and registration (enabled and in the area)", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/initiativ/landing?langId=en_GB");
    expect(page.text).toContain('class="layout layout-landing"');
    expect(page.text).toMatch(/<h1 id="landing-title">Initiativbewerbung<\/h1>/);
    expect(page.text).toMatch(/href="\/initiativ\/login">Sign in</);
    expect(page.text).toMatch(/href="\/initiativ\/registration">Register</);
  });

  it("R-RTE-01 no registration button where registration is disabled (demo-vor-ort)", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/demo-vor-ort/landing?langId=en_GB");
    expect(page.status).toBe(200);
    expect(page.text).not.toContain("/demo-vor-ort/registration");
  });
});

describe("navigation and header", () => {
  const menu = (html: string) =>
    [...(/<nav class="main-nav"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "").matchAll(/<a[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map(
      (match) => [match[1], match[2]],
    );

  it("R-NAV-01 signed in on preview: Overview, Modules, Newsletter by rank, the current one marked, Logout as a POST form", async () => {
    const client = await signedIn("preview", "Ada Lovelace");
    const page = await client.get("/preview/newsletter?langId=de-DU");
    expect(menu(page.text)).toEqual([
      ["/preview/profileChooser", "Übersicht"],
      ["/preview/home", "Module"],
      ["/preview/newsletter", "Newsletter"],
    ]);
    expect(page.text).toMatch(/<a aria-current="page"[^>]*href="\/preview\/newsletter"/);
    expect(page.text.match(/aria-current="page"/g)).toHaveLength(1);
    expect(page.text).toMatch(/<form method="post" action="\/preview\/logout"><button type="submit">Abmelden<\/button><\/form>/);
  });

  it("R-NAV-02 the header greets the signed-in user by name; anonymous applicants get the plain greeting", async () => {
    const named = await (await signedIn("preview", "Ada Lovelace")).get("/preview/newsletter");
    expect(named.text).toContain("Hallo Ada Lovelace");
    const client = new BrowserClient(server.baseUrl);
    const cookie = await seedApplicantSession(path.join(server.dataDir, "app.db"), testSecret(), {
      cstm: "preview",
      userName: "self_register_anon_123",
      anonymous: true,
    });
    client.cookies.set(cookie.name, cookie.value);
    const anonymous = await client.get("/preview/newsletter");
    expect(anonymous.text).not.toContain("self_register_anon");
    expect(anonymous.text).toContain('class="greeting">Willkommen<');
    expect(anonymous.text).toContain('action="/preview/logout"');
  });

  it("R-NAV-01 no navigation when signed out, or signed in at another customer", async () => {
    const signedOut = await new BrowserClient(server.baseUrl).get("/preview/newsletter");
    expect(signedOut.text).not.toContain('class="main-nav"');
    const elsewhere = await (await signedIn("demo")).get("/preview/newsletter");
    expect(elsewhere.text).not.toContain('class="main-nav"');
  });

  it("R-NAV-02 R-LAY-01 every layout has the logo or name, the language chooser, landmarks, skip link and the legal-notice link", async () => {
    const client = new BrowserClient(server.baseUrl);
    for (const [url, layout] of [
      ["/demo/login", "landing"],
      ["/preview/newsletter", "dashboard"],
      ["/demo/page-not-found", "error"],
    ]) {
      const page = await client.get(url);
      expect(page.text, url).toContain(`class="layout layout-${layout}"`);
      expect(page.text, url).toContain('class="skip-link" href="#main"');
      expect(page.text, url).toMatch(/<header class="app-header">[\s\S]*class="brand"/);
      expect(page.text, url).toMatch(/<main id="main"/);
      expect(page.text, url).toMatch(/<footer class="app-footer"><a href="https:\/\/example.com\/impressum"/);
      if (url.startsWith("/demo")) expect(page.text, url).toContain('class="language-chooser"');
    }
  });

  it("R-TEN-04 the brand links to the customer's start page", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/azubi/login");
    expect(page.text).toMatch(/<a class="brand"[^>]*href="\/azubi"/);
  });
});

describe("modals without JavaScript", () => {
  it("R-SCR-11 R-CON-03 ?modal=privacy renders a dialog over an inert page; the backdrop and the close link lead back", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/demo/login?langId=en_GB&modal=privacy");
    expect(page.text).toMatch(/<div class="layout-page" inert=""/);
    expect(page.text).toMatch(/<dialog open="" aria-modal="true" aria-labelledby="modal-privacy-title" class="modal modal-wide"/);
    expect(page.text).toMatch(/<a class="modal-backdrop" tabindex="-1" aria-hidden="true"[^>]*href="\/demo\/login\?langId=en_GB"/);
    expect(page.text).toMatch(/<a class="modal-close"[^>]*href="\/demo\/login\?langId=en_GB">Close</);
    expect(page.text).toContain('<h2 id="modal-privacy-title">Privacy policy</h2>');
  });

  it("R-SCR-10 R-ENT-03 the privacy modal shows the customer's data-protection statement in the page's language", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/demo/login?langId=en_GB&modal=privacy");
    expect(page.status).toBe(200);
    expect(page.text).toContain("Privacy statement of Demo AG");
  });

  it("R-SCR-11 a stack: the lower modal is inert, the top one closes back to the lower one", async () => {
    const page = await new BrowserClient(server.baseUrl).get("/demo/login?modal=privacy&modal=legal-notice");
    const layers = page.text.match(/<div class="modal-layer[^"]*"[^>]*>/g) ?? [];
    expect(layers).toHaveLength(2);
    expect(layers[0]).toContain('inert=""');
    expect(layers[1]).not.toContain("inert");
    expect(page.text).toMatch(
      /aria-labelledby="modal-legal-notice-title"[\s\S]*class="modal-close"[^>]*href="\/demo\/login\?modal=privacy"/,
    );
    expect(page.text).toMatch(/data-modal-opener="legal-notice"[^>]*href="\/demo\/login\?modal=privacy&amp;modal=legal-notice"/);
    expect(page.text).toContain("Demo AG");
    expect(page.text).toMatch(/href="https:\/\/example.com\/impressum"[^>]*>Vollständiges Impressum öffnen/);
  });

  it("R-SCR-11 modals a page does not declare are ignored: no dialog, nothing inert", async () => {
    const client = new BrowserClient(server.baseUrl);
    for (const url of ["/demo/login?modal=feedback", "/demo/page-not-found?modal=privacy", "/demo/login?modal=constructor"]) {
      const page = await client.get(url);
      expect(page.text, url).not.toContain("<dialog");
      expect(page.text, url).not.toContain('inert=""');
    }
    // legal-notice is declared by the customer layout: every page has it.
    expect((await client.get("/demo/page-not-found?modal=legal-notice")).text).toContain("<dialog");
  });
});
