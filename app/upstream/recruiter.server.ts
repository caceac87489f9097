import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod";
import type { AppSession } from "~/session/session.server";
import { callUpstream, callUpstreamBinary } from "./client.server";

/**
 * The recruiter calls of the upstream (docs/api.md, Recruiter calls and Recruiter workspace; issue
 * 11). Every path contains "recruiter", so the client sends the recruiter token (R-ROLE-01, R-TOK-01).
 * The customer is the path's first segment; the upstream answers 403 for a customer the recruiter
 * does not serve. Payload names (prof_prof_id, comp_comp_id) stop here: the app gets readable ones.
 */

const loginSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().nonnegative().nullish(),
  userName: z.string().default(""),
  displayName: z.string().nullish(),
});

export interface RecruiterGrant {
  token: string;
  expiresAt: number | null;
  userName: string;
  displayName?: string;
}

export async function recruiterLogin(
  context: AppLoadContext,
  body: { cstm: string; userName: string; password: string },
): Promise<RecruiterGrant> {
  const response = await callUpstream(context, {
    method: "POST",
    path: "/recruiter/login",
    budget: "credential",
    auth: "none",
    body,
    schema: loginSchema,
  });
  const expiresIn = response.expires_in;
  return {
    token: response.access_token,
    expiresAt: expiresIn && expiresIn > 0 ? Math.floor(Date.now() / 1000) + Math.floor(expiresIn) : null,
    userName: response.userName || body.userName,
    displayName: response.displayName ?? undefined,
  };
}

/** GET /recruiter/logout with the recruiter token. */
export async function recruiterLogout(context: AppLoadContext, session: AppSession): Promise<void> {
  await callUpstream(context, { method: "GET", path: "/recruiter/logout", auth: "token", session });
}

const base = (cstm: string) => `/${encodeURIComponent(cstm)}/recruiter/applicants`;
const one = (cstm: string, userName: string) => `${base(cstm)}/${encodeURIComponent(userName)}`;

const ownerSchema = z.object({ userName: z.string(), name: z.string() }).nullable();

const profileOptionSchema = z.object({ prof_prof_id: z.string(), name: z.string() });

/** The choices of the list's filters; the applicant page's options add to them. */
const filterOptionsSchema = z.object({
  profiles: z.array(profileOptionSchema),
  statuses: z.array(z.string()),
  owners: z.array(z.object({ userName: z.string(), name: z.string() })),
});

/** What the list and the applicant page both say of an applicant. */
const applicantFieldsSchema = z.object({
  userName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  activated: z.boolean(),
  anonymous: z.boolean(),
  onSite: z.boolean().default(false),
  status: z.string(),
  registeredAt: z.string(),
  lastActivityAt: z.string().nullable(),
});

const listSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  pages: z.number().int().positive(),
  applicants: z.array(
    applicantFieldsSchema.extend({
      loginEnabled: z.boolean().default(true),
      owner: ownerSchema.default(null),
      finishedModules: z.number().int().nonnegative(),
      totalModules: z.number().int().nonnegative(),
      progress: z.number().int().min(0).max(100),
      profiles: z.array(
        z.object({
          prof_prof_id: z.string(),
          name: z.string(),
          isOpen: z.boolean(),
          openUntil: z.string().nullable(),
          finishedComponents: z.number().int().nonnegative(),
          totalComponents: z.number().int().nonnegative(),
        }),
      ),
    }),
  ),
  filterOptions: filterOptionsSchema,
});

export interface Option {
  value: string;
  label: string;
}

export interface FilterOptions {
  profiles: Option[];
  statuses: string[];
  owners: Option[];
}

/** What the list and the applicant page both say of an applicant. */
export type ApplicantFields = z.infer<typeof applicantFieldsSchema> & {
  loginEnabled: boolean;
  owner: { userName: string; name: string } | null;
  finishedModules: number;
  totalModules: number;
};

export interface ApplicantRow extends ApplicantFields {
  progress: number;
  profiles: { id: string; name: string; isOpen: boolean; openUntil: string | null; finished: number; total: number }[];
}

export interface ApplicantPage {
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  applicants: ApplicantRow[];
  filterOptions: FilterOptions;
}

function toFilterOptions(options: z.infer<typeof filterOptionsSchema>): FilterOptions {
  return {
    profiles: options.profiles.map((profile) => ({ value: profile.prof_prof_id, label: `${profile.name} (${profile.prof_prof_id})` })),
    statuses: options.statuses,
    owners: options.owners.map((owner) => ({ value: owner.userName, label: owner.name })),
  };
}

