import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { getTranslator } from "~/i18n/i18n.server";
import { intlLocale, type Language } from "~/i18n/languages";
import { useTranslation } from "~/i18n/react";
import type { TFunction } from "~/i18n/translator";
import { Choice, FilterActions, FilterGroup, Range } from "~/recruiter/filter-fields";
import { ChartFigure, ColumnChart, HorizontalBarChart } from "~/recruiter/charts";
import { APPLICANT_STATUSES, readListQuery, type ListParameter } from "~/recruiter/list-query";
import { recruiterPath } from "~/recruiter/paths";
import { requireRecruiter, withRecruiterUpstream } from "~/recruiter/session.server";
import { STATES } from "~/upstream/recruiter/states";
import { recruiterStats, type Summary } from "~/upstream/recruiter/stats.server";
import { ScrollTable } from "~/recruiter/table-section";

/**
 * /{cstm}/recruiter/summary (docs/decisions/155): progress and summary of the customer, or
 * of one test with ?profile=…; the registration date range as on the applicant list. The filters
 * are the URL's query (a GET form); the upstream computes the figures; the charts are SVG drawn
 * here, each with a table of its numbers. A bad filter value is shown with its message and left out.
 */
const FILTERS = ["profile", "registeredFrom", "registeredTo"] as const satisfies readonly ListParameter[];

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

export async function loader(args: LoaderFunctionArgs) {
  const recruiter = await requireRecruiter(args);
  const { cstm, language, session } = recruiter;
  const query = readListQuery(new URL(args.request.url).searchParams, APPLICANT_STATUSES);
  const upstream: Record<string, string> = { language };
  const values: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const name of FILTERS) {
    values[name] = query.values[name];
    if (query.errors[name]) errors[name] = query.errors[name]!;
    else if (query.upstream[name]) upstream[name] = query.upstream[name];
  }
  const stats = await withRecruiterUpstream(args, recruiter, () => recruiterStats(args.context, session, cstm, upstream));
  const t = getTranslator(language, "recruiter");
  const profile = upstream.profile ? stats.profileOptions.find((option) => option.value === upstream.profile) : undefined;
  return {
    cstm,
    title: profile ? t("stats.profileTitle", { profile: profile.label }) : t("stats.title"),
    documentTitle: t("stats.documentTitle"),
    values,
    errors,
    profileChosen: Boolean(upstream.profile),
    stats,
  };
}

function formatDuration(seconds: number | null, t: TFunction): string {
  if (seconds === null) return t("stats.none");
  const hours = Math.round(seconds / 3600);
  return t("stats.duration", { days: Math.floor(hours / 24), hours: hours % 24 });
}

function formatRate(rate: number | null, language: Language, t: TFunction): string {
  if (rate === null) return t("stats.none");
  return new Intl.NumberFormat(intlLocale(language), { style: "percent", maximumFractionDigits: 1 }).format(rate / 100);
}

function KeyFigures({ summary }: { summary: Summary }) {
  const { t, language } = useTranslation("recruiter");
  return (
    <dl className="recruiter-facts stats-figures">
      <div>
        <dt>{t("stats.assignments")}</dt>
        <dd>{summary.total}</dd>
      </div>
      <div>
        <dt>{t("stats.completionRate")}</dt>
        <dd>{formatRate(summary.completionRate, language, t)}</dd>
      </div>
      <div>
        <dt>{t("stats.medianTime")}</dt>
        <dd>{formatDuration(summary.medianCompletionSeconds, t)}</dd>
      </div>
    </dl>
  );
}

export default function RecruiterSummary() {
  const { cstm, title, values, errors, profileChosen, stats } = useLoaderData<typeof loader>();
  const { t, language } = useTranslation("recruiter");
  const basePath = recruiterPath(cstm, "/summary");
  const stateBars = STATES.map((state) => ({ label: t(`stats.states.${state}`), value: stats.states[state] }));
  const withProfile = (profile: string) => {
    const params = new URLSearchParams({ profile });
    if (values.registeredFrom && !errors.registeredFrom) params.set("registeredFrom", values.registeredFrom);
    if (values.registeredTo && !errors.registeredTo) params.set("registeredTo", values.registeredTo);
    return `${basePath}?${params}`;
  };
  const listValues = values;
  return (
    <section aria-labelledby="stats-title" className="recruiter-stats">
      <h1 id="stats-title">{title}</h1>
      <p>{t("stats.intro")}</p>
      <Form method="get" action={basePath} className="recruiter-filters" aria-label={t("stats.filtersLabel")}>
        <div className="filter-grid">
          <FilterGroup group="select">
            <Choice
              name="profile"
              label={t("stats.profile")}
              values={listValues}
              errors={errors}
              options={stats.profileOptions}
              any={t("stats.allProfiles")}
            />
          </FilterGroup>
          <Range name="registered" type="date" values={listValues} errors={errors} />
        </div>
        <FilterActions basePath={basePath} />
      </Form>

      <KeyFigures summary={stats} />

      <ChartFigure
        id="chart-states"
        title={t("stats.statesTitle")}
        chart={<HorizontalBarChart id="chart-states" bars={stateBars} />}
        labelHeader={t("stats.state")}
        valueHeader={t("stats.count")}
        bars={stateBars}
      />

      {profileChosen ? null : (
        <section className="recruiter-section" aria-labelledby="stats-profiles-title">
          <h2 id="stats-profiles-title">{t("stats.profilesTitle")}</h2>
          <ScrollTable captionId="stats-profiles-caption" className="recruiter-table" caption={t("stats.profilesCaption")}>
            <thead>
              <tr>
                <th scope="col">{t("stats.profile")}</th>
                <th scope="col">{t("stats.assignments")}</th>
                {STATES.map((state) => (
                  <th scope="col" key={state}>
                    {t(`stats.states.${state}`)}
                  </th>
                ))}
                <th scope="col">{t("stats.completionRate")}</th>
                <th scope="col">{t("stats.medianTime")}</th>
              </tr>
            </thead>
            <tbody>
              {stats.profiles.map((profile) => (
                <tr key={profile.id}>
                  <th scope="row">
                    <Link to={withProfile(profile.id)}>
                      {profile.name} ({profile.id})
                    </Link>
                  </th>
                  <td>{profile.total}</td>
                  {STATES.map((state) => (
                    <td key={state}>{profile.states[state]}</td>
                  ))}
                  <td>{formatRate(profile.completionRate, language, t)}</td>
                  <td>{formatDuration(profile.medianCompletionSeconds, t)}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        </section>
      )}

      <section className="recruiter-section" aria-labelledby="stats-scales-title">
        <h2 id="stats-scales-title">{t("stats.scalesTitle")}</h2>
        {stats.scales.length === 0 ? <p>{t("stats.noScales")}</p> : null}
        {stats.scales.map((scale) => {
          const bars = scale.distribution.map((bar) => ({ label: String(bar.normValue), value: bar.count }));
          const id = `chart-scale-${scale.id}`;
          return (
            <ChartFigure
              key={scale.id}
              id={id}
              title={t("stats.scaleTitle", { scale: scale.name, count: scale.count })}
              chart={<ColumnChart id={id} bars={bars} />}
              labelHeader={t("stats.normValue")}
              valueHeader={t("stats.count")}
              bars={bars}
            />
          );
        })}
      </section>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.documentTitle ?? "" }];
