import type { Breadcrumb, ErrorEvent } from "@sentry/node";
import { CENSORED, redactUrl } from "./redact";

/**
 * What leaves for Sentry passes the same URL redaction as the log (DESIGN §8, decision 101): the SDK's
 * own integrations put the raw request URL, its query string, the transaction name ("GET
 * /demo/reset-password/{hash}/de") and the Referer header into every event, and the URLs of
 * outgoing calls into breadcrumbs. Cookies, authorization headers and request bodies never leave.
 */
const SECRET_HEADER = /cookie|authorization|token/i;
const URL_HEADER = /^(referer|origin|location)$/i;

// Free text (an error message, a transaction name) has no URL boundaries: stop at white space and quotes.
// As in redactUrl: an applicant's user name in a recruiter path, continue codes and the list's search terms are
// personal data too (decisions 168, 171).
const SECRET_SEGMENT_IN_TEXT = /\/(reset-password|activation|engine|recruiter\/applicants)\/[^/?#\s"'<>]+/gi;
const SECRET_PARAM_IN_TEXT =
  /([?&][^=&#\s"'<>]*(?:token|pass(?:word|wort)|secret|hash)[^=&#\s"'<>]*=|[?&](?:session|code|q|name|username|email)=)[^&#\s"'<>]*/gi;

/** Link secrets in free text replaced: "GET /demo/reset-password/abc/de" → "GET /demo/reset-password/[redacted]/de". */
export function redactLinksInText(text: string): string {
  return text.replace(SECRET_SEGMENT_IN_TEXT, `/$1/${CENSORED}`).replace(SECRET_PARAM_IN_TEXT, `$1${CENSORED}`);
}

function redactQuery(query: NonNullable<NonNullable<ErrorEvent["request"]>["query_string"]>) {
  if (typeof query === "string") {
    const leading = query.startsWith("?") ? "?" : "";
    return leading + redactUrl(`?${query.slice(leading.length)}`).slice(1);
  }
  const pairs: Array<[string, string]> = Array.isArray(query) ? query : Object.entries(query);
  const redacted = pairs.map(([name, value]): [string, string] => {
    const [, censoredValue] = redactUrl(`?${encodeURIComponent(name)}=x`).split("=");
    return [name, censoredValue === CENSORED ? CENSORED : value];
  });
  return Array.isArray(query) ? redacted : Object.fromEntries(redacted);
}

export function scrubSentryEvent<E extends ErrorEvent>(event: E): E {
  const request = event.request;
  if (request) {
    if (request.url) request.url = redactUrl(request.url);
    if (request.query_string) request.query_string = redactQuery(request.query_string);
    if (request.headers) {
      for (const [name, value] of Object.entries(request.headers)) {
        if (SECRET_HEADER.test(name)) delete request.headers[name];
        else if (URL_HEADER.test(name) && typeof value === "string") request.headers[name] = redactUrl(value);
      }
    }
    delete request.cookies;
    delete request.data;
  }
  if (event.transaction) event.transaction = redactLinksInText(event.transaction);
  if (event.message) event.message = redactLinksInText(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = redactLinksInText(exception.value);
  }
  if (event.tags) {
    for (const [name, value] of Object.entries(event.tags)) {
      if (typeof value === "string") event.tags[name] = redactLinksInText(value);
    }
  }
  // Our own reports add the upstream failure (its path names the applicant on recruiter calls) as extra data and
  // group by that path: both pass the same redaction.
  if (event.extra) event.extra = redactStrings(event.extra);
  if (event.fingerprint) event.fingerprint = event.fingerprint.map(redactLinksInText);
  for (const breadcrumb of event.breadcrumbs ?? []) scrubBreadcrumb(breadcrumb);
  return event;
}

function redactStrings<T>(value: T, depth = 0): T {
  if (typeof value === "string") return redactLinksInText(value) as T;
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item: unknown) => redactStrings(item, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item as unknown, depth + 1)])) as T;
}

export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb {
  if (breadcrumb.message) breadcrumb.message = redactLinksInText(breadcrumb.message);
  const data = breadcrumb.data;
  if (data) {
    // Form posts are no business of a breadcrumb.
    delete data.body;
    if (typeof data.url === "string") data.url = redactUrl(data.url);
    if (typeof data["http.query"] === "string") data["http.query"] = redactQuery(data["http.query"]);
    if (typeof data.from === "string") data.from = redactUrl(data.from);
    if (typeof data.to === "string") data.to = redactUrl(data.to);
  }
  return breadcrumb;
}

/** The parts of a span that can carry personal data: its name and attributes (url.full, http.url, url.query, …). */
interface ScrubbedSpan {
  op?: string;
  description?: string;
  data?: Record<string, unknown>;
}

// Route parameters the Remix instrumentation records per loader span (match.params.*) that name no person and
// hold no secret; the others (userName, userHash, the splat) are censored.
const PLAIN_ROUTE_PARAMS = new Set(["cstm", "language", "profileId", "moduleId", "importId"]);

/**
 * A trace (SENTRY_TRACES_SAMPLE_RATE, decision 177) passes the redaction of an error event, and so does each of its
 * spans: the page's loaders with their route parameters, the upstream calls with their URLs (an applicant's user
 * name in a recruiter path, a link's hash), Redis commands with their keys (a session id is a credential) and the
 * render. Header attributes of secret headers are dropped; the SDK sends none without sendDefaultPii, this keeps it
 * so if a default changes.
 */
export function scrubSentryTransaction<E extends ErrorEvent | { type: "transaction" }>(event: E): E {
  const scrubbed = scrubSentryEvent(event as ErrorEvent) as ErrorEvent & {
    spans?: ScrubbedSpan[];
    contexts?: { trace?: ScrubbedSpan };
  };
  const trace = scrubbed.contexts?.trace;
  if (trace) scrubSpan(trace);
  for (const span of scrubbed.spans ?? []) scrubSpan(span);
  return scrubbed as E;
}

function scrubSpan(span: ScrubbedSpan): void {
  const data = span.data ?? {};
  if (span.description) span.description = redactLinksInText(span.description);
  for (const [name, value] of Object.entries(data)) {
    if (/header/i.test(name) && SECRET_HEADER.test(name)) delete data[name];
    else if (name.startsWith("match.params.")) {
      if (!PLAIN_ROUTE_PARAMS.has(name.slice("match.params.".length))) data[name] = CENSORED;
    } else if (typeof value !== "string") continue;
    else if (name === "db.statement") data[name] = commandOnly(value);
    else if (/query$/i.test(name)) data[name] = redactQuery(value);
    else data[name] = redactLinksInText(value);
  }
  // A cache or database command's name is its span's name, its arguments (keys, values) are the data.
  if (typeof data["db.system"] === "string" && span.description) span.description = commandOnly(span.description);
  // The SDK names a loader or action span after the page's URL, the same for every loader of the page; the route
  // id says which one it is.
  const routeId = data["match.route.id"];
  const kind = data["code.function"];
  if ((kind === "loader" || kind === "action") && typeof routeId === "string" && span.op !== "http.server") {
    span.description = `${kind} ${routeId}`;
  }
}

function commandOnly(statement: string): string {
  const [command, ...args] = statement.trim().split(/\s+/);
  return args.length ? `${command} ${CENSORED}` : command;
}
