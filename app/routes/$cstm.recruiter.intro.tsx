import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { recruiterPath } from "~/recruiter/paths";
import { requireRecruiter } from "~/recruiter/session.server";

/**
 * /{cstm}/recruiter/intro (docs/decisions/158): what the recruiter's tools do and how, for
 * recruiters new to the product, in the page's language (formal in de and de-DU, decision 147).
 * Static text of the recruiter namespace; each tool's section links to it.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const SECTIONS = [
  { key: "applicants", path: "/applicants" },
  { key: "applicant", path: "/applicants" },
  { key: "create", path: "/create" },
  { key: "summary", path: "/summary" },
  { key: "setup", path: "/tests" },
  { key: "continue", path: "/applicants" },
  { key: "audit", path: "/applicants" },
] as const;

export async function loader(args: LoaderFunctionArgs) {
  const { cstm, language } = await requireRecruiter(args);
  const t = getTranslator(language, "recruiter");
  return { cstm, title: t("intro.documentTitle") };
}

export default function RecruiterIntro() {
  const { cstm } = useLoaderData<typeof loader>();
  const { t } = useTranslation("recruiter");
  return (
    <article aria-labelledby="intro-title" className="recruiter-intro">
      <h1 id="intro-title">{t("intro.title")}</h1>
      <p>{t("intro.lead")}</p>
      <nav aria-labelledby="intro-contents">
        <h2 id="intro-contents">{t("intro.contents")}</h2>
        <ol>
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <a href={`#intro-${section.key}`}>{t(`intro.sections.${section.key}.title`)}</a>
            </li>
          ))}
        </ol>
      </nav>
      {SECTIONS.map((section) => (
        <section key={section.key} id={`intro-${section.key}`} className="recruiter-section" aria-labelledby={`intro-${section.key}-title`}>
          <h2 id={`intro-${section.key}-title`}>{t(`intro.sections.${section.key}.title`)}</h2>
          <p>{t(`intro.sections.${section.key}.what`)}</p>
          <p>{t(`intro.sections.${section.key}.how`)}</p>
          <p>
            <Link to={recruiterPath(cstm, section.path)}>{t(`intro.sections.${section.key}.open`)}</Link>
          </p>
        </section>
      ))}
      <section className="recruiter-section" aria-labelledby="intro-privacy-title">
        <h2 id="intro-privacy-title">{t("intro.privacyTitle")}</h2>
        <p>{t("intro.privacy")}</p>
      </section>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
