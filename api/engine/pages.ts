import type { Language } from "../languages";
import { localize } from "../languages";
import { ENGINE_TEXTS, ITEMS, PAGES, scaleLabels } from "./texts";
import type { ReturnTarget } from "./return-url";

/**
 * The assessment engine's pages: plain server-rendered HTML for an iframe, without scripts, usable
 * with JavaScript off. Every value is escaped.
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

const HTML_LANG: Record<Language, string> = { de: "de", "de-DU": "de", en_GB: "en-GB", hu: "hu", it: "it" };

function document(language: Language, title: string, stylesheet: string, body: string): string {
  return `<!doctype html>
<html lang="${HTML_LANG[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface QuestionPage {
  language: Language;
  moduleName: string;
  page: number;
  action: string;
  stylesheet: string;
  answers: Map<number, number>;
  error: boolean;
}

export function renderQuestionPage(view: QuestionPage): string {
  const texts = ENGINE_TEXTS[view.language];
  const labels = scaleLabels(view.language);
  const items = PAGES[view.page - 1]
    .map((item) => {
      const statement = escapeHtml(localize(ITEMS[item - 1], view.language));
      const options = labels
        .map((label, index) => {
          const value = index + 1;
          const checked = view.answers.get(item) === value ? " checked" : "";
          return `<label class="option"><input type="radio" name="item_${item}" value="${value}" required${checked}> <span>${escapeHtml(label)}</span></label>`;
        })
        .join("\n");
      return `<fieldset>\n<legend>${statement}</legend>\n<div class="options">\n${options}\n</div>\n</fieldset>`;
    })
    .join("\n");
  const error = view.error ? `<p class="error" role="alert">${escapeHtml(texts.answerEvery)}</p>\n` : "";
  const progress = texts.page.replace("{page}", String(view.page)).replace("{pages}", String(PAGES.length));
  return document(
    view.language,
    view.moduleName,
    view.stylesheet,
    `<h1>${escapeHtml(view.moduleName)}</h1>
<p class="progress">${escapeHtml(progress)}</p>
${error}<form method="post" action="${escapeHtml(view.action)}">
<input type="hidden" name="page" value="${view.page}">
${items}
<button type="submit">${escapeHtml(texts.next)}</button>
</form>`,
  );
}

export function renderFinishPage(view: {
  language: Language;
  moduleName: string;
  stylesheet: string;
  target: ReturnTarget;
  sessionId: string;
}): string {
  const texts = ENGINE_TEXTS[view.language];
  const hidden = [...view.target.fields, ["session", view.sessionId] as [string, string]]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("\n");
  return document(
    view.language,
    view.moduleName,
    view.stylesheet,
    `<h1>${escapeHtml(texts.doneTitle)}</h1>
<p>${escapeHtml(texts.doneText)}</p>
<form method="get" action="${escapeHtml(view.target.action)}" target="_top">
${hidden}
<button type="submit">${escapeHtml(texts.continue)}</button>
</form>`,
  );
}

export function renderInvalidPage(language: Language, stylesheet: string): string {
  const texts = ENGINE_TEXTS[language];
  return document(
    language,
    texts.invalidTitle,
    stylesheet,
    `<h1>${escapeHtml(texts.invalidTitle)}</h1>\n<p>${escapeHtml(texts.invalidText)}</p>`,
  );
}
