import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { TransitionView } from "./finish.server";

export type TransitionScreenProps = TransitionView;

/**
 * R-SCR-02: done message, a tip to take a break, the next module with its duration in minutes
 * (R-CON-01), back to modules. R-FORM-02: with every module done, the congratulation notice instead;
 * home shows the full completion notice with its variants.
 */
export function TransitionScreen({ moduleName, container, next, homeHref }: TransitionScreenProps) {
  const { t } = useTranslation("assessment");
  return (
    <section className="card assessment-transition" aria-labelledby="transition-title">
      {next ? (
        <>
          <h1 id="transition-title">{t("transition.title")}</h1>
          <p role="status">{t("transition.done", { name: moduleName })}</p>
          <p className="assessment-progress">
            {t("transition.progress", { container: container.name, done: container.done, total: container.total })}
          </p>
          <p className="notice">{t("transition.breakTip")}</p>
          <h2>{t("transition.nextTitle")}</h2>
          <p className="assessment-next">
            <strong>{next.name}</strong>
            {next.minutes !== null ? <span> · {t("minutes", { count: next.minutes })}</span> : null}
          </p>
          <div className="assessment-actions">
            <Link className="button button-primary" to={next.href}>
              {t("transition.start")}
            </Link>
            <Link className="button" to={homeHref}>
              {t("backToModules")}
            </Link>
          </div>
        </>
      ) : (
        <>
          <h1 id="transition-title">{t("transition.allDoneTitle")}</h1>
          <p role="status">{t("transition.done", { name: moduleName })}</p>
          <p className="notice">{t("transition.allDone")}</p>
          <div className="assessment-actions">
            <Link className="button button-primary" to={homeHref}>
              {t("transition.toOverview")}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}