/** The list query as the upstream takes it (app/recruiter/list-query.ts builds it from the page's URL). */
export type ListQuery = Record<string, string | undefined>;

type ListRowPayload = z.infer<typeof listSchema>["applicants"][number];

function toApplicantRow(row: ListRowPayload): ApplicantRow {
  return {
    ...row,
    profiles: row.profiles.map((profile) => ({
      id: profile.prof_prof_id,
      name: profile.name,
      isOpen: profile.isOpen,
      openUntil: profile.openUntil,
      finished: profile.finishedComponents,
      total: profile.totalComponents,
    })),
  };
}

export async function listApplicants(context: AppLoadContext, session: AppSession, cstm: string, query: ListQuery): Promise<ApplicantPage> {
  const response = await callUpstream(context, { method: "GET", path: base(cstm), query, auth: "token", session, schema: listSchema });
  return {
    total: response.total,
    page: response.page,
    pageSize: response.pageSize,
    pages: response.pages,
    filterOptions: toFilterOptions(response.filterOptions),
    applicants: response.applicants.map(toApplicantRow),
  };
}

const exportHeadSchema = z.object({ total: z.number().int().nonnegative() });
const exportEndSchema = z.object({ end: z.literal(true), rows: z.number().int().nonnegative() });
const exportRowSchema = listSchema.shape.applicants.element;
/** No line of the export comes near this; a longer one is a broken upstream, not a row to buffer. */
const MAX_EXPORT_LINE = 1024 * 1024;

/** The export's lines as values, one JSON document per line. */
async function* ndjsonValues(body: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = lines.pop() ?? "";
    if (rest.length > MAX_EXPORT_LINE) throw new Error("applicant export: a line longer than the limit");
    for (const line of lines) if (line.trim() !== "") yield JSON.parse(line);
  }
  rest += decoder.decode();
  if (rest.trim() !== "") yield JSON.parse(rest);
}

/**
 * The applicant list as it is filtered and sorted, every row (GET /{cstm}/recruiter/exports/applicants,
 * docs/decisions/171), read as it streams in. The upstream's refusal (429, 403, …) is thrown before
 * the first row; afterwards a broken or cut stream (no last line, a row count that does not match)
 * throws from the iteration, so a download fails rather than ending short without a word.
 */
export async function exportApplicants(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  query: ListQuery,
): Promise<AsyncGenerator<ApplicantRow>> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, value);
  const path = `/${encodeURIComponent(cstm)}/recruiter/exports/applicants${search.size > 0 ? `?${search}` : ""}`;
  const response = await callUpstreamBinary(context, { method: "GET", path, auth: "token", session });
  if (!response.body) throw new Error("applicant export: no body");
  return exportRows(response.body);
}

async function* exportRows(body: ReadableStream<Uint8Array>): AsyncGenerator<ApplicantRow> {
  let head = false;
  let rows = 0;
  for await (const value of ndjsonValues(body)) {
    if (!head) {
      exportHeadSchema.parse(value);
      head = true;
      continue;
    }
    const end = exportEndSchema.safeParse(value);
    if (end.success) {
      if (end.data.rows !== rows) throw new Error(`applicant export: ${rows} rows arrived, the upstream sent ${end.data.rows}`);
      return;
    }
    rows++;
    yield toApplicantRow(exportRowSchema.parse(value));
  }
  throw new Error(`applicant export: cut short after ${rows} rows`);
}

const auditSchema = z.object({
  id: z.number(),
  at: z.string(),
  recruiter: z.string(),
  action: z.string(),
  changes: z.record(z.unknown()),
});

const fieldSchema = z.object({
  name: z.string(),
  type: z.string(),
  required: z.boolean(),
  maxLength: z.number().nullable().default(null),
  label: z.string(),
  options: z
    .array(z.object({ value: z.string(), label: z.string() }))
    .nullable()
    .default(null),
});

