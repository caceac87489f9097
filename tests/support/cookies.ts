/**
 * The cookie handling of the test clients (tests/support/browser-client.ts, tests/fuzz/support/app-client.ts):
 * a browser's jar reduced to what the app uses, one name → value map per client.
 */

/** Takes the Set-Cookie lines of an answer into the jar; an expired or emptied cookie leaves it. */
export function storeSetCookies(cookies: Map<string, string>, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(";");
    const index = pair.indexOf("=");
    const name = pair.slice(0, index).trim();
    const value = pair.slice(index + 1).trim();
    const expired = attributes.some((attribute) => {
      const [key, val] = attribute.split("=").map((part) => part.trim().toLowerCase());
      return (key === "max-age" && Number(val) <= 0) || (key === "expires" && Date.parse(val) < Date.now());
    });
    if (expired || value === "") cookies.delete(name);
    else cookies.set(name, value);
  }
}

/** The Cookie header the jar sends, or undefined when it is empty. */
export function cookieHeader(cookies: Map<string, string>): string | undefined {
  if (cookies.size === 0) return undefined;
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}
