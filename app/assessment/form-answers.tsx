import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { AnswerView } from "./form.server";

/**
 * R-SCR-03: question and answer per field. With `editHref` every answer gets its edit link: back to
 * the form with that field focused (the autofocus attribute, so it works without JavaScript).
 */
export function FormAnswers({ answers, editHref }: { answers: AnswerView[]; editHref?: (name: string) => string }) {
  const { t } = useTranslation("assessment");
  return (
    <dl className="form-answers">
      {answers.map((item) => (
        <div key={item.name} className="form-answer">
          <dt>{item.question}</dt>
          <dd className={item.multiline ? "form-answer-multiline" : undefined}>
            {item.answer ?? <span className="form-answer-empty">{t("summary.notAnswered")}</span>}
          </dd>
          {editHref ? (
            <dd className="form-answer-edit">
              <Link to={editHref(item.name)} aria-label={t("summary.editLabel", { question: item.question })}>
                {t("summary.edit")}
              </Link>
            </dd>
          ) : null}
        </div>
      ))}
    </dl>
  );
}