const detailSchema = z.object({
  applicant: applicantFieldsSchema.extend({
    language: z.string(),
    expired: z.boolean().default(false),
    loginEnabled: z.boolean(),
    owner: ownerSchema,
    finishedModules: z.number(),
    totalModules: z.number(),
    profiles: z.array(
      z.object({
        prof_prof_id: z.string(),
        name: z.string(),
        status: z.string(),
        isOpen: z.boolean(),
        openUntil: z.string().nullable(),
        finishedComponents: z.number(),
        totalComponents: z.number(),
        reportAvailable: z.boolean(),
        containers: z.array(
          z.object({
            pcc_id: z.number(),
            name: z.string(),
            type: z.string(),
            finishedComponents: z.number(),
            totalComponents: z.number(),
            modules: z.array(
              z.object({
                comp_comp_id: z.number(),
                display_name: z.string(),
                type: z.string(),
                finishedAt: z.string().nullable(),
                skipped: z.boolean(),
                score: z.number().nullable(),
                maxScore: z.number().nullable(),
                normValue: z.number().nullable(),
                history: z.array(
                  z.object({
                    finishedAt: z.string(),
                    skipped: z.boolean(),
                    score: z.number().nullable(),
                    normValue: z.number().nullable(),
                    retestAt: z.string(),
                  }),
                ),
              }),
            ),
          }),
        ),
      }),
    ),
    forms: z.array(
      z.object({
        prof_prof_id: z.string(),
        comp_comp_id: z.number(),
        form_identifier: z.string(),
        title: z.string(),
        savedAt: z.string().nullable(),
        values: z.record(z.string()).nullable(),
        earlierValues: z.array(z.object({ retestAt: z.string(), values: z.record(z.string()) })).default([]),
        fields: z.array(fieldSchema),
      }),
    ),
    audit: z.array(auditSchema),
  }),
  options: filterOptionsSchema.extend({
    languages: z.array(z.string()),
    assignableProfiles: z.array(profileOptionSchema),
  }),
});

export interface ModuleResult {
  finishedAt: string;
  skipped: boolean;
  score: number | null;
  normValue: number | null;
  retestAt: string;
}

export interface ApplicantModule {
  id: number;
  name: string;
  type: string;
  finishedAt: string | null;
  skipped: boolean;
  score: number | null;
  maxScore: number | null;
  normValue: number | null;
  earlierResults: ModuleResult[];
}

export interface ApplicantProfile {
  id: string;
  name: string;
  status: string;
  isOpen: boolean;
  openUntil: string | null;
  finished: number;
  total: number;
  reportAvailable: boolean;
  containers: { id: number; name: string; type: string; finished: number; total: number; modules: ApplicantModule[] }[];
}

export interface FormField {
  name: string;
  type: string;
  required: boolean;
  maxLength: number | null;
  label: string;
  options: Option[] | null;
}

export interface ApplicantForm {
  profileId: string;
  moduleId: number;
  formIdentifier: string;
  title: string;
  savedAt: string | null;
  values: Record<string, string> | null;
  earlierValues: { retestAt: string; values: Record<string, string> }[];
  fields: FormField[];
}

export interface AuditEntry {
  id: number;
  at: string;
  recruiter: string;
  action: string;
  changes: Record<string, unknown>;
}

export interface ApplicantDetail extends ApplicantFields {
  language: string;
  expired: boolean;
  profiles: ApplicantProfile[];
  forms: ApplicantForm[];
  audit: AuditEntry[];
  options: FilterOptions & { languages: string[]; assignableProfiles: Option[] };
}

export async function applicantDetail(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  userName: string,
  language: string,
): Promise<ApplicantDetail> {
  const { applicant, options } = await callUpstream(context, {
    method: "GET",
    path: one(cstm, userName),
    query: { language },
    auth: "token",
    session,
    schema: detailSchema,
  });
  return {
    ...applicant,
    profiles: applicant.profiles.map((profile) => ({
      id: profile.prof_prof_id,
      name: profile.name,
      status: profile.status,
      isOpen: profile.isOpen,
      openUntil: profile.openUntil,
      finished: profile.finishedComponents,
      total: profile.totalComponents,
      reportAvailable: profile.reportAvailable,
      containers: profile.containers.map((container) => ({
        id: container.pcc_id,
        name: container.name,
        type: container.type,
        finished: container.finishedComponents,
        total: container.totalComponents,
        modules: container.modules.map((module) => ({
          id: module.comp_comp_id,
          name: module.display_name,
          type: module.type,
          finishedAt: module.finishedAt,
          skipped: module.skipped,
          score: module.score,
          maxScore: module.maxScore,
          normValue: module.normValue,
          earlierResults: module.history,
        })),
      })),
    })),
    forms: applicant.forms.map((form) => ({
      profileId: form.prof_prof_id,
      moduleId: form.comp_comp_id,
      formIdentifier: form.form_identifier,
      title: form.title,
      savedAt: form.savedAt,
      values: form.values,
      earlierValues: form.earlierValues,
      fields: form.fields,
    })),
    options: {
      ...toFilterOptions(options),
      languages: options.languages,
      assignableProfiles: options.assignableProfiles.map((profile) => ({
        value: profile.prof_prof_id,
        label: `${profile.name} (${profile.prof_prof_id})`,
      })),
    },
  };
}

