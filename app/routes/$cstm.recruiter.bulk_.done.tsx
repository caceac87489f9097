import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { reasonKey } from "~/recruiter/bulk-form";
import { recruiterPath } from "~/recruiter/paths";
import { requireRecruiter } from "~/recruiter/session.server";
import { commitSession } from "~/session/request.server";
import { ScrollTable } from "~/recruiter/table-section";

/**
 * /{cstm}/recruiter/bulk/done (docs/decisions/183): what a bulk action changed and what it refused, per applicant, each
 * linked to their page (an erased one no longer has one). The result is the session's once: shown, it is gone, and a
 * reload says so (the applicants' audit logs keep what happened). "Back to the list" keeps the list's filters.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const result = recruiter.session.get("recruiterBulkResult") ?? null;
  const t = getTranslator(recruiter.language, "recruiter");
  return data(
    { title: t("bulk.done.documentTitle"), result, cstm: recruiter.cstm },
    { headers: { "Set-Cookie": await commitSession(args.context, recruiter.session) } },
  );
}

export default function BulkDone() {
  const { result, cstm } = useLoaderData<typeof loader>();
  const { t } = useTranslation("recruiter");
  const list = recruiterPath(cstm, "/applicants");
  if (!result) {
    return (
      <section aria-labelledby="bulk-done-title">
        <p>
          <Link to={list}>{t("bulk.back")}</Link>
        </p>
        <h1 id="bulk-done-title">{t("bulk.done.title")}</h1>
        <p>{t("bulk.done.gone")}</p>
      </section>
    );
  }
  const linked = result.action !== "erase";
  return (
    <section aria-labelledby="bulk-done-title">
      <p>
        <Link to={`${list}${result.listSearch}`}>{t("bulk.back")}</Link>
      </p>
      <h1 id="bulk-done-title">{t("bulk.done.title")}</h1>
      <p role="status">
        {result.change}: {t("bulk.done.summary", { changed: result.changed, unchanged: result.unchanged, refused: result.refused })}
      </p>
      <ScrollTable
        captionId="bulk-done-caption"
        className="recruiter-table"
        caption={t("bulk.done.caption", { count: result.results.length })}
      >
        <thead>
          <tr>
            <th scope="col">{t("bulk.done.applicant")}</th>
            <th scope="col">{t("bulk.done.outcome")}</th>
          </tr>
        </thead>
        <tbody>
          {result.results.map((row) => (
            <tr key={row.userName}>
              <th scope="row">
                {linked && row.reason !== "unknown_user" ? (
                  <Link to={`${list}/${encodeURIComponent(row.userName)}`}>{row.name ?? row.userName}</Link>
                ) : (
                  (row.name ?? row.userName)
                )}
                {row.name ? <span className="recruiter-sub">{row.userName}</span> : null}
              </th>
              <td>
                {t(`bulk.outcomes.${row.outcome}`)}
                {row.outcome === "refused" ? <span className="recruiter-sub">{t(reasonKey(row.reason))}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
