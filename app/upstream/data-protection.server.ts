import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import { withCustomerSegment } from "./paths";
import { callUpstream } from "./client.server";

/**
 * GET /{cstm}/dataProtStat/1/{language} (spec §7, API version 1 per §9). Returns the statement
 * with the spec's entity names (R-ENT-03): texts, id, languageMapId, revision.
 */
const statementSchema = z.object({
  statement: z.string(),
  dpsm_dpsm_id: z.coerce.number(),
  dplm_id: z.coerce.number(),
  revision: z.coerce.number(),
});

export interface DataProtectionStatementText {
  texts: string;
  id: number;
  languageMapId: number;
  revision: number;
}

export async function getDataProtectionStatement(
  context: AppLoadContext,
  cstm: string,
  language: string,
): Promise<DataProtectionStatementText> {
  const response = await callUpstream(context, {
    path: withCustomerSegment(cstm, `/dataProtStat/1/${encodeURIComponent(language)}`),
    auth: "none",
    schema: statementSchema,
  });
  return { texts: response.statement, id: response.dpsm_dpsm_id, languageMapId: response.dplm_id, revision: response.revision };
}
