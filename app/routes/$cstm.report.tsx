import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireActiveProfile } from "~/dashboard/active-profile.server";
import { FeedbackLink, feedbackModal } from "~/dashboard/feedback";
import { feedbackState, loadFeedbackModal, openFeedbackOnRequest } from "~/dashboard/feedback.server";
import { SecondaryCalls } from "~/errors/secondary.server";
import { ReportDownload } from "~/dashboard/report-download";
import { loadReportStatus } from "~/dashboard/report.server";
import { customerPath } from "~/domain/customer-path";
import { detectDevice } from "~/domain/device";
import { canDownloadReport } from "~/domain/report";
import type { RouteHandle } from "~/handle";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { loadOpenModals } from "~/modals/modals.server";
import { defineModals, revalidateUnlessModalsClose } from "~/modals/route-modals";
import stylesUrl from "~/styles/report.css?url";

/**
 * The report page (R-SCR-06, spec §4 "Report"): the report of the active profile with its scales and
 * how many modules are completed; the download only once all are (R-VAL-12, enforced again by the
 * download route). It hosts the feedback modal, which opens by itself once when feedback is requested.
 */
export const handle: RouteHandle = { modals: defineModals({ feedback: feedbackModal }) };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export async function loader(args: LoaderFunctionArgs) {
  const active = await requireActiveProfile(args);
  const { cstm, session, profileId, language } = active;
  const secondary = new SecondaryCalls(args, "routes/$cstm.report");
  const [status, feedback] = await Promise.all([
    loadReportStatus(args, active),
    feedbackState(args.context, session, profileId, secondary),
  ]);
  await openFeedbackOnRequest(args, active, feedback);
  const modals = await loadOpenModals(args.request, { feedback: () => loadFeedbackModal(args, active) });
  return {
    title: getTranslator(language, "report")("title"),
    report: status && {
      name: status.binding?.name ?? null,
      scales: status.binding?.scales ?? [],
      finished: status.finishedModules,
      total: status.totalModules,
      downloadable: canDownloadReport(status),
    },
    reportPath: customerPath(cstm, "/report"),
    downloadHref: customerPath(cstm, "/report/download"),
    // R-REP-01: on smartphones the report opens in a new tab.
    newTab: detectDevice(args.request.headers.get("User-Agent")) === "mobile",
    feedbackRequested: feedback.requested,
    modals,
    ...(await secondary.shown()),
  };
}

export const shouldRevalidate = revalidateUnlessModalsClose;

export default function ReportRoute() {
  const { report, reportPath, downloadHref, newTab, feedbackRequested } = useLoaderData<typeof loader>();
  const { t } = useTranslation("report");
  const { t: tErrors } = useTranslation("errors");
  return (
    <section className="card report" aria-labelledby="report-title">
      <h1 id="report-title">{t("title")}</h1>
      {!report ? (
        <p className="notice notice-error" role="alert">
          {tErrors("reportDetailsFailed")}
        </p>
      ) : report.name === null ? (
        <p className="notice">{t("noReport")}</p>
      ) : (
        <>
          <h2>{report.name}</h2>
          <p className="report-progress">{t("progress", { done: report.finished, total: report.total })}</p>
          {report.scales.length > 0 ? (
            <>
              <h3>{t("scalesTitle")}</h3>
              <ul className="report-scales">
                {report.scales.map((scale) => (
                  <li key={scale.componentId} className={scale.finished ? "report-scale-finished" : undefined}>
                    <span className="report-scale-name">{scale.name}</span>{" "}
                    <span className="report-scale-state">{scale.finished ? t("scaleFinished") : t("scaleOpen")}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {report.downloadable ? (
            <>
              <p>{t("ready")}</p>
              <ReportDownload href={downloadHref} newTab={newTab} reportPath={reportPath} />
            </>
          ) : (
            <>
              <p className="notice">{t("notYet")}</p>
            </>
          )}
        </>
      )}
      {feedbackRequested ? (
        <p className="report-feedback">
          <FeedbackLink />
        </p>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
