import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { readFormData } from "~/forms/form-data.server";
import { useTranslation } from "~/i18n/react";
import { EraseWarning } from "~/recruiter/erase-warning";
import { readListContext } from "~/recruiter/list-context";
import { APPLICANT_STATUSES } from "~/recruiter/list-query";
import { recruiterPath } from "~/recruiter/paths";
import { loadNamedApplicant } from "~/recruiter/named-applicant.server";
import { requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { isRateLimited, TOO_MANY, tooManyReply } from "~/recruiter/too-many.server";
import { commitSession } from "~/session/request.server";
import { changeApplicant } from "~/upstream/recruiter/actions.server";

/**
 * Erasing an applicant (GDPR Art. 17, docs/decisions/181): this page is the confirmation step, naming the applicant
 * and what goes; its button posts `confirmed=yes`. Afterwards the applicant is gone from every recruiter page, so the
 * recruiter lands on the list with a notice that names nobody.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader(args: LoaderFunctionArgs) {
  const { userName, name, t, pagePath } = await loadNamedApplicant(args);
  return { title: t("erase.documentTitle", { name }), name, userName, pagePath };
}

export async function action(args: ActionFunctionArgs) {
  // No detail call first: the erasure itself answers 404 for an applicant this recruiter may not see.
  const recruiter = await requireRecruiter(args);
  const userName = args.params.userName ?? "";
  const formData = await readFormData(args.request);
  if (formData.get("confirmed") !== "yes") return data({ error: "erase.confirmRequired" }, { status: 400 });
  try {
    await withRecruiterUpstream(args, recruiter, () =>
      changeApplicant(args.context, recruiter.session, recruiter.cstm, userName, { kind: "erase", body: {} }),
    );
  } catch (error) {
    if (isRateLimited(error)) return tooManyReply(args, recruiter, "erase", { error: TOO_MANY });
    throw error;
  }
  // Who and what, never whom: the upstream's audit entry is the record (docs/decisions/171).
  args.context.logger.info(
    { recruiterAction: { cstm: recruiter.cstm, recruiter: recruiter.recruiter.userName, intent: "erase" } },
    "recruiter action",
  );
  recruiter.session.flash("notice", { key: "recruiter:erase.done", kind: "success" });
  // Back to the list it was opened from (docs/decisions/188), its filters kept.
  const list = readListContext(new URL(args.request.url).searchParams, APPLICANT_STATUSES).search;
  throw redirect(recruiterPath(recruiter.cstm, `/applicants${list ? `?${list}` : ""}`), {
    headers: { "Set-Cookie": await commitSession(args.context, recruiter.session) },
  });
}

export default function EraseApplicant() {
  const { name, userName, pagePath } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t } = useTranslation("recruiter");
  return (
    <section aria-labelledby="erase-title">
      <p>
        <Link to={pagePath}>{t("erase.back", { name })}</Link>
      </p>
      <h1 id="erase-title">{t("erase.title", { name, userName })}</h1>
      <div className="card confirmation">
        <EraseWarning />
        {result?.error ? (
          <div className="form-errors" role="alert">
            <p>{t(result.error)}</p>
          </div>
        ) : null}
        <Form method="post" className="filter-actions">
          <button type="submit" name="confirmed" value="yes" className="button button-primary">
            {t("erase.submit")}
          </button>
          <Link to={pagePath}>{t("erase.cancel")}</Link>
        </Form>
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
