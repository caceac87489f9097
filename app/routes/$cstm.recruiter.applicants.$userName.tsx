import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getTranslator } from "~/i18n/i18n.server";
import { handleApplicantAction } from "~/recruiter/applicant-actions.server";
import { ApplicantPage } from "~/recruiter/applicant-page";
import { readListContext } from "~/recruiter/list-context";
import { askNeighbours, listNavigation } from "~/recruiter/list-navigation.server";
import { APPLICANT_STATUSES } from "~/recruiter/list-query";
import { recruiterPath } from "~/recruiter/paths";
import { requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { previewMail, type MailPreview } from "~/upstream/recruiter/actions.server";
import { applicantDetail } from "~/upstream/recruiter/detail.server";

/**
 * /{cstm}/recruiter/applicants/{userName} (docs/decisions/150): user details, status, access, owner, profiles
 * with per-container progress and results (earlier results of retests beside the new ones), form
 * answers, the audit trail; every action a POST form (app/recruiter/applicant-actions.server.ts).
 * `?confirm=access|retest` shows the confirmation step, `?preview=template` a mail's preview.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

const TEMPLATES = ["invitation", "reminder", "password-reset"];

export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const userName = args.params.userName ?? "";
  const url = new URL(args.request.url);
  const template = url.searchParams.get("preview");
  // The list it was opened from (docs/decisions/188): back to it, previous and next in it.
  const list = readListContext(url.searchParams, APPLICANT_STATUSES);
  const [applicant, preview, neighbours] = await withRecruiterUpstream(args, recruiter, () =>
    Promise.all([
      applicantDetail(args.context, session, cstm, userName, language),
      template && TEMPLATES.includes(template) && !url.searchParams.has("confirm")
        ? previewMail(args.context, session, cstm, userName, template).catch(() => null)
        : Promise.resolve(null as MailPreview | null),
      askNeighbours(args.context, session, cstm, userName, list),
    ]),
  );
  const confirm = url.searchParams.get("confirm");
  const retestProfile = url.searchParams.get("profileId") ?? "";
  const retestModules = url.searchParams
    .getAll("module")
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const t = getTranslator(language, "recruiter");
  const name = [applicant.firstName, applicant.lastName].filter(Boolean).join(" ") || t("list.anonymous");
  return {
    cstm,
    title: t("applicant.documentTitle", { name }),
    name,
    pagePath: recruiterPath(cstm, `/applicants/${encodeURIComponent(userName)}`),
    listSearch: list.search,
    navigation: listNavigation(cstm, list, neighbours, t("list.anonymous")),
    applicant,
    confirmation:
      confirm === "access"
        ? ({ kind: "access" } as const)
        : confirm === "retest" && retestProfile && retestModules.length > 0
          ? ({ kind: "retest", profileId: retestProfile, modules: retestModules } as const)
          : null,
    preview: preview ? { template: template!, ...preview } : null,
    previewFailed: Boolean(template && !preview && !url.searchParams.has("confirm")),
  };
}

export async function action(args: ActionFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  return handleApplicantAction(args, recruiter, args.params.userName ?? "");
}

export default function ApplicantRoute() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <ApplicantPage {...loaderData} failure={actionData && "failure" in actionData ? actionData.failure : undefined} />;
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
