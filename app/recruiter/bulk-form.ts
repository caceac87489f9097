import { z } from "zod";
import { PROFILE_ID_PATTERN } from "~/domain/profile";
import type { BulkSelection, BulkUpstreamAction } from "~/upstream/recruiter/bulk.server";
import { recruiterDateSchema } from "./date-field";
import { APPLICANT_STATUSES, LIST_PARAMETERS, readListQuery, type ListParameter } from "./list-query";

/**
 * The bulk actions' forms (docs/decisions/183), pure: what the list's POST form and the confirmation page send, read
 * into the selection, the action and its parameters, with translated message keys per field (what was typed is kept
 * by the page). The selection travels in the forms: `user` (checked rows), `pageUser` (the page's rows) or, for "all
 * matching", the list's filter as `filter.<parameter>`, resolved by the upstream when the action runs.
 */
export const BULK_ACTIONS = [
  "assign-profile",
  "status",
  "owner",
  "open-until",
  "invitation",
  "reminder",
  "disable-access",
  "enable-access",
  "export",
  "erase",
] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The upstream's bound of one call (api/recruiter/bulk.ts MAX_BULK_SELECTION). */
export const MAX_SELECTION = 2000;

/** The actions whose confirmation page asks for parameters first. */
export const PARAMETER_ACTIONS: readonly BulkAction[] = ["assign-profile", "status", "owner", "open-until"];

export type SelectionState = { scope: "names"; userNames: string[] } | { scope: "all"; filter: Record<string, string> };

export interface BulkFormState {
  action: BulkAction | null;
  selection: SelectionState | null;
  /** The list's filter values as the list's URL had them (for "back to the list" and "all matching"). */
  listValues: Partial<Record<ListParameter, string>>;
  /** The parameters as typed. */
  values: Record<string, string>;
  /** Message keys of the recruiter namespace per field ("" for the form). */
  errors: Record<string, string>;
}

const required = "recruiter:applicant.errors.required";
const choice = "recruiter:list.errors.choice";
const profileId = z.string({ required_error: required }).trim().min(1, required).regex(PROFILE_ID_PATTERN, choice);
const optionalDate = z.union([z.literal(""), recruiterDateSchema]).default("");

const PARAMETER_SCHEMAS = {
  "assign-profile": z.object({ profileId, openUntil: optionalDate }),
  "open-until": z.object({ profileId, openUntil: optionalDate }),
  status: z.object({
    status: z.enum(APPLICANT_STATUSES, { errorMap: (issue) => ({ message: issue.code === "invalid_type" ? required : choice }) }),
  }),
  // "-": no owner.
  owner: z.object({ owner: z.string({ required_error: required }).trim().min(1, required).max(254, choice) }),
};

function strings(formData: FormData, name: string): string[] {
  return formData.getAll(name).filter((value): value is string => typeof value === "string" && value.trim() !== "");
}

/** The list's filter as the form carried it, read with the list's own rules (bad values are left out, as on the list). */
function listFilter(formData: FormData) {
  const search = new URLSearchParams();
  for (const name of LIST_PARAMETERS) {
    const value = formData.get(`filter.${name}`);
    if (typeof value === "string" && value !== "") search.set(name, value);
  }
  const query = readListQuery(search, APPLICANT_STATUSES);
  const { page: _page, ...filter } = query.upstream;
  const listValues: Partial<Record<ListParameter, string>> = {};
  for (const name of LIST_PARAMETERS) if (query.values[name]) listValues[name] = query.values[name];
  return { filter, listValues };
}

/** Reads what a bulk form sent; `withParameters`: the parameters are checked too (the confirmation page's steps). */
export function readBulkForm(formData: FormData, withParameters: boolean): BulkFormState {
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const name of ["profileId", "openUntil", "status", "owner"]) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 300);
  }
  const { filter, listValues } = listFilter(formData);
  const rawAction = formData.get("action");
  const action = (BULK_ACTIONS as readonly unknown[]).includes(rawAction) ? (rawAction as BulkAction) : null;
  if (!action) errors.action = "recruiter:bulk.errors.action";

  const scope = formData.get("scope");
  let selection: SelectionState | null = null;
  if (scope === "all") selection = { scope: "all", filter };
  else {
    const userNames = [...new Set(strings(formData, scope === "page" ? "pageUser" : "user").map((name) => name.trim().slice(0, 254)))];
    if (userNames.length > MAX_SELECTION) errors[""] = "recruiter:bulk.errors.tooMany";
    else if (userNames.length > 0) selection = { scope: "names", userNames };
  }
  if (!selection && !errors[""]) errors[""] = "recruiter:bulk.errors.noSelection";

  if (withParameters && action && action in PARAMETER_SCHEMAS) {
    const parsed = PARAMETER_SCHEMAS[action as keyof typeof PARAMETER_SCHEMAS].safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? "");
        errors[field] ??= issue.message.startsWith("recruiter:") ? issue.message : "recruiter:applicant.errors.invalid";
      }
    }
  }
  return { action, selection, listValues, values, errors };
}

/** The upstream's action for a valid form (readBulkForm without errors). */
export function upstreamAction(action: BulkAction, values: Record<string, string>): BulkUpstreamAction {
  const openUntil = values.openUntil?.trim() || null;
  switch (action) {
    case "assign-profile":
      return { action: "profiles", parameters: { profileId: values.profileId.trim(), openUntil } };
    case "open-until":
      return { action: "open-until", parameters: { profileId: values.profileId.trim(), openUntil } };
    case "status":
      return { action: "status", parameters: { status: values.status } };
    case "owner": {
      const owner = values.owner.trim();
      return { action: "owner", parameters: { owner: owner === "-" ? null : owner } };
    }
    case "invitation":
    case "reminder":
      return { action: "email", parameters: { template: action } };
    case "disable-access":
    case "enable-access":
      return { action: "access", parameters: { loginEnabled: action === "enable-access" } };
    case "export":
    case "erase":
      return { action, parameters: {} };
  }
}

export function upstreamSelection(selection: SelectionState): BulkSelection {
  return selection.scope === "all" ? { filter: selection.filter } : { userNames: selection.userNames };
}

/** The upstream's refusals of the whole call, as messages on the form. */
export const CALL_MESSAGES: Record<string, string> = {
  unknown_profile: "recruiter:applicant.errors.unknownProfile",
  unknown_owner: "recruiter:applicant.errors.unknownOwner",
  selection_too_large: "recruiter:bulk.errors.tooMany",
  too_many_requests: "recruiter:tooManyAttempts",
  invalid_body: "recruiter:applicant.errors.invalid",
};

/** A refusal of one applicant (its code from the upstream), as the result page says it. */
export function reasonKey(reason: string | undefined): string {
  const known = ["profile_already_assigned", "no_email_address", "unknown_user", "unknown_profile", "too_many_requests"];
  return `recruiter:bulk.reasons.${known.includes(reason ?? "") ? reason : "other"}`;
}
