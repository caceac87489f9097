import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { readFormData } from "~/forms/form-data.server";
import { intlLocale } from "~/i18n/languages";
import { useTranslation } from "~/i18n/react";
import { loadNamedApplicant } from "~/recruiter/named-applicant.server";
import { withRecruiterUpstream } from "~/recruiter/session.server";
import { isRateLimited, TOO_MANY, tooManyReply } from "~/recruiter/too-many.server";
import { UpstreamError } from "~/upstream/failures.server";
import { issueContinueCode } from "~/upstream/recruiter/continue.server";
import { PROFILE_ID_PATTERN } from "~/domain/profile";

/**
 * Test continue (docs/decisions/156): the recruiter picks one of the applicant's open,
 * unfinished tests and gets a one-time code (and its link) for a station, valid 15 minutes. The code
 * is shown once, in the action's answer: it is not kept anywhere the app could show it again. The
 * code is for the station's browser: used in this one it would end the recruiter's sign-in (decision
 * 140, amended), and the page says so beside it.
 */
export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

async function loadApplicant(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const { recruiter, userName, applicant, name, t, pagePath } = await loadNamedApplicant(args);
  const profiles = applicant.profiles
    .filter((profile) => profile.isOpen && profile.finished < profile.total)
    .map((profile) => ({ value: profile.id, label: `${profile.name} (${profile.id})` }));
  return { recruiter, userName, name, profiles, t, pagePath };
}

export async function loader(args: LoaderFunctionArgs) {
  const { name, profiles, t, pagePath } = await loadApplicant(args);
  const wanted = new URL(args.request.url).searchParams.get("profile") ?? "";
  return {
    title: t("continue.documentTitle", { name }),
    name,
    profiles,
    chosen: profiles.some((profile) => profile.value === wanted) ? wanted : (profiles[0]?.value ?? ""),
    pagePath,
  };
}

type ActionResult =
  { ok: true; code: string; link: string; expiresAt: string; profileId: string } | { ok: false; error: string; profileId: string };

const REFUSALS: Record<string, string> = {
  profile_closed: "continue.errors.closed",
  profile_completed: "continue.errors.completed",
  access_disabled: "continue.errors.accessDisabled",
  account_not_activated: "continue.errors.notActivated",
  unknown_profile: "continue.errors.profile",
};

export async function action(args: ActionFunctionArgs) {
  const { recruiter, userName } = await loadApplicant(args);
  const formData = await readFormData(args.request);
  const profile = formData.get("profile");
  const profileId = typeof profile === "string" ? profile.trim() : "";
  if (!PROFILE_ID_PATTERN.test(profileId))
    return data<ActionResult>({ ok: false, error: "continue.errors.profile", profileId }, { status: 400 });
  try {
    const issued = await withRecruiterUpstream(args, recruiter, () =>
      issueContinueCode(args.context, recruiter.session, recruiter.cstm, userName, profileId),
    );
    const link = new URL(issued.linkPath, args.request.url).toString();
    return data<ActionResult>(
      { ok: true, code: issued.code, link, expiresAt: issued.expiresAt, profileId },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    // One code too many for this recruiter or customer (decision 171): the form says so.
    if (isRateLimited(error)) {
      return tooManyReply<ActionResult>(args, recruiter, "continue-code", { ok: false, error: TOO_MANY, profileId });
    }
    const code = error instanceof UpstreamError ? (error.body as { error?: string } | undefined)?.error : undefined;
    if (error instanceof UpstreamError && (error.status === 409 || error.status === 404) && code && REFUSALS[code]) {
      return data<ActionResult>({ ok: false, error: REFUSALS[code], profileId }, { status: error.status });
    }
    throw error;
  }
}

export default function TestContinue() {
  const { name, profiles, chosen, pagePath } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const { t, language } = useTranslation("recruiter");
  const selected = result?.profileId || chosen;
  return (
    <section aria-labelledby="continue-title">
      <p>
        <Link to={pagePath}>{t("continue.back", { name })}</Link>
      </p>
      <h1 id="continue-title">{t("continue.title", { name })}</h1>
      <p>{t("continue.intro")}</p>
      {result?.ok ? (
        <section className="card continue-code" aria-labelledby="continue-code-title" role="status">
          <h2 id="continue-code-title">{t("continue.codeTitle")}</h2>
          <p className="continue-code-value" data-testid="continue-code">
            {result.code}
          </p>
          <p>
            {t("continue.validUntil", {
              time: new Intl.DateTimeFormat(intlLocale(language), {
                hour: "2-digit",
                minute: "2-digit",
                timeZone: "UTC",
                timeZoneName: "short",
              }).format(new Date(result.expiresAt)),
            })}
          </p>
          <p>
            {t("continue.linkLabel")} <a href={result.link}>{result.link}</a>
          </p>
          <p className="notice" data-testid="continue-station-warning">
            {t("continue.stationWarning", { name })}
          </p>
        </section>
      ) : null}
      {profiles.length === 0 ? (
        <p>{t("continue.noProfiles")}</p>
      ) : (
        <Form method="post" className="card" noValidate>
          <div className="field">
            <label htmlFor="continue-profile">{t("continue.profile")}</label>
            <select
              id="continue-profile"
              name="profile"
              defaultValue={selected}
              key={selected}
              {...(result && !result.ok ? { "aria-invalid": true, "aria-describedby": "continue-error" } : {})}
            >
              {profiles.map((profile) => (
                <option key={profile.value} value={profile.value}>
                  {profile.label}
                </option>
              ))}
            </select>
            {result && !result.ok ? (
              <p id="continue-error" className="field-error">
                {t(result.error)}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button button-primary">
            {result?.ok ? t("continue.again") : t("continue.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "" }];
