import { useNavigate } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import { REPORT_FILE_NAME } from "~/domain/report";
import { useTranslation } from "~/i18n/react";

/**
 * R-SCR-06 / R-REP-01: the report download. Without JavaScript a plain link: the download route
 * answers with the PDF as an attachment, or sends the browser back to the report page with the
 * failure. With JavaScript the file is fetched first, so the button can show that the report is
 * being prepared, and is then saved as report.pdf. On smartphones the link opens the PDF in a new
 * tab either way (docs/decisions/071).
 */
type DownloadState = "idle" | "busy" | "failed";

export function ReportDownload({ href, newTab, reportPath }: { href: string; newTab: boolean; reportPath: string }) {
  const { t } = useTranslation("report", ["preparing"]);
  const { t: tErrors } = useTranslation("errors", ["reportDownloadFailed"]);
  const navigate = useNavigate();
  const [state, setState] = useState<DownloadState>("idle");

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    if (newTab || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (state === "busy") return;
    setState("busy");
    try {
      const response = await fetch(href, { headers: { Accept: "application/pdf" } });
      // The session ended: the report page (its loader) leads to the sign-in.
      if (response.status === 401) return navigate(reportPath);
      if (!response.ok || response.headers.get("Content-Type") !== "application/pdf") throw new Error(`report ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = REPORT_FILE_NAME;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState("idle");
    } catch {
      setState("failed");
    }
  }

  const busy = state === "busy";
  return (
    <>
      {state === "failed" ? (
        <p className="notice notice-error" role="alert">
          {tErrors("reportDownloadFailed")}
        </p>
      ) : null}
      <p>
        <a
          className="button button-primary"
          href={href}
          onClick={(event) => void download(event)}
          aria-disabled={busy || undefined}
          {...(newTab ? { target: "_blank", rel: "noopener" } : {})}
        >
          {busy ? t("preparing") : newTab ? t("downloadNewTab") : t("download")}
        </a>
      </p>
      <p className="visually-hidden" role="status">
        {busy ? t("preparing") : ""}
      </p>
    </>
  );
}
