import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BrowserClient } from "../support/browser-client";
import { cloneUser } from "../support/demo";
import { signedInRita } from "../support/recruiter";
import { startServer, type RunningServer } from "../support/server";

/**
 * Finding the way back in the recruiter workspace (R-SCR-14, docs/decisions/188) over HTTP, like a browser without
 * JavaScript: the applicant page's way back to the list at its filters, sort and page; previous and next of that
 * list across pages; saved views per recruiter and customer.
 */
let server: RunningServer;
const page = (userName: string) => `/demo/recruiter/applicants/${encodeURIComponent(userName)}`;

beforeAll(async () => {
  server = await startServer({}, { timeoutMs: 90_000 });
});
afterAll(async () => {
  await server?.stop();
});

/** The list carried in an applicant page's address, as the pages write it (docs/decisions/188). */
const carried = (search: string) => `list=${encodeURIComponent(search).replace(/%3D/g, "=")}`;
const html = (text: string) => text.replace(/&/g, "&amp;");

async function apiToken(userName: string, password: string, cstm: string): Promise<string> {
  const login = await fetch(`${server.baseUrl}/api/recruiter/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ cstm, userName, password }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { access_token: string }).access_token;
}

async function api(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, ...(init.body ? { "content-type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The user names of a list in its order, as the API lists them (at most 100). */
async function order(token: string, query: string): Promise<{ total: number; userNames: string[] }> {
  const { body } = await api(`/demo/recruiter/applicants?${query}&pageSize=100`, token);
  return { total: body.total as number, userNames: (body.applicants as { userName: string }[]).map((row) => row.userName) };
}

/** The hrefs of the links with the given rel on a page. */
const relLinks = (text: string, rel: string) =>
  [...text.matchAll(new RegExp(`<a rel="${rel}" data-discover="true" href="([^"]*)"`, "g"))].map((match) => match[1]);

