import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireApplicant } from "~/account/session.server";
import { faqEntries } from "~/domain/customer-texts";
import { paragraphsOf } from "~/domain/text";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";

/**
 * The FAQ page (spec §2, R-RTE-02): the customer's questions and answers (configuration
 * `texts[language].faq`) in the page language, else the customer's first language that has them.
 * Each answer is a `<details>` disclosure: keyboard and screen-reader friendly, no script needed
 * (docs/decisions/080).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { config, cstm, language } = await requireApplicant(args);
  const t = getTranslator(language, "pages");
  return {
    title: t("faq.documentTitle", { customer: config.name || cstm }),
    entries: faqEntries(config.texts, language, config.languages),
  };
}

/** Nothing to post here: a stray POST shows the page (the guard answers excluded pages first). */
export async function action(args: ActionFunctionArgs) {
  await requireApplicant(args);
  const url = new URL(args.request.url);
  throw redirect(url.pathname + url.search);
}

export default function FaqRoute() {
  const { entries } = useLoaderData<typeof loader>();
  const { t } = useTranslation("pages");
  return (
    <section className="card" aria-labelledby="faq-title">
      <h1 id="faq-title">{t("faq.title")}</h1>
      {entries.length === 0 ? (
        <p>{t("faq.empty")}</p>
      ) : (
        <div className="faq-list">
          {entries.map((entry, index) => (
            <details key={index} className="faq-entry">
              <summary className="faq-question">{entry.question}</summary>
              <div className="customer-text">
                {paragraphsOf(entry.answer).map((paragraph, paragraphIndex) => (
                  <p key={paragraphIndex}>{paragraph}</p>
                ))}
              </div>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
