import type { Encoding, Entries } from "./arbitraries";
import type { Answer } from "./app-client";

/**
 * What every fuzzed answer must satisfy (docs/decisions/102): no 5xx, no stack trace or server path in
 * the body, and where a form comes back with errors, the user's other input is in it.
 */
export class FuzzFailure extends Error {
  override name = "FuzzFailure";
}

const STACK_TRACE = [
  // [ \t], not \s: a body of many blank lines must not make this pattern quadratic.
  /^[ \t]*at [^\n]*:\d+:\d+\)?[ \t]*$/m,
  /node:internal\//,
  /node_modules\//,
  /\/build\/server\//,
  /file:\/\/\//,
  /\b(?:TypeError|ReferenceError|SyntaxError|RangeError): /,
];

function describe(answer: Answer): string {
  const snippet = answer.text.length > 600 ? `${answer.text.slice(0, 600)}…` : answer.text;
  return `${answer.transport} ${answer.url} → ${answer.status}${answer.location ? ` (Location ${answer.location})` : ""}\n${snippet}`;
}

/** The body without the values that were sent: an echoed value may look like anything. */
function withoutEchoes(text: string, sent: readonly string[]): string {
  let rest = text;
  for (const value of sent) {
    if (value.length < 3) continue;
    for (const form of [value, JSON.stringify(value).slice(1, -1), escapeHtml(value)]) rest = rest.split(form).join("");
  }
  return rest;
}

export function assertNoServerError(answer: Answer, sent: readonly string[] = []): void {
  if (answer.status >= 500) throw new FuzzFailure(`5xx answer: ${describe(answer)}`);
  // React 18's streaming renderer once padded its 2 KiB views with NUL bytes (app/render/react-stream.server.ts).
  if (answer.transport === "document" && answer.text.includes("\u0000") && !sent.some((value) => value.includes("\u0000"))) {
    throw new FuzzFailure(`a NUL byte in the page that nobody sent: ${describe(answer)}`);
  }
  // Echoes are taken out only when something looks like a trace: splitting a page by each of
  // several 100,000-character values on every run costs more than the app's answer.
  const suspicious = STACK_TRACE.some((pattern) => pattern.test(answer.text));
  const body = suspicious ? withoutEchoes(answer.text, sent) : "";
  const trace = suspicious ? STACK_TRACE.find((pattern) => pattern.test(body)) : undefined;
  if (trace) throw new FuzzFailure(`stack trace or server path (${trace}) in the body: ${describe(answer)}`);
}

/**
 * What the server receives for a string: form encoding replaces lone surrogates with U+FFFD, and
 * multipart encoding (as fetch does it, per the HTML standard) turns every line break into CRLF.
 */
export function asReceived(value: string, encoding: Encoding = "urlencoded"): string {
  const wellFormed = (value as string & { toWellFormed(): string }).toWellFormed();
  return encoding === "multipart" ? wellFormed.replace(/\r\n|\r|\n/g, "\r\n") : wellFormed;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code = entity[1] === "x" || entity[1] === "X" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return String.fromCodePoint(code);
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The values of the named inputs and text areas of a rendered page (our own markup). */
export function renderedValues(html: string): Map<string, string[]> {
  const values = new Map<string, string[]>();
  const add = (name: string, value: string) => values.set(name, [...(values.get(name) ?? []), value]);
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(tag)?.[1];
    if (name === undefined) continue;
    const type = /\stype="([^"]*)"/.exec(tag)?.[1] ?? "text";
    if (type === "checkbox" || type === "radio") {
      if (/\schecked=""/.test(tag)) add(unescapeHtml(name), unescapeHtml(/\svalue="([^"]*)"/.exec(tag)?.[1] ?? "on"));
      continue;
    }
    add(unescapeHtml(name), unescapeHtml(/\svalue="([^"]*)"/.exec(tag)?.[1] ?? ""));
  }
  for (const [, attributes, content] of html.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = /\sname="([^"]*)"/.exec(attributes)?.[1];
    // The HTML parser drops one newline right after <textarea>; React writes one when the value starts with it.
    if (name !== undefined) add(unescapeHtml(name), unescapeHtml(content).replace(/^\n/, ""));
  }
  for (const [, attributes, content] of html.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = /\sname="([^"]*)"/.exec(attributes)?.[1];
    const selected = /<option\b[^>]*\svalue="([^"]*)"[^>]*\sselected=""/.exec(content)?.[1];
    if (name !== undefined) add(unescapeHtml(name), selected === undefined ? "" : unescapeHtml(selected));
  }
  return values;
}

