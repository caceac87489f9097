import type { Request, Response } from "express";
import de from "../locales/de/common.json";
import deDU from "../locales/de-DU/common.json";
import enGB from "../locales/en_GB/common.json";
import hu from "../locales/hu/common.json";
import it from "../locales/it/common.json";
import deErrors from "../locales/de/errors.json";
import deDUErrors from "../locales/de-DU/errors.json";
import enGBErrors from "../locales/en_GB/errors.json";
import huErrors from "../locales/hu/errors.json";
import itErrors from "../locales/it/errors.json";

/**
 * The few answers the server gives before Remix runs (refused cross-site POST, body too large,
 * unexpected failure): a small translated page, never a stack trace. The language is the best
 * match of Accept-Language, since no customer configuration is loaded at this point. The request
 * id comes with the error views' sentence on why to give it to support (R-SCR-13, decision 175).
 */
type Texts = { httpError: Record<string, { title: string; message: string }>; back: string };
type ErrorTexts = { reference: { hint: string } };

const TEXTS: Record<string, { lang: string; texts: Texts; errors: ErrorTexts }> = {
  "de-DU": { lang: "de", texts: deDU, errors: deDUErrors },
  de: { lang: "de", texts: de, errors: deErrors },
  en_GB: { lang: "en-GB", texts: enGB, errors: enGBErrors },
  hu: { lang: "hu", texts: hu, errors: huErrors },
  it: { lang: "it", texts: it, errors: itErrors },
};

function pickLanguage(acceptLanguage: string | undefined): keyof typeof TEXTS {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0].trim().toLowerCase();
    if (tag.startsWith("en")) return "en_GB";
    if (tag.startsWith("hu")) return "hu";
    if (tag.startsWith("it")) return "it";
    if (tag.startsWith("de")) return "de-DU";
  }
  return "de-DU";
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Back to where the user came from, if that was this site (never an open redirect). */
function sameOriginReferer(req: Request): string | undefined {
  const referer = req.get("referer");
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.host === req.get("host") ? url.pathname + url.search : undefined;
  } catch {
    return undefined;
  }
}

export function plainErrorPage(req: Request, res: Response, status: 403 | 411 | 413 | 429 | 500): void {
  const { lang, texts, errors } = TEXTS[pickLanguage(req.get("accept-language"))];
  const { title, message } = texts.httpError[String(status)] ?? texts.httpError["500"];
  const requestId = String(res.locals.requestId ?? "");
  const back = sameOriginReferer(req) ?? "/";
  // As app.css's .error-reference-id: one click selects the whole id, and it wraps on a small screen.
  const reference = requestId
    ? `<p><small>${escapeHtml(errors.reference.hint)}</small></p>` +
      `<p><code translate="no" style="-webkit-user-select:all;user-select:all;overflow-wrap:anywhere">${escapeHtml(requestId)}</code></p>`
    : "";
  res.status(status);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  if (status === 413 || status === 411) res.setHeader("Connection", "close");
  res.send(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40em;margin:2em auto;padding:0 1em">` +
      `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>` +
      reference +
      `<p><a href="${escapeHtml(back)}">${escapeHtml(texts.back)}</a></p></main></body></html>`,
  );
}
