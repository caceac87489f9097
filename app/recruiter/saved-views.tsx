import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";

/**
 * The recruiter's saved views of the applicant list (docs/decisions/188): each a link that opens the list at its
 * filters and sort, a POST form that deletes it, and "save this view" for the list as it is shown. The forms post
 * to /{cstm}/recruiter/views; a refused name comes back on that page with the name as typed.
 */
export interface SavedViewLink {
  id: number;
  name: string;
  href: string;
  current: boolean;
}

export interface SavedViewsProps {
  /** /{cstm}/recruiter/views: where the forms post. */
  action: string;
  views: SavedViewLink[];
  /** The list's query to save, and to come back to after a delete (without "?"). */
  list: string;
  failure?: { error: string; name: string };
}

export function SavedViews({ action, views, list, failure }: SavedViewsProps) {
  const { t } = useTranslation("recruiter");
  return (
    <section className="saved-views" aria-labelledby="saved-views-title">
      <h2 id="saved-views-title">{t("views.title")}</h2>
      {views.length === 0 ? (
        <p>{t("views.none")}</p>
      ) : (
        <ul className="saved-views-list">
          {views.map((view) => (
            <li key={view.id}>
              <Link to={view.href} aria-current={view.current ? "page" : undefined}>
                {view.name}
              </Link>
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={view.id} />
                <input type="hidden" name="list" value={list} />
                <button type="submit" className="button button-small">
                  {t("views.delete")}
                  <span className="visually-hidden"> {view.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action={action} className="saved-views-save" noValidate>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="list" value={list} />
        <div className="field">
          <label htmlFor="view-name">{t("views.name")}</label>
          <input
            id="view-name"
            name="name"
            type="text"
            autoComplete="off"
            defaultValue={failure?.name ?? ""}
            {...(failure ? { "aria-invalid": true, "aria-describedby": "view-name-error" } : {})}
          />
          {failure ? (
            <p id="view-name-error" className="field-error">
              {t(failure.error)}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button">
          {t("views.save")}
        </button>
      </Form>
    </section>
  );
}
