import { expect, type FrameLocator, type Page } from "@playwright/test";

/** Answers every statement of the engine's pages inside the iframe, then leaves through its last page. */
export async function answerInFrame(frame: FrameLocator, answer = "rather applies") {
  for (let page = 1; page <= 3; page++) {
    // Wait for the page itself: right after "Next" the previous page may still be showing.
    await expect(frame.getByText(`Page ${page} of 3`)).toBeVisible();
    const statements = frame.getByRole("group");
    for (let index = 0; index < (await statements.count()); index++) {
      await statements.nth(index).getByLabel(answer).check();
    }
    await frame.getByRole("button", { name: "Next" }).click();
  }
  await expect(frame.getByRole("heading", { name: "Done!" })).toBeVisible();
  await frame.getByRole("button", { name: "Continue" }).click();
}

/**
 * The engine driven over HTTP for a module this journey does not walk through in the browser: the page
 * request shares the browser's cookies. Returns the done address the engine's last page names.
 */
export async function answerOverHttp(page: Page, modulePath: string): Promise<string> {
  const modulePage = await (await page.request.get(modulePath)).text();
  const src = /<iframe[^>]*\ssrc="([^"]+)"/.exec(modulePage)?.[1]?.replaceAll("&amp;", "&");
  expect(src, "the module page has a frame").toBeTruthy();
  let engine = await (await page.request.get(src!)).text();
  for (let step = 0; step < 3 && !engine.includes('target="_top"'); step++) {
    const pageNumber = /name="page" value="(\d+)"/.exec(engine)![1];
    const items = [...new Set([...engine.matchAll(/name="(item_\d+)"/g)].map((match) => match[1]))];
    const form = { page: pageNumber, ...Object.fromEntries(items.map((item) => [item, "4"])) };
    engine = await (await page.request.post(src!, { form })).text();
  }
  const action = /<form method="get" action="([^"]+)" target="_top">/.exec(engine)![1];
  const session = /name="session" value="([^"]+)"/.exec(engine)![1];
  return `${action}?session=${session}`;
}
