import type { ApiContext } from "../context";
import { statement } from "../db/connection";
import { MAX_SCORE } from "../engine/scoring";
import { localize, type Language } from "../languages";
import type { Profile } from "../store/catalogue";
import { assignments, finishedModules, profileStatus } from "../store/progress";
import type { User } from "../store/users";
import type { RecruiterScope } from "./access";
import { auditOf } from "./audit";
import { shortlistOf } from "./shortlist";
import { filterOptions } from "./list";

/**
 * GET /{cstm}/recruiter/applicants/{userName}: everything the applicant page shows (decision 150): user
 * details, status, access, owner, profiles with per-container progress and their modules (results,
 * with earlier results of retests side by side), form answers, and the audit trail, newest first.
 * Texts are in the recruiter's language.
 */
interface ResultRow {
  prcm_id: number;
  score: number | null;
  norm_value: number | null;
  completed_at: string | null;
}

interface HistoryRow {
  prcm_id: number;
  finished_at: string;
  skipped: number;
  score: number | null;
  norm_value: number | null;
  form_values_json: string | null;
  retest_at: string;
}

interface FormRow {
  prcm_id: number;
  values_json: string;
  saved_at: string;
}

export function applicantResults(ctx: ApiContext, userId: number) {
  const results = new Map(
    (
      statement(
        ctx.db,
        "SELECT prcm_id, score, norm_value, completed_at FROM engine_sessions WHERE user_id = ? AND completed_at IS NOT NULL",
      ).all(userId) as ResultRow[]
    ).map((row) => [row.prcm_id, row]),
  );
  const forms = new Map(
    (statement(ctx.db, "SELECT prcm_id, values_json, saved_at FROM form_submissions WHERE user_id = ?").all(userId) as FormRow[]).map(
      (row) => [row.prcm_id, row],
    ),
  );
  const history = new Map<number, HistoryRow[]>();
  for (const row of statement(
    ctx.db,
    "SELECT prcm_id, finished_at, skipped, score, norm_value, form_values_json, retest_at FROM module_result_history WHERE user_id = ? ORDER BY id",
  ).all(userId) as HistoryRow[]) {
    history.set(row.prcm_id, [...(history.get(row.prcm_id) ?? []), row]);
  }
  return { results, forms, history };
}

function personName(user: { first_name: string | null; last_name: string | null; user_name: string }): string {
  return [user.first_name, user.last_name].filter(Boolean).join(" ") || user.user_name;
}

export function applicantDetail(ctx: ApiContext, scope: RecruiterScope, user: User) {
  const language = scope.recruiter.language;
  const finished = finishedModules(ctx.db, user.id);
  const { results, forms, history } = applicantResults(ctx, user.id);
  const owner = user.owner_id
    ? (statement(ctx.db, "SELECT user_name, first_name, last_name FROM users WHERE id = ?").get(user.owner_id) as
        { user_name: string; first_name: string | null; last_name: string | null } | undefined)
    : undefined;
  const assigned = assignments(ctx, user.id);

  const profiles = assigned.map((assignment) => {
    const profile = assignment.profile;
    const finishedCount = profile.modules.filter((module) => finished.has(module.prcmId)).length;
    return {
      prof_prof_id: profile.id,
      name: profile.name,
      status: profileStatus(profile, finished),
      isOpen: assignment.isOpen,
      openUntil: assignment.openUntil,
      assignedAt: assignment.assignedAt,
      finishedComponents: finishedCount,
      totalComponents: profile.modules.length,
      reportAvailable: profile.bindings.length > 0,
      containers: profile.containers.map((container) => ({
        pcc_id: container.pccId,
        name: localize(container.names, language),
        type: container.type,
        finishedComponents: container.modules.filter((module) => finished.has(module.prcmId)).length,
        totalComponents: container.modules.length,
        modules: container.modules.map((module) => {
          const result = results.get(module.prcmId);
          const state = finished.get(module.prcmId);
          return {
            comp_comp_id: module.component.compId,
            display_name: localize(module.component.names, language),
            type: module.component.type,
            finishedAt: state?.finishedAt ?? null,
            skipped: state?.skipped ?? false,
            score: result?.score ?? null,
            maxScore: module.component.type === "Scale" ? MAX_SCORE : null,
            normValue: result?.norm_value ?? null,
            history: (history.get(module.prcmId) ?? []).map((row) => ({
              finishedAt: row.finished_at,
              skipped: row.skipped === 1,
              score: row.score,
              normValue: row.norm_value,
              retestAt: row.retest_at,
            })),
          };
        }),
      })),
    };
  });

  return {
    applicant: {
      userName: user.user_name,
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      language: user.language,
      activated: user.activated === 1,
      anonymous: user.anonymous === 1,
      onSite: user.on_site === 1,
      expired: user.expired === 1,
      loginEnabled: user.login_disabled === 0,
      status: user.status,
      owner: owner ? { userName: owner.user_name, name: personName(owner) } : null,
      registeredAt: user.created_at,
      lastActivityAt: user.last_activity_at,
      finalizedAt: user.finalized_at,
      finishedModules: user.finished_modules,
      totalModules: user.total_modules,
      profiles,
      forms: formsOf(
        ctx,
        assigned.map((assignment) => assignment.profile),
        forms,
        history,
        language,
      ),
      audit: auditOf(ctx, user.id),
      shortlist: shortlistOf(ctx, user.id, scope.recruiter.id),
    },
    options: {
      ...filterOptions(ctx, scope.customer),
      languages: scope.customer.languages,
      assignableProfiles: [...ctx.catalogue.profiles.values()]
        .filter(
          (profile) => profile.userBase === scope.customer.userBase && !assigned.some((assignment) => assignment.profile.id === profile.id),
        )
        .map((profile) => ({ prof_prof_id: profile.id, name: profile.name })),
    },
  };
}

