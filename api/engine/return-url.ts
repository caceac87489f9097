/**
 * The engine's last page sends the whole window to the returnUrl the app gave. It must be the app's
 * own: a root-relative path, or an absolute URL with the app's origin. Never an open redirect.
 * The checks apply to the URL as a browser resolves it (dot segments, %2e, … normalised), not to
 * the text given: `/..//evil.example` is the path `//evil.example`, which a browser reads as a host.
 */
export interface ReturnTarget {
  /** The form action: the URL without query and fragment. */
  action: string;
  /** The query parameters, sent again as hidden fields (a GET form replaces the action's query). */
  fields: [string, string][];
}

const MAX_LENGTH = 2000;

export function normalizeReturnUrl(value: string, appBaseUrl: string): string | null {
  if (value.length === 0 || value.length > MAX_LENGTH) return null;
  // Control characters and backslashes make browsers and URL parsers disagree; refuse them.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point of this check
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  if (value.startsWith("/")) {
    let url: URL;
    try {
      url = new URL(value, "http://relative.invalid");
    } catch {
      return null;
    }
    if (url.origin !== "http://relative.invalid" || url.username || url.password) return null;
    // After normalisation a path must still be one: "//host…" would leave the site.
    if (!isPlainPath(url.pathname)) return null;
    return url.pathname + url.search;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  let appOrigin: string;
  try {
    appOrigin = new URL(appBaseUrl).origin;
  } catch {
    return null;
  }
  if (url.origin !== appOrigin || !isPlainPath(url.pathname)) return null;
  return url.origin + url.pathname + url.search;
}

/** A normalised path that every reader takes for a path on this origin. */
function isPlainPath(pathname: string): boolean {
  return pathname.startsWith("/") && !pathname.startsWith("//") && !/^\/(?:%2f|%5c)/i.test(pathname) && !pathname.includes("\\");
}

export function returnTarget(normalized: string): ReturnTarget {
  const relative = normalized.startsWith("/");
  const url = new URL(normalized, "http://relative.invalid");
  return {
    action: relative ? url.pathname : url.origin + url.pathname,
    fields: [...url.searchParams.entries()],
  };
}

/** The origin to allow as frame ancestor and form target besides 'self', if the app has one. */
export function appOrigin(appBaseUrl: string): string | null {
  try {
    const url = new URL(appBaseUrl);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}
