import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import { FORM_FIELD_TYPES, type FormDefinition, type FormField } from "~/domain/form-definition";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "./client.server";
import { UpstreamError } from "./failures.server";

/**
 * Form modules (spec §7 formData): the definition with the applicant's saved state and a one-time
 * submission token (GET /formData/{id}?raw=true), and the token-free save (POST /formData/{id}).
 */
const localizedSchema = z.record(z.string(), z.string()).catch({});

const fieldSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  // A type this app does not know is shown as a text field rather than losing the question.
  type: z.enum(FORM_FIELD_TYPES).catch("text"),
  required: z.boolean().default(false),
  maxLength: z.number().int().positive().nullish(),
  label: localizedSchema,
  options: z.array(z.object({ value: z.string(), label: localizedSchema })).nullish(),
});

const formDataSchema = z.object({
  form: z.object({
    form_identifier: z.string(),
    comp_comp_id: z.coerce.number().nullish(),
    title: localizedSchema.default({}),
    fields: z.array(fieldSchema),
  }),
  saved: z.boolean().default(false),
  savedAt: z.string().nullish(),
  values: z.record(z.string(), z.string()).nullish(),
  submissionToken: z.string().nullish(),
});

export interface FormModuleData {
  definition: FormDefinition;
  /** Saved upstream: from now on no change is possible (R-FORM-01). */
  saved: boolean;
  savedAt: string | null;
  /** The saved values (only when saved). */
  values: Record<string, string> | null;
  /** One-time token for the save; null once saved. */
  submissionToken: string | null;
}

function fieldFromRecord(record: z.infer<typeof fieldSchema>): FormField {
  const hasOptions = record.type === "select" || record.type === "radio";
  return {
    name: record.name,
    type: record.type,
    required: record.required,
    maxLength: record.maxLength ?? null,
    label: record.label,
    options: hasOptions ? (record.options ?? []) : [],
  };
}

/** GET /formData/{formIdentifier}?raw=true&profileId=…: 404 when the profile has no module with this form. */
export async function getFormModuleData(
  context: AppLoadContext,
  session: AppSession,
  formIdentifier: string,
  profileId: string,
): Promise<FormModuleData> {
  const response = await callUpstream(context, {
    path: `/formData/${encodeURIComponent(formIdentifier)}`,
    query: { raw: "true", profileId },
    auth: "token",
    session,
    schema: formDataSchema,
  });
  return {
    definition: {
      identifier: response.form.form_identifier,
      componentId: response.form.comp_comp_id ?? null,
      title: response.form.title,
      fields: response.form.fields.map(fieldFromRecord),
    },
    saved: response.saved,
    savedAt: response.savedAt ?? null,
    values: response.values ?? null,
    submissionToken: response.submissionToken ?? null,
  };
}

export type SaveFormResult =
  | { kind: "saved"; savedAt: string | null }
  /** 409 form_already_saved: someone (another tab, a double click) saved first. */
  | { kind: "already-saved" }
  /** 400 invalid_values: the upstream names the fields it refused. */
  | { kind: "invalid"; fields: string[] };

// Built once, as every schema here (docs/decisions/208): zod 4 builds a schema far more slowly than it parses one.
const savedSchema = z.object({ savedAt: z.string().nullish() });

/**
 * POST /formData/{formIdentifier}: token-free in the spec (R-ROLE-03); the submission token binds it
 * to user, profile and form. No session is passed: a refused submission token is not the end of the
 * applicant's session.
 */
export async function saveFormModuleData(
  context: AppLoadContext,
  formIdentifier: string,
  submissionToken: string,
  values: Record<string, string>,
): Promise<SaveFormResult> {
  try {
    const response = await callUpstream(context, {
      method: "POST",
      path: `/formData/${encodeURIComponent(formIdentifier)}`,
      auth: "none",
      body: { submissionToken, values },
      schema: savedSchema,
    });
    return { kind: "saved", savedAt: response.savedAt ?? null };
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const body = (error.body ?? {}) as { error?: unknown; data?: unknown };
    if (error.status === 409 && body.error === "form_already_saved") return { kind: "already-saved" };
    if (error.status === 400 && body.error === "invalid_values") {
      const fields = body.data && typeof body.data === "object" ? Object.keys(body.data) : [];
      return { kind: "invalid", fields };
    }
    throw error;
  }
}
