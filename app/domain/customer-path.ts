/**
 * R-TEN-01/02/04: customer paths. The customer code is the first path segment; building a path
 * without one is a programming error and throws 'no cstm defined'.
 */
export function customerPath(cstm: string | null | undefined, path = ""): string {
  if (!cstm) throw new Error("no cstm defined");
  if (/^https?:\/\//i.test(path)) return path;
  const normalized = path === "" ? "" : path.startsWith("/") ? path : `/${path}`;
  const prefix = `/${cstm}`;
  if (normalized === prefix || normalized.startsWith(`${prefix}/`) || normalized.startsWith(`${prefix}?`)) {
    return normalized;
  }
  return `${prefix}${normalized}`;
}
