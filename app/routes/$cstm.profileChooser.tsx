import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { chooserAction, chooserLoader, type ChooserActionData, type ChooserCardView } from "~/dashboard/chooser.server";
import { useTranslation } from "~/i18n/react";
import stylesUrl from "~/styles/dashboard.css?url";

/** profileChooser (spec §2, not profile specific): the applicant's profiles as cards (R-SCR-08). */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export function loader(args: LoaderFunctionArgs) {
  return chooserLoader(args);
}

export function action(args: ActionFunctionArgs) {
  return chooserAction(args);
}

function CardNotice({ card }: { card: ChooserCardView }) {
  const { t } = useTranslation("dashboard");
  if (card.notice === "finished") return <p className="notice">{t("chooser.finished")}</p>;
  if (card.notice === "expired") return <p className="notice notice-error">{t("chooser.expired")}</p>;
  if (card.notice === "locked") return <p className="notice notice-error">{t("chooser.locked")}</p>;
  if (card.openUntil) return <p className="muted">{t("chooser.openUntil", { date: card.openUntil })}</p>;
  return null;
}

function ProfileCard({
  card,
  reportPage,
  refused,
}: {
  card: ChooserCardView;
  reportPage: boolean;
  refused: ChooserActionData | undefined;
}) {
  const { t } = useTranslation("dashboard");
  const titleId = `profile-${card.id}`;
  return (
    <li>
      <article className={card.canStart ? "card profile-card" : "card profile-card profile-locked"} aria-labelledby={titleId}>
        <h2 id={titleId}>{card.name}</h2>
        {card.active ? <p className="badge">{t("chooser.current")}</p> : null}
        {card.description ? <p>{card.description}</p> : null}
        {card.progress ? <p>{t("progress.completed", { done: card.progress.done, total: card.progress.total })}</p> : null}
        <CardNotice card={card} />
        {refused?.profileId === card.id && refused.refused === "locked" ? (
          <p className="notice notice-error" role="alert">
            {t("chooser.refused")}
          </p>
        ) : null}
        {card.canStart ? (
          <Form method="post" className="inline-form">
            <input type="hidden" name="profileId" value={card.id} />
            <button type="submit" name="intent" value="open" className="button button-primary" aria-describedby={titleId}>
              {card.completed ? t("chooser.overview") : t("chooser.start")}
            </button>
            {card.reportHint && reportPage ? (
              <>
                <p className="muted">{t("chooser.reportHint")}</p>
                <button type="submit" name="intent" value="report" className="button" aria-describedby={titleId}>
                  {t("chooser.toReport")}
                </button>
              </>
            ) : null}
          </Form>
        ) : null}
      </article>
    </li>
  );
}

export default function ProfileChooserRoute() {
  const { cards, reportPage, title } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation("dashboard");
  return (
    <section aria-labelledby="chooser-title">
      <h1 id="chooser-title">{title}</h1>
      <p>{t("chooser.intro")}</p>
      {refused?.refused === "unknown" ? (
        <p className="notice notice-error" role="alert">
          {t("chooser.unknown")}
        </p>
      ) : null}
      {cards.length === 0 ? (
        <p className="card">{t("chooser.empty")}</p>
      ) : (
        <ul className="profile-cards">
          {cards.map((card) => (
            <ProfileCard key={card.id} card={card} reportPage={reportPage} refused={refused} />
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? [{ title: data.title }] : []);