/** The conform submission a data request's action answered with, if any. */
export function submissionOf(answer: Answer): { initialValue?: Record<string, unknown>; error?: unknown } | undefined {
  const data = (answer.data as { data?: { result?: unknown } } | undefined)?.data;
  const result = data?.result ?? data;
  if (typeof result === "object" && result !== null && "initialValue" in result)
    return result as { initialValue?: Record<string, unknown> };
  return undefined;
}

/** A catalogue error page or payload instead of the form (the input is gone). */
export function isErrorPage(answer: Answer): boolean {
  if (answer.transport !== "document") {
    const error = (answer.data as { error?: { type?: string } } | undefined)?.error;
    return error !== undefined;
  }
  return answer.status >= 400 && /id="error-title"/.test(answer.text);
}

/**
 * The fields the user typed (sent once, not hidden like passwords) must come back as they were:
 * in the data request's submission reply, or as the values of the re-rendered page's inputs.
 */
export function assertInputKept(answer: Answer, entries: Entries, fields: readonly string[], encoding: Encoding = "urlencoded"): void {
  const sentOnce = fields.filter((field) => entries.filter(([name]) => name === field).length === 1);
  // Tools may send "field.x" or "field[0]" next to "field": conform reads those as nested values.
  const kept = sentOnce.filter(
    (field) => !entries.some(([name]) => name !== field && (name.startsWith(`${field}.`) || name.startsWith(`${field}[`))),
  );
  if (kept.length === 0) return;
  const expected = new Map(kept.map((field) => [field, asReceived(entries.find(([name]) => name === field)![1], encoding)]));
  if (answer.transport !== "document") {
    const submission = submissionOf(answer);
    if (!submission) throw new FuzzFailure(`the form's answer has no submission to show the input again: ${describe(answer)}`);
    for (const [field, value] of expected) {
      // conform leaves empty fields out of initialValue: the form shows them empty, as they were.
      const echoed = submission.initialValue?.[field] ?? "";
      if (echoed !== value) {
        throw new FuzzFailure(
          `input of "${field}" not kept: sent ${JSON.stringify(value).slice(0, 200)}, got ${JSON.stringify(echoed)?.slice(0, 200)} ` +
            `(${difference(value, typeof echoed === "string" ? echoed : undefined)}): ${describe(answer)}`,
        );
      }
    }
    return;
  }
  const rendered = renderedValues(answer.text);
  for (const [field, value] of expected) {
    const shown = rendered.get(field);
    if (!shown?.includes(value)) {
      throw new FuzzFailure(
        `input of "${field}" not kept on the page: sent ${JSON.stringify(value).slice(0, 200)}, shown ${JSON.stringify(shown)?.slice(0, 200)} ` +
          `(${difference(value, shown?.[0])}): ${describe(answer)}`,
      );
    }
  }
}

/** Where two long strings part, for a failure message that cannot print them whole. */
function difference(sent: string, shown: string | undefined): string {
  if (shown === undefined) return "nothing shown";
  let index = 0;
  while (index < sent.length && sent[index] === shown[index]) index++;
  return `lengths ${sent.length} and ${shown.length}, first difference at ${index}: ${JSON.stringify(sent.slice(index, index + 20))} vs ${JSON.stringify(shown.slice(index, index + 20))}`;
}
