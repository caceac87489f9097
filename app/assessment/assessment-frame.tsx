import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { FrameView } from "./frame.server";

export type AssessmentFrameProps = Omit<FrameView, "view"> & { refused: boolean };

/**
 * The embedded assessment frame (R-ENT-06). A plain iframe: it works without JavaScript, and the
 * engine's last page sends the whole window to the done route. The link opens the same engine page in
 * this window for browsers that will not show the frame. Skipping exists only for training modules;
 * Scale modules cannot be discontinued, so no control is offered (and the server refuses one).
 */
export function AssessmentFrame(props: AssessmentFrameProps) {
  const { t } = useTranslation("assessment");
  const navigation = useNavigation();
  const { moduleName, minutes, answeredItems, totalItems } = props;
  return (
    <section className="assessment" aria-labelledby="assessment-title">
      <header className="assessment-header">
        <h1 id="assessment-title">{moduleName}</h1>
        {minutes !== null ? <p className="assessment-duration">{t("minutes", { count: minutes })}</p> : null}
        {props.description ? <p>{props.description}</p> : null}
      </header>
      {props.groupNotice ? (
        <p className="notice" role="status">
          {t("frame.groupNotice", { finished: props.groupNotice.finishedName, container: props.groupNotice.containerName })}
        </p>
      ) : null}
      {props.refused ? (
        <p className="form-errors" role="alert">
          {t("frame.cannotSkip")}
        </p>
      ) : null}
      {props.completed ? (
        <p className="notice" role="status">
          {t("frame.completed")} <Link to={props.doneHref}>{t("frame.finish")}</Link>
        </p>
      ) : answeredItems && totalItems ? (
        <p className="assessment-progress">{t("frame.progress", { answered: answeredItems, total: totalItems })}</p>
      ) : null}
      <p className="assessment-intro">{t("frame.intro")}</p>
      <iframe className="assessment-frame" title={t("frame.title", { name: moduleName })} src={props.frameUrl} />
      <div className="assessment-actions">
        <a href={props.frameUrl}>{t("frame.openDirectly")}</a>
        <Link to={props.homeHref}>{t("backToModules")}</Link>
      </div>
      {props.canSkip ? (
        <Form method="post" className="assessment-skip">
          <p>{t("frame.skipHint")}</p>
          <button type="submit" name="intent" value="skip" className="button" disabled={navigation.state === "submitting"}>
            {t("frame.skip")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
