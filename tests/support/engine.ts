import { expect } from "vitest";
import type { BrowserClient } from "./browser-client";

/**
 * Drives the assessment engine's pages (docs/api.md "Assessment engine pages") like a browser without
 * JavaScript would inside the iframe: opens the module page, follows the iframe's src, answers every
 * Likert item, and returns the address the finish page sends the top window to (the app's done route
 * with `?session=…`). The engine is a real part of the product, so tests go through it.
 */
export async function iframeSource(html: string): Promise<string> {
  const src = /<iframe[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];
  expect(src, "the page has an assessment frame").toBeTruthy();
  return src!.replaceAll("&amp;", "&");
}

export async function answerEngine(client: BrowserClient, modulePath: string, value = "4"): Promise<string> {
  const page = await client.get(modulePath);
  const src = await iframeSource(page.text);
  let engine = await client.get(src);
  for (let step = 0; step < 5 && !engine.text.includes('target="_top"'); step++) {
    const pageNumber = /name="page" value="(\d+)"/.exec(engine.text)?.[1];
    expect(pageNumber, "an engine question page").toBeTruthy();
    const items = [...new Set([...engine.text.matchAll(/name="(item_\d+)"/g)].map((match) => match[1]))];
    engine = await client.post(src, { page: pageNumber!, ...Object.fromEntries(items.map((item) => [item, value])) });
  }
  return finishTarget(engine.text);
}

/** The GET form of the engine's finish page as a URL: action plus its hidden fields. */
export function finishTarget(html: string): string {
  const form = /<form method="get" action="([^"]+)" target="_top">([\s\S]*?)<\/form>/.exec(html);
  expect(form, "the engine's finish page").toBeTruthy();
  const query = new URLSearchParams();
  for (const match of form![2].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) query.append(match[1], match[2]);
  return `${form![1]}?${query}`;
}