/** The saved answers of every Form module of the applicant's profiles, with the form's fields. */
function formsOf(
  ctx: ApiContext,
  profiles: Profile[],
  saved: Map<number, FormRow>,
  history: Map<number, HistoryRow[]>,
  language: Language,
) {
  return profiles.flatMap((profile) =>
    profile.modules.flatMap((module) => {
      const identifier = module.component.formIdentifier;
      const definition = identifier ? ctx.catalogue.forms.get(identifier) : undefined;
      if (!definition) return [];
      const row = saved.get(module.prcmId);
      return [
        {
          prof_prof_id: profile.id,
          comp_comp_id: module.component.compId,
          form_identifier: definition.form_identifier,
          title: localize(definition.title, language),
          savedAt: row?.saved_at ?? null,
          values: row ? (JSON.parse(row.values_json) as Record<string, string>) : null,
          earlierValues: (history.get(module.prcmId) ?? [])
            .filter((entry) => entry.form_values_json !== null)
            .map((entry) => ({ retestAt: entry.retest_at, values: JSON.parse(entry.form_values_json!) as Record<string, string> })),
          fields: definition.fields.map((field) => ({
            name: field.name,
            type: field.type,
            required: field.required,
            maxLength: field.maxLength ?? null,
            label: localize(field.label, language),
            options: field.options?.map((option) => ({ value: option.value, label: localize(option.label, language) })) ?? null,
          })),
        },
      ];
    }),
  );
}

/** GET …/values: the applicant's scale values and form answers (the app makes the CSV of them). */
export function applicantValues(ctx: ApiContext, scope: RecruiterScope, user: User) {
  return valuesOf(ctx, user, scope.recruiter.language);
}

/** Scale values and saved form answers of an applicant, names and labels in `language`. */
export function valuesOf(ctx: ApiContext, user: User, language: Language) {
  const finished = finishedModules(ctx.db, user.id);
  const { results, forms } = applicantResults(ctx, user.id);
  const profiles = assignments(ctx, user.id).map((assignment) => assignment.profile);
  const scales = profiles.flatMap((profile) =>
    profile.modules
      .filter((module) => module.component.type === "Scale")
      .map((module) => {
        const result = results.get(module.prcmId);
        return {
          prof_prof_id: profile.id,
          profileName: profile.name,
          comp_comp_id: module.component.compId,
          name: localize(module.component.names, language),
          finishedAt: finished.get(module.prcmId)?.finishedAt ?? null,
          score: result?.score ?? null,
          maxScore: MAX_SCORE,
          normValue: result?.norm_value ?? null,
        };
      }),
  );
  const answers = formsOf(ctx, profiles, forms, new Map(), language).flatMap((form) =>
    form.values === null
      ? []
      : form.fields.map((field) => ({
          prof_prof_id: form.prof_prof_id,
          comp_comp_id: form.comp_comp_id,
          form_identifier: form.form_identifier,
          field: field.name,
          label: field.label,
          value: form.values?.[field.name] ?? null,
          savedAt: form.savedAt,
        })),
  );
  return { userName: user.user_name, firstName: user.first_name, lastName: user.last_name, scales, forms: answers };
}
