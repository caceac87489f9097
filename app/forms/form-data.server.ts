import { data } from "@remix-run/node";

/**
 * The body of a form post, as every action reads it (issue 10 part 5, found by the fuzz tests in
 * tests/fuzz, docs/decisions/102):
 * - A body that is no form (JSON, plain text, a broken multipart body) makes `request.formData()`
 *   throw, which used to end as a 500. Browsers never send one; a tool gets a 400 error page.
 * - conform reads `__intent__` and `__state__` as its own serialized JSON and throws on anything
 *   else. The app posts neither (no conform in the browser, docs/decisions/002): they are dropped.
 * - conform reads `a.b` and `a[0]` as paths into nested values, and `a[999999999]` as an array of a
 *   billion slots, which froze the whole server while the answer was serialized. Every field of the
 *   app has a flat name (form-module names are [A-Za-z0-9_-]), so names with path syntax are dropped.
 */
const CONFORM_RESERVED = new Set(["__intent__", "__state__"]);
const PATH_SYNTAX = /[.[\]]/;

/**
 * One request's body is read once: a later reader (the expired-session check of requireApplicant,
 * decision 126; the error answer of route-errors.server.ts, decision 127) gets the same form data as
 * the action. Kept on the request under a registered symbol: the server entry is another bundle with
 * its own copy of this module.
 */
const READ = Symbol.for("assessment-platform.formData");

export function readFormData(request: Request): Promise<FormData> {
  const holder = request as Request & { [READ]?: Promise<FormData> };
  holder[READ] ??= parseFormData(request);
  return holder[READ];
}

async function parseFormData(request: Request): Promise<FormData> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    // Not a catalogue error of its own: the boundary shows the general one (E01/C01) with status 400.
    throw data(null, { status: 400 });
  }
  const dropped = new Set([...formData.keys()].filter((name) => CONFORM_RESERVED.has(name) || PATH_SYNTAX.test(name)));
  for (const name of dropped) formData.delete(name);
  return formData;
}
