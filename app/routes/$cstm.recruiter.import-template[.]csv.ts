import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvResponse, csvSeparator } from "~/recruiter/csv.server";
import { importTemplateCsv } from "~/recruiter/import-csv.server";
import { requireRecruiter } from "~/recruiter/session.server";

/**
 * /{cstm}/recruiter/import-template.csv (docs/decisions/153): the import's columns with two
 * example rows, UTF-8 with BOM, in the separator of the recruiter's language (decision 149); the
 * import reads either separator.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { language } = await requireRecruiter(args);
  return csvResponse(importTemplateCsv(csvSeparator(language)), "applicant-import-template.csv");
}
