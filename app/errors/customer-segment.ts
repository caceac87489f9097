/**
 * Which customer a path belongs to, for error views, logs and reports. Customer codes are URL
 * segments: the rule of isValidCstm (app/customer/customer.server.ts), which is server-only.
 */
const CUSTOMER_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** First segments that are ours, not customers'. */
const RESERVED = new Set(["api", "assets"]);

export function isCustomerSegment(value: string | undefined): value is string {
  return value !== undefined && CUSTOMER_SEGMENT.test(value) && !RESERVED.has(value);
}

/** The customer of a path: its first segment, when it can be one. */
export function customerOfPath(pathname: string): string | undefined {
  const segment = pathname.split("/")[1];
  return isCustomerSegment(segment) ? segment : undefined;
}