describe("back to the list (docs/decisions/188)", () => {
  it("R-SCR-14 an applicant opened from a filtered, sorted list on page 2 leads back to it; the pages reached from it keep it", async () => {
    const rita = await signedInRita(server.baseUrl, "en_GB");
    // The list's own order of parameters (app/recruiter/list-query.ts), as its links write them.
    const listQuery = "sort=registered&order=desc&page=2&status=new";
    const list = await rita.get(`/demo/recruiter/applicants?${listQuery}`);
    expect(list.text).toContain("page 2 of");
    const first = /<th scope="row"><a data-discover="true" href="([^"]+)"/.exec(list.text)?.[1];
    expect(first).toMatch(new RegExp(`^/demo/recruiter/applicants/[^?]+\\?${carried(listQuery).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));

    const applicant = await rita.get(first!);
    expect(applicant.status).toBe(200);
    expect(applicant.text).toContain(`href="${html(`/demo/recruiter/applicants?${listQuery}`)}">Back to the applicant list</a>`);
    // The erasure and test continue pages, reached from here, lead back to the page with the list.
    const path = first!.split("?")[0];
    expect(applicant.text).toContain(`href="${path}/erase?${carried(listQuery)}"`);
    const erase = await rita.get(`${path}/erase?${carried(listQuery)}`);
    expect(erase.text).toContain(`href="${path}?${carried(listQuery)}"`);

    // Back on the list: its filters, sort and page as they were.
    const back = await rita.get(`/demo/recruiter/applicants?${listQuery}`);
    expect(back.text).toContain("page 2 of");
    expect(back.text).toMatch(/<option value="new" selected="">/);
  });

  it("R-SCR-14 an action on the page keeps the list; an applicant who left the filtered list is told so calmly, the way back stays", async () => {
    const rita = await signedInRita(server.baseUrl, "en_GB");
    const anna = await cloneUser(server.baseUrl, "anna");
    const listQuery = `q=${anna.userName}&status=new`;
    const opened = await rita.get(`${page(anna.userName)}?${carried(listQuery)}`);
    expect(opened.text).toContain("Applicant 1 of 1");

    const changed = await rita.post(
      `${page(anna.userName)}?${carried(listQuery)}`,
      { intent: "status", status: "screening" },
      { follow: false },
    );
    expect(changed.status).toBe(302);
    expect(changed.location).toBe(`${page(anna.userName)}?${carried(listQuery)}`);
    const after = await rita.get(changed.location!);
    expect(after.text).toContain("This applicant no longer matches the list&#x27;s filters");
    expect(after.text).not.toContain("Applicant 1 of");
    expect(after.text).toContain(`href="${html(`/demo/recruiter/applicants?${listQuery}`)}">Back to the applicant list</a>`);
  });

  it("a crafted list parameter cannot lead anywhere but the customer's own list", async () => {
    const rita = await signedInRita(server.baseUrl, "en_GB");
    for (const crafted of [
      "https://evil.example/",
      "//evil.example/applicants?status=new",
      "/\\evil.example",
      "status=new&redirectTo=https://evil.example&page=%2F%2Fevil.example",
      "sort=javascript:alert(1)&q=%22%3E%3Cscript%3E",
    ]) {
      const applicant = await rita.get(`${page("ben")}?list=${encodeURIComponent(crafted)}`);
      expect(applicant.status, crafted).toBe(200);
      const back = / href="([^"]*)">Back to the applicant list<\/a>/.exec(applicant.text)?.[1] ?? "";
      expect(back, crafted).toMatch(/^\/demo\/recruiter\/applicants(\?|$)/);
      expect(back, crafted).not.toMatch(/evil|javascript|redirectTo|<script/);
      expect(applicant.text, crafted).not.toContain("<script>");
    }
    // Only the valid part survives: the status filter of the third crafted list.
    const kept = await rita.get(`${page("ben")}?list=${encodeURIComponent("status=new&redirectTo=https://evil.example")}`);
    expect(kept.text).toContain('href="/demo/recruiter/applicants?status=new">Back to the applicant list</a>');
  });
});

describe("previous and next of the list (docs/decisions/188)", () => {
  it("R-SCR-14 follow the list's order across a page boundary, say n of N, and stop at both ends", async () => {
    const rita = await signedInRita(server.baseUrl, "en_GB");
    const token = await apiToken("rita", "Rita-Recruiter-2027", "demo");
    const listQuery = "sort=progress&order=desc";
    const { total, userNames } = await order(token, listQuery);
    expect(total).toBeGreaterThan(50);

    // The last of page 1: previous on page 1, next (the first of page 2) carries page 2.
    const last = await rita.get(`${page(userNames[24])}?${carried(`${listQuery}&page=1`)}`);
    expect(last.text).toContain(`Applicant 25 of ${total}`);
    expect(relLinks(last.text, "prev")).toEqual([`${page(userNames[23])}?${carried(listQuery)}`]);
    expect(relLinks(last.text, "next")).toEqual([`${page(userNames[25])}?${carried(`${listQuery}&page=2`)}`]);

    const next = await rita.get(relLinks(last.text, "next")[0]);
    expect(next.text).toContain(`Applicant 26 of ${total}`);
    expect(next.text).toContain(`href="${html(`/demo/recruiter/applicants?${listQuery}&page=2`)}">Back to the applicant list</a>`);
    expect(relLinks(next.text, "prev")).toEqual([`${page(userNames[24])}?${carried(listQuery)}`]);

    // The ends: no link rather than a dead one.
    const firstOfAll = await rita.get(`${page(userNames[0])}?${carried(listQuery)}`);
    expect(firstOfAll.text).toContain(`Applicant 1 of ${total}`);
    expect(relLinks(firstOfAll.text, "prev")).toEqual([]);
    expect(relLinks(firstOfAll.text, "next")).toHaveLength(1);
    const lastOfAll = (await api(`/demo/recruiter/applicants?${listQuery}&pageSize=1&page=${total}`, token)).body.applicants as {
      userName: string;
    }[];
    const end = await rita.get(`${page(lastOfAll[0].userName)}?${carried(listQuery)}`);
    expect(end.text).toContain(`Applicant ${total} of ${total}`);
    expect(relLinks(end.text, "next")).toEqual([]);
    expect(relLinks(end.text, "prev")).toHaveLength(1);
  });

  it("the neighbours call answers in the list's terms and refuses another customer's recruiter", async () => {
    const token = await apiToken("rita", "Rita-Recruiter-2027", "demo");
    const { userNames } = await order(token, "sort=name");
    const middle = await api(`/demo/recruiter/applicants/${userNames[10]}/neighbours?sort=name`, token);
    expect(middle.status).toBe(200);
    expect(middle.body).toMatchObject({ position: 11, pageSize: 25, previous: { userName: userNames[9], position: 10 } });
    expect((middle.body.next as { userName: string }).userName).toBe(userNames[11]);
    expect((await api(`/demo/recruiter/applicants/${userNames[10]}/neighbours?sort=bogus`, token)).status).toBe(400);
    const rolf = await apiToken("rolf", "Rolf-Recruiter-2027", "azubi");
    expect((await api(`/demo/recruiter/applicants/${userNames[10]}/neighbours`, rolf)).status).toBe(403);
  });
});

describe("saved views (docs/decisions/188)", () => {
  const views = "/demo/recruiter/views";

  it("R-SCR-14 save this view, find it among the saved views, open it, delete it; refused names keep what was typed", async () => {
    const rita = await signedInRita(server.baseUrl, "en_GB");
    const list = await rita.get("/demo/recruiter/applicants?sort=progress&progressMax=99&profile=P100&page=2");
    // The view is the list's filters and sort, never its page.
    expect(list.text).toContain(`name="list" value="${html("sort=progress&progressMax=99&profile=P100")}"`);

    const saved = await rita.post(views, {
      intent: "save",
      name: "  P100, not finished ",
      list: "sort=progress&progressMax=99&profile=P100",
    });
    expect(new URL(saved.url).pathname + new URL(saved.url).search).toBe(
      "/demo/recruiter/applicants?sort=progress&progressMax=99&profile=P100",
    );
    expect(saved.text).toContain("The view has been saved.");
    const href = html("/demo/recruiter/applicants?sort=progress&progressMax=99&profile=P100");
    expect(saved.text).toContain(`<a aria-current="page" data-discover="true" href="${href}">P100, not finished</a>`);

    // Elsewhere in the list the view is a link that opens it.
    const other = await rita.get("/demo/recruiter/applicants");
    expect(other.text).toContain(`<a data-discover="true" href="${href}">P100, not finished</a>`);
    const opened = await rita.get("/demo/recruiter/applicants?sort=progress&progressMax=99&profile=P100");
    expect(opened.text).toMatch(/<option value="P100" selected="">/);

    for (const [name, status, message] of [
      ["   ", 400, "Please enter a name for the view."],
      ["x".repeat(61), 400, "The name may be at most 60 characters long."],
      ["p100, NOT finished", 409, "You already have a view with this name. Please choose another name."],
    ] as const) {
      const refused = await rita.post(views, { intent: "save", name, list: "status=new" });
      expect(refused.status, name).toBe(status);
      expect(refused.text, name).toContain(message);
      expect(refused.text, name).toContain(`value="${name}"`);
      expect(refused.text, name).toContain('aria-invalid="true"');
      expect(refused.text, name).toContain(`name="list" value="status=new"`);
    }

    const id = /name="id" value="(\d+)"/.exec(other.text)?.[1];
    expect(id).toBeDefined();
    const deleted = await rita.post(views, { intent: "delete", id: id!, list: "status=new" });
    expect(new URL(deleted.url).search).toBe("?status=new");
    expect(deleted.text).toContain("The view has been deleted.");
    expect(deleted.text).not.toContain("P100, not finished");
    expect(deleted.text).toContain("You have not saved any views yet.");
  });

  it("another recruiter never sees or deletes them; another customer's recruiter is refused; a bad list is refused", async () => {
    const rita = await signedInRita(server.baseUrl, "en_GB");
    await rita.get("/demo-vor-ort/recruiter/applicants?langId=en_GB");
    const saved = await rita.post("/demo-vor-ort/recruiter/views", { intent: "save", name: "Rita's on-site view", list: "activated=true" });
    expect(saved.text).toContain("The view has been saved.");
    const ritaToken = await apiToken("rita", "Rita-Recruiter-2027", "demo");
    const ritas = (await api("/demo-vor-ort/recruiter/views", ritaToken)).body.views as { id: number; name: string; query: string }[];
    const view = ritas.find((candidate) => candidate.name === "Rita's on-site view")!;
    expect(view.query).toBe("activated=true");
    // Per customer: not among rita's views at demo.
    expect(((await api("/demo/recruiter/views", ritaToken)).body.views as unknown[]).length).toBe(0);

    // Vera serves demo-vor-ort too: she sees none of rita's views and cannot delete them.
    const vera = new BrowserClient(server.baseUrl);
    await vera.get("/demo-vor-ort/recruiter/login?langId=en_GB");
    const veraList = await vera.post("/demo-vor-ort/recruiter/login", { username: "vera", password: "Vera-Recruiter-2027" });
    expect(new URL(veraList.url).pathname).toBe("/demo-vor-ort/recruiter/applicants");
    expect(veraList.text).not.toContain("Rita&#x27;s on-site view");
    const refused = await vera.post("/demo-vor-ort/recruiter/views", { intent: "delete", id: String(view.id), list: "" });
    expect(refused.status).toBe(200);
    expect(refused.text).toContain("This view no longer exists.");
    const veraToken = await apiToken("vera", "Vera-Recruiter-2027", "demo-vor-ort");
    expect((await api(`/demo-vor-ort/recruiter/views/${view.id}/delete`, veraToken, { method: "POST", body: {} })).status).toBe(404);
    expect(((await api("/demo-vor-ort/recruiter/views", ritaToken)).body.views as unknown[]).length).toBe(1);

    // Rolf serves another customer only.
    const rolf = await apiToken("rolf", "Rolf-Recruiter-2027", "azubi");
    expect((await api("/demo-vor-ort/recruiter/views", rolf)).status).toBe(403);
    expect((await api(`/demo-vor-ort/recruiter/views/${view.id}/delete`, rolf, { method: "POST", body: {} })).status).toBe(403);
    expect((await api("/demo/recruiter/views", rolf, { method: "POST", body: { name: "x", query: "" } })).status).toBe(403);

    // The API takes only a list query the list itself takes.
    const bad = await api("/demo/recruiter/views", ritaToken, { method: "POST", body: { name: "Bad", query: "status=bogus" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("invalid_body");
  });
});
