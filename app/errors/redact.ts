/**
 * What never reaches a log line or an error report (DESIGN §8): cookies, authorization headers,
 * tokens and passwords, wherever they sit in a logged object, and the secrets of links (the user
 * hash of reset-password and activation links, token parameters).
 */
export const CENSORED = "[redacted]";

/** Keys whose values are secrets: password, newPassword, access_token, recruiterToken, set-cookie, … */
export const SECRET_KEY = /pass(word|wort)|token|secret|authorization|cookie/i;

// The engine's session key opens an applicant's assessment session: as secret as a reset link. An
// applicant's user name in a recruiter path (often the e-mail address) is personal data support does
// not need to read a line: the request id leads to the upstream's audit entry (docs/decisions/171).
const SECRET_SEGMENT = /\/(reset-password|activation|engine|recruiter\/applicants)\/[^/?#]+/gi;
// A continue code signs a station in as the applicant until it is used; the recruiter list's search
// and filters carry names and e-mail addresses (personal data). None of them helps support read a
// log line: censored like the secrets.
const SECRET_PARAM = /token|pass(word|wort)|secret|hash|^(session|code|q|name|username|email)$/i;

/** A URL or path with its link secrets replaced: /demo/reset-password/{hash}/de → …/[redacted]/de. */
export function redactUrl(url: string): string {
  const hashAt = url.indexOf("#");
  const withoutFragment = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = withoutFragment.indexOf("?");
  const path = (queryAt === -1 ? withoutFragment : withoutFragment.slice(0, queryAt)).replace(SECRET_SEGMENT, `/$1/${CENSORED}`);
  if (queryAt === -1) return path;
  const query = withoutFragment
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=")[0];
      return SECRET_PARAM.test(decodeURIComponentSafe(name)) ? `${name}=${CENSORED}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const MAX_DEPTH = 8;

/**
 * A copy of `value` with the values of secret keys censored, deeply; `value` itself when nothing
 * had to change (the common case costs no copy). Errors stay errors (name, message, stack kept).
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let changed = false;
    const items = (value as unknown[]).map((item) => {
      const redacted = redactSecrets(item, depth + 1);
      if (redacted !== item) changed = true;
      return redacted;
    });
    return (changed ? items : value) as T;
  }
  if (!isPlainOrError(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const redacted = SECRET_KEY.test(key) && item !== undefined && item !== null ? CENSORED : redactSecrets(item, depth + 1);
    if (redacted !== item) {
      copy ??= value instanceof Error ? errorCopy(value) : { ...(value as Record<string, unknown>) };
      copy[key] = redacted;
    }
  }
  return (copy ?? value) as T;
}

function isPlainOrError(value: object): boolean {
  if (value instanceof Error) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function errorCopy(error: Error): Record<string, unknown> {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object | null) as Record<string, unknown>, error);
  const source = error as unknown as Record<string, unknown>;
  // Not enumerable on errors, so Object.assign did not copy them.
  for (const key of ["name", "message", "stack", "cause"]) if (source[key] !== undefined) copy[key] = source[key];
  return copy;
}
