import { describe, expect, it } from "vitest";
import { DataProtectionStatement, InvalidDataProtectionStatementError, statementParagraphs } from "~/domain/data-protection";

const fields = { texts: ["Datenschutzerklärung der Demo AG", "Wir verarbeiten …"], id: 1, languageMapId: 102, revision: 3 };
const statement = (overrides: Record<string, unknown> = {}) => new DataProtectionStatement({ ...fields, ...overrides });

describe("data-protection statement", () => {
  it("R-ENT-03 carries texts, id, languageMapId, revision, accepted and contactingAccepted", () => {
    expect(statement({ accepted: true, contactingAccepted: true }).fields()).toEqual({
      texts: ["Datenschutzerklärung der Demo AG", "Wir verarbeiten …"],
      id: 1,
      languageMapId: 102,
      revision: 3,
      accepted: true,
      contactingAccepted: true,
    });
  });

  it("R-ENT-03 is built from the plain statement text split into paragraphs", () => {
    const text = "Datenschutzerklärung der Demo AG\n\nAbsatz eins\nmit Zeilenumbruch.\r\n\r\n  \n\nAbsatz zwei.\n";
    expect(statementParagraphs(text)).toEqual(["Datenschutzerklärung der Demo AG", "Absatz eins\nmit Zeilenumbruch.", "Absatz zwei."]);
    expect(statement({ texts: statementParagraphs(text) }).texts).toHaveLength(3);
  });

  it("R-ENT-03 texts, id, languageMapId and revision are required", () => {
    for (const key of ["texts", "id", "languageMapId", "revision"] as const) {
      expect(() => statement({ [key]: undefined }), key).toThrow(InvalidDataProtectionStatementError);
    }
    expect(() => statement({ texts: ["", "  "] })).toThrow(/texts/);
    expect(() => statement({ texts: "one string" })).toThrow(/texts/);
    expect(() => statement({ revision: "3" })).toThrow(/revision/);
    expect(() => statement({ accepted: "yes" })).toThrow(/accepted/);
  });

  it("R-DP-01 initially not accepted, and the contacting agreement not given", () => {
    const initial = statement();
    expect(initial.accepted).toBe(false);
    expect(initial.state).toBe("not-accepted");
    expect(initial.needsAcceptance).toBe(true);
    expect(initial.contactingAccepted).toBe(false);
  });

  it("R-DP-01 not accepted → accepted", () => {
    const accepted = statement().accept();
    expect(accepted.state).toBe("accepted");
    expect(accepted.needsAcceptance).toBe(false);
    expect(accepted.contactingAccepted).toBe(false);
    expect(accepted.accept().state).toBe("accepted");
  });

  it("R-DP-01 the contacting agreement is accepted separately", () => {
    const contacting = statement().agreeToContacting();
    expect(contacting.contactingAccepted).toBe(true);
    expect(contacting.accepted).toBe(false);
    const both = contacting.accept();
    expect([both.accepted, both.contactingAccepted]).toEqual([true, true]);
    const withdrawn = both.agreeToContacting(false);
    expect([withdrawn.accepted, withdrawn.contactingAccepted]).toEqual([true, false]);
  });

  it("R-ENT-08 an acceptance names the statement's id and revision", () => {
    expect(statement().reference).toEqual({ id: 1, revision: 3 });
  });
});
