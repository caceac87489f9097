import { createCookie, type AppLoadContext, type Cookie } from "@remix-run/node";
import { memoize } from "~/context";
import { isSupportedLanguage } from "~/i18n/languages";
import type { SessionCookieOptions } from "./session.server";

/**
 * The language chosen per customer (R-LANG-01), e.g. { demo: "en_GB" }, in a cookie of its own
 * (docs/decisions/096): a visitor choosing a language with `?langId=` gets no session
 * record, so a bot crawling language links cannot fill the session store. Signed like the session
 * cookie (junk is ignored), HttpOnly, a browser-session cookie like the session's (shared stations),
 * and it outlives a logout by itself.
 */
export type LanguageChoices = Record<string, string>;

const CSTM = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const MAX_CUSTOMERS = 20;

export function languageCookieName(secure: boolean): string {
  return secure ? "__Host-lang" : "lang";
}

export function createLanguageCookie(options: SessionCookieOptions): Cookie {
  return createCookie(languageCookieName(options.secure), {
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    path: "/",
    secrets: options.secrets,
  });
}

function validChoices(value: unknown): LanguageChoices {
  const choices: LanguageChoices = {};
  if (!value || typeof value !== "object" || Array.isArray(value)) return choices;
  for (const [cstm, language] of Object.entries(value).slice(0, MAX_CUSTOMERS)) {
    if (CSTM.test(cstm) && isSupportedLanguage(language)) choices[cstm] = language;
  }
  return choices;
}

/** The choices the browser's cookie holds (validated; a bad or foreign cookie counts as none). */
export function storedLanguages(request: Request, context: AppLoadContext): Promise<LanguageChoices> {
  return memoize(context, "languages", async () => {
    try {
      return validChoices(await context.services.languageCookie.parse(request.headers.get("Cookie")));
    } catch {
      return {};
    }
  });
}

/** Remembers the language for the customer; the Set-Cookie value, or null when nothing changed. */
export async function rememberLanguage(request: Request, context: AppLoadContext, cstm: string, language: string): Promise<string | null> {
  const stored = await storedLanguages(request, context);
  if (stored[cstm] === language) return null;
  const others = Object.entries(stored)
    .filter(([key]) => key !== cstm)
    .slice(-(MAX_CUSTOMERS - 1));
  const choices = { ...Object.fromEntries(others), [cstm]: language };
  context.memo.set("languages", Promise.resolve(choices));
  return context.services.languageCookie.serialize(choices);
}

/**
 * Whether the visitor chose the customer's language on this device (the URL's `langId`, or an
 * earlier choice in the language cookie) rather than getting the customer's default. Only a chosen
 * language is sent with a sign-in and overrides the account's stored one (decision 124).
 */
export async function languageChosenHere(request: Request, context: AppLoadContext, cstm: string): Promise<boolean> {
  if (new URL(request.url).searchParams.has("langId")) return true;
  return (await storedLanguages(request, context))[cstm] !== undefined;
}
