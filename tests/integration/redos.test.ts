import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CASES, FORM_CASES, SHAPES, prepare, sendApiCase, sendClientErrorCase, sendFormCase } from "../../bench/lib/redos-cases.mjs";
import { ROOT, startServer, type RunningServer } from "../support/server";

/**
 * Decision 091: one request must not freeze the server. The worst case for the patterns, at the
 * body limit, in every free-text field of the embedded API and of the app's form actions: each
 * answer comes back quickly (a generous bound; the figures are bench/redos.mjs's) and is a clean
 * 4xx with the API's error shape or a page with the translated error. The cases are shared with
 * the bench (bench/lib/redos-cases.mjs).
 */
// The old e-mail pattern took 0.6 s on 40 KB and grew with the square of the length: minutes at the
// body limit. A clean request takes a few ms on a quiet machine but 2.3-2.8 s were seen at a load
// average of 30-50, so the bound is 10 s: far under a backtracking pattern, far over any load here.
const BOUND_MS = 10_000;
const LANGUAGES = ["de", "de-DU", "en_GB", "hu", "it"];

/** Every language's text of an i18n key ("validation:tooLong"). */
function translations(key: string): string[] {
  const [namespace, dotted] = key.split(":");
  return LANGUAGES.map((language) => {
    let node: any = JSON.parse(readFileSync(path.join(ROOT, "locales", language, `${namespace}.json`), "utf8"));
    for (const part of dotted.split(".")) node = node?.[part];
    if (typeof node !== "string") throw new Error(`no ${key} in ${language}`);
    return node;
  });
}

/**
 * What a person sees for a megabyte in each field: the translated "too long" unless named here.
 * `null`: no message to show (hidden or tampered fields, resource routes, redirects back).
 */
const EXPECTED: Record<string, string | null> = {
  "/demo/login redirectTo": "auth:login.invalidCredentials",
  "/demo/registration passwordRepeat": "validation:password.mismatch",
  "activation passwordRepeat": "validation:password.mismatch",
  "reset-password passwordRepeat": "validation:password.mismatch",
  "/demo/change-password passwordRepeat": "validation:password.changeMismatch",
  "/azubi/passwort-aendern passwordRepeat": "validation:password.changeMismatch",
  "/demo/profile language": "pages:profile.errors.language",
  "/demo/assessment/40 dateOfBirth": "validation:invalid",
  "/demo/assessment/40 schoolQualification": "validation:invalid",
  "/demo/assessment/40 intent": null,
  "/demo/feedback comment": null,
  "/demo/feedback returnTo": null,
  "/demo/feedback rating": null,
  "/preview/newsletter website": null,
  "/demo/assessment/40/draft firstName": null,
  "/demo/assessment/40/draft email": null,
  "/demo/assessment/40/draft motivation": null,
  "/demo/home statementId": null,
  "/demo/home revision": null,
  "/demo/home intent": null,
  "/demo/home contacting": null,
  "/demo/track-video videoId": null,
  "/demo/track-video action": null,
  "/demo/track-video position": null,
};

function expectedMessage(casePath: string, field: string): string | null {
  const label = casePath.includes("/activation/") ? "activation" : casePath.includes("/reset-password/") ? "reset-password" : casePath;
  const key = `${label} ${field}`;
  return key in EXPECTED ? EXPECTED[key] : "validation:tooLong";
}

const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ");

let server: RunningServer;
let ctx: Awaited<ReturnType<typeof prepare>>;
beforeAll(async () => {
  server = await startServer({ RATE_LIMIT_MAX: "100000" });
  ctx = await prepare(server.baseUrl);
});
afterAll(() => server?.stop());

describe("decision 091: the worst case at the body limit in every free-text field", () => {
  for (const shape of Object.keys(SHAPES)) {
    it(`embedded API JSON bodies (${shape}): 400 with the error shape, each within ${BOUND_MS} ms`, async () => {
      for (const entry of API_CASES) {
        for (const field of entry.fields) {
          const what = `POST /api${entry.path} ${field} (${shape})`;
          const result = await sendApiCase(server.baseUrl, entry, field, shape, ctx);
          expect(result.bytes, what).toBeGreaterThan(1024 * 1024 - 200);
          expect(result.ms, what).toBeLessThan(BOUND_MS);
          expect(result.status, what).toBe(400);
          const body = JSON.parse(result.text);
          expect(body.status, what).toBe("failed");
          // invalid_values: the Form module's own check of the posted values (docs/api.md).
          expect(["invalid_body", "invalid_values"], what).toContain(body.error);
        }
      }
    }, 180_000);

    it(`app form actions (${shape}): a clean answer with the translated error, each within ${BOUND_MS} ms`, async () => {
      for (const entry of FORM_CASES) {
        for (const field of entry.fields) {
          const result = await sendFormCase(server.baseUrl, entry, field, shape, ctx);
          const what = `POST ${result.path} ${field} (${shape})`;
          expect(result.bytes, what).toBeGreaterThan(1024 * 1024 - 200);
          expect(result.ms, what).toBeLessThan(BOUND_MS);
          expect(result.status, what).toBeLessThan(500);
          expect(result.text, what).not.toMatch(/\n\s+at .+:\d+:\d+/);
          const message = expectedMessage(typeof entry.path === "string" ? entry.path : result.path, field);
          if (message === null) continue;
          expect([400, 401, 403], what).toContain(result.status);
          const text = visibleText(result.text);
          expect(
            translations(message).some((translated) => text.includes(translated)),
            `${what}: ${message}`,
          ).toBe(true);
        }
      }
    }, 180_000);
  }

  it("client error reports at their own limit (16 KiB): answered at once, never a 5xx", async () => {
    for (const shape of Object.keys(SHAPES)) {
      for (const field of ["message", "stack", "url", "reference"]) {
        const result = await sendClientErrorCase(server.baseUrl, field, shape);
        expect(result.ms, `${field} (${shape})`).toBeLessThan(BOUND_MS);
        expect(result.status, `${field} (${shape})`).toBeLessThan(500);
      }
    }
  });
});
