import { renderToString } from "react-dom/server";
// The router @remix-run/react is built on; Remix's Link needs no more than this without prefetching.
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources.server";
import { Modal, ModalStack } from "~/modals/modal";

function render(node: React.ReactNode): string {
  return renderToString(
    <MemoryRouter initialEntries={["/demo/login?modal=a&modal=b"]}>
      <I18nProvider language="en_GB" resources={resources.en_GB}>
        {node}
      </I18nProvider>
    </MemoryRouter>,
  );
}

describe("Modal and ModalStack (server-rendered, no JavaScript)", () => {
  it("R-SCR-11 a closable modal: dialog named by its heading, backdrop link and close link to closeHref", () => {
    const html = render(
      <Modal titleId="t" closeHref="/demo/login">
        <h2 id="t">Title</h2>
      </Modal>,
    );
    expect(html).toContain('<dialog open="" aria-modal="true" aria-labelledby="t" class="modal modal-narrow" tabindex="-1">');
    expect(html).toMatch(/<a class="modal-backdrop" tabindex="-1" aria-hidden="true"[^>]*href="\/demo\/login"><\/a>/);
    expect(html).toMatch(/<a class="modal-close"[^>]*href="\/demo\/login">Close<\/a>/);
  });

  it("R-SCR-11 closing disabled: no backdrop link, no close link (an error with disableClose)", () => {
    const html = render(
      <Modal titleId="t" closeHref="/demo/login" closable={false} width="wide">
        <h2 id="t">Error</h2>
      </Modal>,
    );
    expect(html).toContain('<div class="modal-backdrop"></div>');
    expect(html).not.toContain("<a");
    expect(html).toContain("modal modal-wide");
  });

  it("R-SCR-11 R-CON-03 in a stack only the last modal is active; overlay false does not dim", () => {
    const html = render(
      <ModalStack overlay={false}>
        <Modal titleId="a" closeHref="/demo/login">
          <h2 id="a">A</h2>
        </Modal>
        <Modal titleId="b" closeHref="/demo/login?modal=a">
          <h2 id="b">B</h2>
        </Modal>
      </ModalStack>,
    );
    const layers = html.match(/<div class="modal-layer[^"]*"[^>]*>/g);
    expect(layers).toEqual(['<div class="modal-layer" inert="">', '<div class="modal-layer">']);
  });
});
