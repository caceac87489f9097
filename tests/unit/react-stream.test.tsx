import { PassThrough, type Transform } from "node:stream";
import { text } from "node:stream/consumers";
import { renderToPipeableStream } from "react-dom/server";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { withoutReactNullPadding } from "~/render/react-stream.server";

/**
 * Found by the fuzz tests (docs/decisions/102): React 18.3's streaming renderer padded 2 KiB views with NUL
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
  it("decision 102: the page carries no NUL bytes and every character intact", async () => {
    const html = await render(withoutReactNullPadding());
    expect(html).not.toContain("\u0000");
    expect(html).toBe(`<main>${expected}</main>`);
  });

  it("decision 112: what React writes in one go leaves as one chunk, not one per 2 KiB view (each chunk is deflated and flushed on its own)", async () => {
    const through = withoutReactNullPadding();
    const chunks: Buffer[] = [];
    through.on("data", (chunk: Buffer) => chunks.push(chunk));
    const html = await render(through);
    expect(Buffer.byteLength(html)).toBeGreaterThan(4 * 2048);
    expect(chunks).toHaveLength(1);
    expect(chunks[0].toString()).toBe(`<main>${expected}</main>`);
  });

  it("decision 102: without the workaround React 18 pads views with NUL bytes (delete the workaround when this fails)", async () => {
    const html = await render(new PassThrough());
    expect(html).toContain("\u0000");
  });

  it("decision 165: a document React finishes in onAllReady is handed over whole, once, and the stream hands on nothing", async () => {
    const through = withoutReactNullPadding();
    const handedOn: Buffer[] = [];
    through.on("data", (chunk: Buffer) => handedOn.push(chunk));
    const ended = new Promise((resolve) => through.once("end", resolve));
    const whole = await new Promise<Buffer | null>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(page(), {
        onAllReady() {
          const document = through.whole();
          pipe(through);
          document.then(resolve, reject);
        },
        onError: reject,
      });
    });
    expect(whole?.toString()).toBe(`<main>${expected}</main>`);
    expect(whole?.includes(0)).toBe(false);
    await ended;
    expect(handedOn).toHaveLength(0);
  });

  it("decision 165: a document with content still to come is not whole: it streams, first the shell, then the rest", async () => {
    let reveal!: () => void;
    const later = new Promise<void>((resolve) => (reveal = resolve));
    let revealed = false;
    function Late() {
      // React 18 suspends a component on a thrown promise (it has no `use`).
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (!revealed) throw later.then(() => (revealed = true));
      return <p>later</p>;
    }
    const through = withoutReactNullPadding();
    const chunks: string[] = [];
    through.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    const ended = new Promise((resolve) => through.once("end", resolve));
    const whole = await new Promise<Buffer | null>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(
        <main>
          <h1>shell</h1>
          <Suspense fallback={<p>wait</p>}>
            <Late />
          </Suspense>
        </main>,
        {
          onShellReady() {
            const document = through.whole();
            pipe(through);
            document.then(resolve, reject);
          },
          onError: reject,
        },
      );
    });
    expect(whole).toBeNull();
    await vi.waitFor(() => expect(chunks.join("")).toContain("shell"));
    expect(chunks.join("")).not.toContain("later");
    reveal();
    await ended;
    expect(chunks.join("")).toContain("<p>later</p>");
  });
});
