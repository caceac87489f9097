import { describe, expect, it } from "vitest";
import { textColourOn } from "~/domain/appearance";
import { paragraphsOf } from "~/domain/text";
import { MAX_MODAL_DEPTH, modalStackOf, onlyClosesModals, searchWithModals, searchWithoutModals, stackWithModal } from "~/modals/stack";
import { statementText } from "~/upstream/data-protection.server";

describe("modal stack in the URL", () => {
  it("R-SCR-11 ?modal=a&modal=b is a stack, bottom first; duplicates and malformed names are dropped", () => {
    expect(modalStackOf("?modal=privacy&modal=legal-notice")).toEqual(["privacy", "legal-notice"]);
    expect(modalStackOf("?modal=privacy&modal=privacy&modal=%3Cx%3E&modal=")).toEqual(["privacy"]);
    expect(modalStackOf("?langId=en_GB")).toEqual([]);
    expect(modalStackOf("?" + Array.from({ length: 20 }, (_, index) => `modal=m${index}`).join("&"))).toHaveLength(MAX_MODAL_DEPTH);
  });

  it("R-SCR-11 opening pushes on top, opening an open one goes back to it; other parameters stay", () => {
    expect(stackWithModal(["privacy"], "legal-notice")).toEqual(["privacy", "legal-notice"]);
    expect(stackWithModal(["privacy", "legal-notice"], "privacy")).toEqual(["privacy"]);
    expect(searchWithModals("?langId=hu&modal=privacy", ["privacy", "legal-notice"])).toBe("?langId=hu&modal=privacy&modal=legal-notice");
    expect(searchWithModals("?modal=privacy", [])).toBe("");
    expect(searchWithoutModals("?modal=a&langId=it")).toBe("?langId=it");
  });

  it("R-SCR-11 closing is recognised as a prefix of the current stack (no reload needed)", () => {
    expect(onlyClosesModals(["a", "b"], ["a"])).toBe(true);
    expect(onlyClosesModals(["a"], [])).toBe(true);
    expect(onlyClosesModals(["a"], ["a", "b"])).toBe(false);
    expect(onlyClosesModals(["a", "b"], ["b"])).toBe(false);
  });
});

describe("customer texts and appearance", () => {
  it("R-ENT-03 a statement authored as HTML is rendered as text, paragraphs kept", () => {
    const text = statementText(
      "<h2>Datenschutz</h2><p>Wir verarbeiten &amp; schützen<br>Ihre Daten.</p><script>alert(1)</script><ul><li>Name</li></ul>",
    );
    expect(paragraphsOf(text)).toEqual(["Datenschutz", "Wir verarbeiten & schützen\nIhre Daten.", "• Name"]);
    expect(statementText("  plain text  ")).toBe("plain text");
  });

  it("R-LAY-01 the text on the brand colour is whichever of black and white contrasts more", () => {
    expect(textColourOn("#0b5cad")).toBe("#fff");
    expect(textColourOn("#ffd700")).toBe("#000");
    expect(textColourOn("#fff")).toBe("#000");
    expect(textColourOn("#000000")).toBe("#fff");
  });
});
