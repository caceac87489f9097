import type { Request, Response } from "express";
import de from "../locales/de/common.json";
import deDU from "../locales/de-DU/common.json";
import enGB from "../locales/en_GB/common.json";
import hu from "../locales/hu/common.json";
import it from "../locales/it/common.json";

/**
 * The few answers the server gives before Remix runs (refused cross-site POST, body too large,
 * unexpected failure): a small translated page, never a stack trace. The language is the best
 * match of Accept-Language, since no customer configuration is loaded at this point.
 */
type Texts = { httpError: Record<string, { title: string; message: string }>; back: string };

const TEXTS: Record<string, { lang: string; texts: Texts }> = {
  "de-DU": { lang: "de", texts: deDU },
  de: { lang: "de", texts: de },
  en_GB: { lang: "en-GB", texts: enGB },
  hu: { lang: "hu", texts: hu },
  it: { lang: "it", texts: it },
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
  const { lang, texts } = TEXTS[pickLanguage(req.get("accept-language"))];
  const { title, message } = texts.httpError[String(status)] ?? texts.httpError["500"];
  const requestId = String(res.locals.requestId ?? "");
  const back = sameOriginReferer(req) ?? "/";
  res.status(status);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "no-store");
  if (status === 413 || status === 411) res.setHeader("Connection", "close");
  res.send(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
      `<title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;max-width:40em;margin:2em auto;padding:0 1em">` +
      `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>` +
      `<p><small>Ref: <code>${escapeHtml(requestId)}</code></small></p>` +
      `<p><a href="${escapeHtml(back)}">${escapeHtml(texts.back)}</a></p></main></body></html>`,
  );
}
