import type { Language } from "~/i18n/languages";
import type { TFunction } from "~/i18n/translator";
import type { ApplicantRow } from "~/upstream/recruiter/list.server";
import type { ResultColumns } from "~/upstream/recruiter/results.server";
import { csvStream, type CsvValue } from "./csv.server";

/**
 * The applicant list's CSV (R-SCR-14, docs/decisions/149): its columns and cells, for the list's export and the export
 * of a bulk selection (docs/decisions/183), so both files are the same. With a test's result columns chosen
 * (docs/decisions/184) the rows end with its completion, rating and norm values, as on the page.
 */
const COLUMNS = [
  "userName",
  "firstName",
  "lastName",
  "email",
  "status",
  "progress",
  "finishedModules",
  "totalModules",
  "profiles",
  "registered",
  "lastActivity",
  "owner",
  "activated",
  "anonymous",
  "onSite",
  "loginEnabled",
];

function resultHeader(columns: ResultColumns | null, t: TFunction): string[] {
  if (!columns) return [];
  return [
    t("csv.completion", { test: columns.name }),
    t("csv.rating", { test: columns.name }),
    ...columns.scales.map((scale) => t("csv.norm", { scale: scale.name })),
  ];
}

function resultCells(row: ApplicantRow, columns: ResultColumns | null): CsvValue[] {
  if (!columns) return [];
  return [
    row.results?.assigned ? `${row.results.finishedModules ?? 0}/${row.results.totalModules ?? 0}` : "",
    row.results?.rating ?? "",
    ...columns.scales.map((scale) => row.results?.norms[String(scale.compId)] ?? ""),
  ];
}

export function applicantCells(row: ApplicantRow, t: TFunction, columns: ResultColumns | null = null): CsvValue[] {
  const yesNo = (value: boolean) => (value ? t("list.yes") : t("list.no"));
  return [
    row.userName,
    row.firstName,
    row.lastName,
    row.email,
    t(`status.${row.status}`, { defaultValue: row.status }),
    row.progress,
    row.finishedModules,
    row.totalModules,
    row.profiles.map((profile) => `${profile.name} (${profile.id}) ${profile.finished}/${profile.total}`).join(", "),
    row.registeredAt.slice(0, 10),
    row.lastActivityAt?.slice(0, 10) ?? "",
    row.owner?.name ?? "",
    yesNo(row.activated),
    yesNo(row.anonymous),
    yesNo(row.onSite),
    yesNo(row.loginEnabled),
    ...resultCells(row, columns),
  ];
}

/** The file of these rows (`t`: the recruiter namespace in the recruiter's language). */
export function applicantCsv(
  rows: AsyncIterable<CsvValue[]>,
  t: TFunction,
  language: Language,
  columns: ResultColumns | null = null,
): ReadableStream<Uint8Array> {
  return csvStream([...COLUMNS.map((column) => t(`csv.${column}`)), ...resultHeader(columns, t)], rows, language);
}
