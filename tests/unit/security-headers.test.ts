import { describe, expect, it } from "vitest";
import type { NextFunction, Request, Response } from "express";
import { nextNonce, securityHeaders } from "../../server/security";

/** The headers one document answer gets from the middleware. */
function headersOf(middleware: ReturnType<typeof securityHeaders>): { headers: Record<string, string>; nonce: string } {
  const headers: Record<string, string> = {};
  const res = { locals: {} as Record<string, unknown>, setHeader: (name: string, value: string) => (headers[name] = value) };
  let nextCalled = false;
  middleware({} as Request, res as unknown as Response, (() => (nextCalled = true)) as NextFunction);
  expect(nextCalled).toBe(true);
  return { headers, nonce: res.locals.cspNonce as string };
}

describe("security headers (DESIGN §8)", () => {
  it("CSP nonces are 16 random bytes each, never repeated across pool refills (DESIGN §8)", () => {
    const nonces = Array.from({ length: 700 }, () => nextNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    // Not a counter or a constant pattern: the bytes of 700 nonces cover nearly every byte value.
    const bytes = new Set(nonces.flatMap((nonce) => [...Buffer.from(nonce, "base64")]));
    expect(bytes.size).toBeGreaterThan(250);
  });

  it("every document gets the whole policy with its own nonce and the configured frame sources", () => {
    const middleware = securityHeaders({ hsts: false, frameSources: ["https://engine.example.com"] });
    const first = headersOf(middleware);
    const second = headersOf(middleware);
    expect(first.nonce).not.toBe(second.nonce);
    expect(first.headers["Content-Security-Policy"]).toBe(
      "default-src 'self'; " +
        `script-src 'self' 'nonce-${first.nonce}'; ` +
        "style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; media-src 'self' https:; font-src 'self'; " +
        "connect-src 'self'; frame-src 'self' https://engine.example.com; frame-ancestors 'none'; form-action 'self'; " +
        "base-uri 'none'; object-src 'none'",
    );
    expect(second.headers["Content-Security-Policy"]).toContain(`'nonce-${second.nonce}'`);
    expect(first.headers["Strict-Transport-Security"]).toBeUndefined();
    expect(headersOf(securityHeaders({ hsts: true, frameSources: [] })).headers["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
  });
});
