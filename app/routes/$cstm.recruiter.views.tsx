import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { readFormData } from "~/forms/form-data.server";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { readListContext } from "~/recruiter/list-context";
import { APPLICANT_STATUSES } from "~/recruiter/list-query";
import { recruiterPath } from "~/recruiter/paths";
import { SavedViews } from "~/recruiter/saved-views";
import { askViews, savedViewsProps, VIEW_NAME_MAX, viewQuery } from "~/recruiter/saved-views.server";
import { requireRecruiter, withRecruiterUpstream, type RecruiterContext } from "~/recruiter/session.server";
import { isRateLimited, logRefusal, TOO_MANY } from "~/recruiter/too-many.server";
import { commitSession } from "~/session/request.server";
import { UpstreamError } from "~/upstream/failures.server";
import { deleteView, saveView } from "~/upstream/recruiter/navigation.server";

/**
 * /{cstm}/recruiter/views (docs/decisions/188): the recruiter's saved views of the applicant list. The list page
 * shows the same forms; they post here. Saved, the list opens at the view; a name the upstream refuses (taken,
 * too many views) or that is empty or too long comes back on this page with the name as typed. `?list=` is the
 * list to save (the list's query, read like the list's own URL).
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const REFUSALS: Record<string, string> = {
  duplicate_name: "views.errors.duplicate",
  too_many_views: "views.errors.tooMany",
};

export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const list = readListContext(new URL(args.request.url).searchParams, APPLICANT_STATUSES);
  const views = await withRecruiterUpstream(args, recruiter, () => askViews(args.context, session, cstm));
  const t = getTranslator(language, "recruiter");
  return { title: t("views.documentTitle"), listHref: listPathOf(cstm, list.search), views: savedViewsProps(cstm, views, list.search) };
}

function listPathOf(cstm: string, search: string): string {
  return recruiterPath(cstm, `/applicants${search ? `?${search}` : ""}`);
}

function logChange(args: ActionFunctionArgs, recruiter: RecruiterContext, intent: string) {
  // Who and what: a view is no applicant's data, so the log line is its record (docs/decisions/188).
  args.context.logger.info(
    { recruiterAction: { cstm: recruiter.cstm, recruiter: recruiter.recruiter.userName, intent } },
    "recruiter action",
  );
}

async function backToList(
  args: ActionFunctionArgs,
  recruiter: RecruiterContext,
  search: string,
  notice: { key: string; kind: "success" | "error" },
) {
  recruiter.session.flash("notice", notice);
  return redirect(listPathOf(recruiter.cstm, search), { headers: { "Set-Cookie": await commitSession(args.context, recruiter.session) } });
}

export async function action(args: ActionFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, session } = recruiter;
  const formData = await readFormData(args.request);
  const field = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  // The list's query goes through the list's own reading: only its parameters, only valid values.
  const list = viewQuery(readListContext(new URLSearchParams({ list: field("list").slice(0, 4000) }), APPLICANT_STATUSES).search);
  const refused = async (error: string, name: string, status: number) => {
    const views = await withRecruiterUpstream(args, recruiter, () => askViews(args.context, session, cstm));
    return data(
      { failure: { error, name }, views: savedViewsProps(cstm, views, list, { error, name }), listHref: listPathOf(cstm, list) },
      { status },
    );
  };

  if (field("intent") === "delete") {
    const id = Number(field("id"));
    const gone =
      !Number.isInteger(id) ||
      id <= 0 ||
      (await withRecruiterUpstream(args, recruiter, async () => {
        try {
          await deleteView(args.context, session, cstm, id);
          return false;
        } catch (error) {
          // Another recruiter's view, or one already deleted: the same answer (the upstream's 404), no error page.
          if (error instanceof UpstreamError && error.status === 404) return true;
          throw error;
        }
      }));
    if (gone) return backToList(args, recruiter, list, { key: "recruiter:views.errors.gone", kind: "error" });
    logChange(args, recruiter, "view-delete");
    return backToList(args, recruiter, list, { key: "recruiter:views.deleted", kind: "success" });
  }

  const name = field("name").slice(0, 1000);
  const trimmed = name.trim();
  if (!trimmed) return refused("views.errors.nameRequired", name, 400);
  if (trimmed.length > VIEW_NAME_MAX) return refused("views.errors.nameTooLong", name, 400);
  const refusal = await withRecruiterUpstream(args, recruiter, async () => {
    try {
      await saveView(args.context, session, cstm, { name: trimmed, query: list });
      return null;
    } catch (error) {
      if (isRateLimited(error)) {
        logRefusal(args, recruiter, "view-save");
        return { error: TOO_MANY, status: 429 };
      }
      const code =
        error instanceof UpstreamError && error.status === 409 ? (error.body as { error?: string } | undefined)?.error : undefined;
      if (code && REFUSALS[code]) return { error: REFUSALS[code], status: 409 };
      throw error;
    }
  });
  if (refusal) return refused(refusal.error, name, refusal.status);
  logChange(args, recruiter, "view-save");
  return backToList(args, recruiter, list, { key: "recruiter:views.saved", kind: "success" });
}

export default function SavedViewsPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("recruiter");
  const { views, listHref } = actionData ?? loaderData;
  return (
    <section aria-labelledby="views-page-title">
      <p>
        <Link to={listHref}>{t("applicant.back")}</Link>
      </p>
      <h1 id="views-page-title">{t("views.pageTitle")}</h1>
      <SavedViews {...views} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
