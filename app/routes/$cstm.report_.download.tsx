import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadReport } from "~/dashboard/report.server";

/**
 * /{cstm}/report/download (R-REP-01, R-VAL-12): the PDF report of the active profile. A resource
 * route whose page is "report" for the page guard, so it answers exactly where the report page does.
 */
export function loader(args: LoaderFunctionArgs) {
  return downloadReport(args);
}
