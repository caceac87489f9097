import { setImmediate as nextTurn } from "node:timers/promises";
import type { Response, Router } from "express";
import { requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { route } from "../http/handlers";
import { parseQuery } from "../http/validation";
import { recruiterScope } from "./access";
import { describeListFilter, writeListAudit } from "./audit";
import { enforceRecruiterLimit } from "./limits";
import { listApplicants, listQuerySchema } from "./list";
import { gatherNormParameters } from "./results-columns";
import { z } from "zod";

/**
 * GET /{cstm}/recruiter/exports/applicants?… (docs/api.md, docs/decisions/171): the whole filtered
 * list, every row, for the app's CSV download. The list's own query (api/recruiter/list.ts) is read
 * page after page and streamed as NDJSON: a line `{ "total", "resultColumns" }`, one line per applicant (the list's
 * row shape), and a last line `{ "end": true, "rows" }`. A stream without its last line was cut
 * short, and the app fails the download instead of handing over a file that looks complete.
 *
 * Memory holds one page; between pages the event loop serves others (DESIGN §8: one request never
 * holds it). Rows that change while the export runs may appear twice or not at all, as when paging
 * the list by hand. Limited and audited (decision 171): the audit entry, written before the first
 * row leaves, holds the filter and the number of rows it matched.
 */
// A page holds the event loop while it is read (DESIGN §8): 500 rows hold it about half as long as
// 1,000 at about the same total time (figures in docs/decisions/171).
export const EXPORT_PAGE_SIZE = 500;

const exportQuerySchema = z.preprocess(gatherNormParameters, listQuerySchema.omit({ page: true, pageSize: true }).strict());

/** Resolves when the response can take more, or when the client has gone. */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}

export function recruiterExportRoutes(router: Router, ctx: ApiContext): void {
  router.get(
    "/:cstm/recruiter/exports/applicants",
    requireToken(ctx),
    route(async (req, res) => {
      const scope = recruiterScope(ctx, req, res);
      enforceRecruiterLimit(ctx, scope, "list-export");
      const filter = parseQuery(req, exportQuerySchema);
      let list = listApplicants(ctx, scope.customer, { ...filter, page: 1, pageSize: EXPORT_PAGE_SIZE });
      writeListAudit(ctx, scope, { via: "export", filter: describeListFilter(filter), rows: list.total });
      res.status(200);
      res.setHeader("Content-Type", "application/x-ndjson; charset=utf-8");
      res.setHeader("Content-Disposition", "attachment");
      // The head line names the result columns when chosen (docs/decisions/184), so the file can carry them.
      res.write(
        `${JSON.stringify(list.resultColumns ? { total: list.total, resultColumns: list.resultColumns } : { total: list.total })}\n`,
      );
      let rows = 0;
      for (let page = 1; ; page++) {
        if (page > 1) list = listApplicants(ctx, scope.customer, { ...filter, page, pageSize: EXPORT_PAGE_SIZE });
        if (list.applicants.length > 0) {
          rows += list.applicants.length;
          const written = res.write(`${list.applicants.map((row) => JSON.stringify(row)).join("\n")}\n`);
          if (!written) await drained(res);
        }
        if (res.destroyed) return;
        if (page >= list.pages || list.applicants.length === 0) break;
        await nextTurn();
      }
      res.end(`${JSON.stringify({ end: true, rows })}\n`);
    }),
  );
}
