import { data } from "@remix-run/node";

/**
 * The body of a form post, as every action reads it (found by the fuzz tests in tests/fuzz,
 * docs/decisions/102):
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
const BODY = Symbol.for("assessment-platform.formBody");

type Holder = Request & { [READ]?: Promise<FormData>; [BODY]?: Promise<FormData> };

export function readFormData(request: Request): Promise<FormData> {
  const holder = request as Holder;
  holder[READ] ??= readFormBody(request).then(withoutConformNames);
  return holder[READ];
}

/**
 * The form's fields as posted, names with path syntax included, for an action that reads them
 * itself and never hands them to conform (the recruiter's module form names its fields
 * `field.<name>`, app/recruiter/applicant-actions.server.ts). A body that is no form is a 400 here
 * too (found by the fuzzing of the recruiter's actions).
 */
export function readFormBody(request: Request): Promise<FormData> {
  const holder = request as Holder;
  holder[BODY] ??= request.formData().catch(() => {
    // Not a catalogue error of its own: the boundary shows the general one (E01/C01) with status 400.
    throw data(null, { status: 400 });
  });
  return holder[BODY];
}

function withoutConformNames(body: FormData): FormData {
  const formData = new FormData();
  for (const [name, value] of body) if (!CONFORM_RESERVED.has(name) && !PATH_SYNTAX.test(name)) formData.append(name, value);
  return formData;
}
