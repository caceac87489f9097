/**
 * The customer's data-protection statement (R-ENT-03, R-DP-01), built by
 * upstream/data-protection.server.ts from the server's statement, dpsm_dpsm_id, dplm_id, revision.
 * id and revision go back to the upstream with a registration (R-ENT-08) exactly as received.
 */
export type StatementReference = string | number;

export interface DataProtectionStatement {
  /** The statement as plain text; paragraphs are separated by blank lines. */
  texts: string;
  id: StatementReference;
  languageMapId: StatementReference;
  revision: StatementReference;
  /** R-DP-01: initially not accepted; accepting is part of registration and login forms. */
  accepted: boolean;
  /** The contacting agreement is accepted separately. */
  contactingAccepted: boolean;
}
