import type { ActionFunctionArgs } from "@remix-run/node";
import { readFormBody } from "~/forms/form-data.server";
import { getTranslator } from "~/i18n/i18n.server";
import { applicantCells, applicantCsv } from "~/recruiter/applicant-csv.server";
import { readBulkForm } from "~/recruiter/bulk-form";
import { runBulk } from "~/recruiter/bulk.server";
import { csvResponse } from "~/recruiter/csv.server";
import { listSearch } from "~/recruiter/list-query";
import { recruiterPath, requireRecruiter } from "~/recruiter/session.server";
import { refusedDownload } from "~/recruiter/too-many.server";

/**
 * POST /{cstm}/recruiter/bulk.csv (docs/decisions/183): the export of a bulk selection, the confirmation page's
 * document post. The same columns as the list's CSV, of exactly the selected applicants; the upstream limits it as a
 * list export and writes an audit row per applicant. A refusal or a form that is not the confirmation's (no
 * selection, another action) leads back to the list with the message, as a refused list export does.
 */
export async function action(args: ActionFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language } = recruiter;
  const state = readBulkForm(await readFormBody(args.request), false);
  const back = recruiterPath(cstm, `/applicants${listSearch(state.listValues, {})}`);
  if (state.action !== "export" || !state.selection || Object.keys(state.errors).length > 0) {
    throw await refusedDownload(args, recruiter, "bulk-export", back, "recruiter:bulk.errors.noSelection");
  }
  const run = await runBulk(args, recruiter, "export", {}, state.selection);
  if ("refusal" in run) throw await refusedDownload(args, recruiter, "bulk-export", back, run.refusal);
  const t = getTranslator(language, "recruiter");
  const rows = run.answer.applicants;
  async function* lines() {
    for (const row of rows) yield applicantCells(row, t);
  }
  return csvResponse(applicantCsv(lines(), t, language), `applicants-${cstm}-selection-${new Date().toISOString().slice(0, 10)}.csv`);
}
