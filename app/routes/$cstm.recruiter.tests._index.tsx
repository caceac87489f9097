import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { recruiterPath } from "~/recruiter/paths";
import { requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { listTests } from "~/upstream/recruiter/setup.server";
import { ScrollTable } from "~/recruiter/table-section";

/**
 * /{cstm}/recruiter/tests (docs/decisions/157): the customer's tests, each linking to its
 * setup page, with the number of containers and modules and the open-until default.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const tests = await withRecruiterUpstream(args, recruiter, () => listTests(args.context, session, cstm));
  const t = getTranslator(language, "recruiter");
  return { cstm, title: t("setup.listDocumentTitle"), tests };
}

export default function RecruiterTests() {
  const { cstm, tests } = useLoaderData<typeof loader>();
  const { t } = useTranslation("recruiter");
  return (
    <section aria-labelledby="tests-title" className="recruiter-setup">
      <h1 id="tests-title">{t("setup.listTitle")}</h1>
      <p>{t("setup.listIntro")}</p>
      <ScrollTable captionId="tests-caption" className="recruiter-table" caption={t("setup.listCaption")}>
        <thead>
          <tr>
            <th scope="col">{t("setup.test")}</th>
            <th scope="col">{t("setup.containers")}</th>
            <th scope="col">{t("setup.modules")}</th>
            <th scope="col">{t("setup.defaultColumn")}</th>
          </tr>
        </thead>
        <tbody>
          {tests.map((test) => (
            <tr key={test.prof_prof_id}>
              <th scope="row">
                <Link to={recruiterPath(cstm, `/tests/${encodeURIComponent(test.prof_prof_id)}`)}>
                  {test.name} ({test.prof_prof_id})
                </Link>
              </th>
              <td>{test.containers}</td>
              <td>{test.modules}</td>
              <td>{test.openUntilDays === null ? t("setup.noEnd") : t("setup.days", { count: test.openUntilDays })}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
