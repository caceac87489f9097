import { PassThrough, type Transform } from "node:stream";
import { text } from "node:stream/consumers";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withoutReactNullPadding } from "~/render/react-stream.server";

/**
 * Issue 10 (found by the fuzz tests): React 18.3's streaming renderer padded 2 KiB views with NUL
 * bytes when a multi-byte character did not fit at a view's end. Paragraphs of "ő" (2 bytes) of
 * growing length put such a character across a view boundary.
 */
function page() {
  return (
    <main>
      {Array.from({ length: 40 }, (_, index) => (
        <p key={index}>{"ő".repeat(90 + index)}</p>
      ))}
    </main>
  );
}

function render(through: Transform): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(page(), {
      onAllReady() {
        pipe(through);
        text(through).then(resolve, reject);
      },
      onError: reject,
    });
  });
}

const expected = Array.from({ length: 40 }, (_, index) => `<p>${"ő".repeat(90 + index)}</p>`).join("");

describe("streamed HTML", () => {
  it("issue 10 the page carries no NUL bytes and every character intact", async () => {
    const html = await render(withoutReactNullPadding());
    expect(html).not.toContain("\u0000");
    expect(html).toBe(`<main>${expected}</main>`);
  });

  it("issue 13 what React writes in one go leaves as one chunk, not one per 2 KiB view (each chunk is deflated and flushed on its own)", async () => {
    const through = withoutReactNullPadding();
    const chunks: Buffer[] = [];
    through.on("data", (chunk: Buffer) => chunks.push(chunk));
    const html = await render(through);
    expect(Buffer.byteLength(html)).toBeGreaterThan(4 * 2048);
    expect(chunks).toHaveLength(1);
    expect(chunks[0].toString()).toBe(`<main>${expected}</main>`);
  });

  it("issue 10 without the workaround React 18 pads views with NUL bytes (delete the workaround when this fails)", async () => {
    const html = await render(new PassThrough());
    expect(html).toContain("\u0000");
  });
});
