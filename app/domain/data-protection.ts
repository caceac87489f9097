/**
 * The data-protection statement (spec §3, R-ENT-03) and its states (spec §4, R-DP-01): initially not
 * accepted, then accepted; the contacting agreement is given separately. Immutable: a change answers a
 * new statement.
 */
import { FieldReader, type PlainFields } from "./plain-fields";

export interface DataProtectionStatementFields {
  /** The statement's paragraphs, in order. */
  texts: readonly string[];
  id: number;
  /** The language version of the statement. */
  languageMapId: number;
  revision: number;
  accepted: boolean;
  contactingAccepted: boolean;
}

export type DataProtectionState = "not-accepted" | "accepted";

export class InvalidDataProtectionStatementError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid data-protection statement: missing or invalid ${problems.join(", ")}`);
    this.name = "InvalidDataProtectionStatementError";
  }
}

/** A plain-text statement (paragraphs separated by blank lines) as its paragraphs. */
export function statementParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
}

const isString = (item: unknown): item is string => typeof item === "string";

function readStatementFields(init: PlainFields<keyof DataProtectionStatementFields>): DataProtectionStatementFields {
  const read = new FieldReader(init);
  const fields: DataProtectionStatementFields = {
    texts: read.list("texts", isString).filter((text) => text.trim() !== ""),
    id: read.positiveInteger("id"),
    languageMapId: read.positiveInteger("languageMapId"),
    revision: read.positiveInteger("revision"),
    accepted: read.boolean("accepted", false),
    contactingAccepted: read.boolean("contactingAccepted", false),
  };
  // A statement nobody can read cannot be accepted.
  if (fields.texts.length === 0 && !read.problems.includes("texts")) read.problems.push("texts");
  if (read.problems.length > 0) throw new InvalidDataProtectionStatementError(read.problems);
  return fields;
}

export class DataProtectionStatement implements DataProtectionStatementFields {
  readonly texts: readonly string[];
  readonly id: number;
  readonly languageMapId: number;
  readonly revision: number;
  readonly accepted: boolean;
  readonly contactingAccepted: boolean;

  /** texts, id, languageMapId and revision are required; accepted and contactingAccepted start false. */
  constructor(init: PlainFields<keyof DataProtectionStatementFields>) {
    const fields = readStatementFields(init);
    this.texts = Object.freeze([...fields.texts]);
    this.id = fields.id;
    this.languageMapId = fields.languageMapId;
    this.revision = fields.revision;
    this.accepted = fields.accepted;
    this.contactingAccepted = fields.contactingAccepted;
    Object.freeze(this);
  }

  get state(): DataProtectionState {
    return this.accepted ? "accepted" : "not-accepted";
  }

  /** The statement is shown for acceptance while it is not accepted (R-DP-01; on home, decision 031). */
  get needsAcceptance(): boolean {
    return !this.accepted;
  }

  /** What an acceptance or a registration names (R-ENT-08: dataProtectionStatementId and …Revision). */
  get reference(): { id: number; revision: number } {
    return { id: this.id, revision: this.revision };
  }

  /** R-DP-01: not accepted → accepted. There is no way back. */
  accept(): DataProtectionStatement {
    return new DataProtectionStatement({ ...this.fields(), accepted: true });
  }

  /** R-DP-01: the contacting agreement is given (or withdrawn) separately from the acceptance. */
  agreeToContacting(agreed = true): DataProtectionStatement {
    return new DataProtectionStatement({ ...this.fields(), contactingAccepted: agreed });
  }

  fields(): DataProtectionStatementFields {
    return { ...this };
  }
}