/** The actions of the applicant page (docs/api.md): each answers the changed fields. */
export type ApplicantAction =
  | { kind: "details"; body: { firstName: string; lastName: string; email: string; language: string } }
  | { kind: "status"; body: { status: string } }
  | { kind: "access"; body: { loginEnabled: boolean } }
  | { kind: "owner"; body: { owner: string | null } }
  | { kind: "open-until"; body: { profileId: string; openUntil: string | null } }
  | { kind: "profiles"; body: { profileId: string; openUntil: string | null } }
  | { kind: "retest"; body: { profileId: string; componentIds: number[] } }
  | { kind: "forms"; moduleId: number; body: { profileId: string; values: Record<string, string> } }
  | { kind: "email"; body: { template: string } }
  | { kind: "erase"; body: Record<string, never> };

export async function changeApplicant(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  userName: string,
  action: ApplicantAction,
): Promise<void> {
  const path = action.kind === "forms" ? `${one(cstm, userName)}/forms/${action.moduleId}` : `${one(cstm, userName)}/${action.kind}`;
  await callUpstream(context, { method: "POST", path, auth: "token", session, body: action.body });
}

const dataExportSchema = z.object({ data: z.record(z.unknown()) });

/** The applicant's Art. 15 file in their language (docs/decisions/182), as they get it; the upstream records the export. */
export async function applicantDataExport(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  userName: string,
): Promise<Record<string, unknown>> {
  const { data } = await callUpstream(context, {
    path: `${one(cstm, userName)}/data-export`,
    auth: "token",
    session,
    schema: dataExportSchema,
  });
  return data;
}

const previewSchema = z.object({ to: z.string(), language: z.string(), subject: z.string(), text: z.string() });

export type MailPreview = z.infer<typeof previewSchema>;

export function previewMail(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  userName: string,
  template: string,
): Promise<MailPreview> {
  return callUpstream(context, {
    method: "POST",
    path: `${one(cstm, userName)}/email/preview`,
    auth: "token",
    session,
    body: { template },
    schema: previewSchema,
  });
}

const valuesSchema = z.object({
  userName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  scales: z.array(
    z.object({
      prof_prof_id: z.string(),
      profileName: z.string(),
      comp_comp_id: z.number(),
      name: z.string(),
      finishedAt: z.string().nullable(),
      score: z.number().nullable(),
      maxScore: z.number().nullable(),
      normValue: z.number().nullable(),
    }),
  ),
  forms: z.array(
    z.object({
      prof_prof_id: z.string(),
      comp_comp_id: z.number(),
      form_identifier: z.string(),
      field: z.string(),
      label: z.string(),
      value: z.string().nullable(),
      savedAt: z.string().nullable(),
    }),
  ),
});

export interface ApplicantValues {
  userName: string;
  scales: {
    profileId: string;
    profileName: string;
    moduleId: number;
    name: string;
    finishedAt: string | null;
    score: number | null;
    maxScore: number | null;
    normValue: number | null;
  }[];
  forms: {
    profileId: string;
    moduleId: number;
    form: string;
    field: string;
    label: string;
    value: string | null;
    savedAt: string | null;
  }[];
}

export async function applicantValues(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  userName: string,
  language: string,
): Promise<ApplicantValues> {
  const response = await callUpstream(context, {
    method: "GET",
    path: `${one(cstm, userName)}/values`,
    query: { language },
    auth: "token",
    session,
    schema: valuesSchema,
  });
  return {
    userName: response.userName,
    scales: response.scales.map((scale) => ({
      profileId: scale.prof_prof_id,
      profileName: scale.profileName,
      moduleId: scale.comp_comp_id,
      name: scale.name,
      finishedAt: scale.finishedAt,
      score: scale.score,
      maxScore: scale.maxScore,
      normValue: scale.normValue,
    })),
    forms: response.forms.map((answer) => ({
      profileId: answer.prof_prof_id,
      moduleId: answer.comp_comp_id,
      form: answer.form_identifier,
      field: answer.field,
      label: answer.label,
      value: answer.value,
      savedAt: answer.savedAt,
    })),
  };
}

/** The applicant's report PDF as the upstream streams it. */
export function applicantReport(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  userName: string,
  profileId: string,
  language: string,
): Promise<Response> {
  const query = new URLSearchParams({ profileId, language });
  return callUpstreamBinary(context, { method: "GET", path: `${one(cstm, userName)}/report?${query}`, auth: "token", session });
}
