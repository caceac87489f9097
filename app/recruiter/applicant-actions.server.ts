import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { DataFunctionArgs } from "~/customer/customer.server";
import { readFormBody } from "~/forms/form-data.server";
import { commitSession } from "~/session/request.server";
import { endsSession, UpstreamError } from "~/upstream/failures.server";
import { changeApplicant, type ApplicantAction } from "~/upstream/recruiter/actions.server";
import { INTENTS, type Intent } from "./intents";
import { readListContext, withList } from "./list-context";
import { APPLICANT_STATUSES } from "./list-query";
import { recruiterPath } from "./paths";
import { withRecruiterUpstream, type RecruiterContext } from "./session.server";
import { PROFILE_ID_PATTERN } from "~/domain/profile";
import { recruiterDateSchema } from "./date-field";
import { MAX_NOTE_LENGTH, noteCharactersAllowed } from "~/domain/note";
import { actionLimitReached } from "./too-many.server";

/**
 * The applicant page's POST forms (docs/decisions/150): one `intent` per action. Each is
 * checked here (translated messages, what was typed kept), sent upstream, and answered with a
 * redirect to the page and a one-time notice (POST-redirect-GET). Destructive actions (disable
 * sign-in, retest) first lead to a confirmation step on the page (a GET with `?confirm=…`) whose
 * own form posts again with `confirmed=yes`: it works without JavaScript.
 */

export interface ActionFailure {
  intent: Intent;
  /** Translated message keys per field ("" for the form). */
  errors: Record<string, string>;
  /** What was sent, to fill the form again. */
  values: Record<string, string>;
}

const required = "recruiter:applicant.errors.required";
const text = (max: number) => z.string({ required_error: required }).trim().min(1, required).max(max, "recruiter:applicant.errors.tooLong");
const date = recruiterDateSchema;
const optionalDate = z.union([z.literal(""), date]).default("");
const profileId = z.string({ required_error: required }).regex(PROFILE_ID_PATTERN, "recruiter:list.errors.choice");

const schemas = {
  details: z.object({
    firstName: text(100),
    lastName: text(100),
    email: text(254).pipe(z.string().regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, "recruiter:applicant.errors.email")),
    language: z.string({ required_error: required }).min(1, required).max(10),
  }),
  status: z.object({ status: z.string({ required_error: required }).min(1, required).max(30) }),
  access: z.object({ loginEnabled: z.enum(["true", "false"], { errorMap: () => ({ message: "recruiter:list.errors.choice" }) }) }),
  owner: z.object({ owner: z.string().max(254).default("") }),
  "open-until": z.object({ profileId, openUntil: optionalDate }),
  "assign-profile": z.object({ profileId, openUntil: optionalDate }),
  retest: z.object({
    profileId,
    module: z.array(z.coerce.number().int().positive().max(2_147_483_647)).min(1, "recruiter:applicant.errors.noModule").max(50),
  }),
  form: z.object({ profileId, moduleId: z.coerce.number().int().positive().max(2_147_483_647) }),
  "email-preview": z.object({
    template: z.enum(["invitation", "reminder", "password-reset"], { errorMap: () => ({ message: "recruiter:list.errors.choice" }) }),
  }),
  "email-send": z.object({
    template: z.enum(["invitation", "reminder", "password-reset"], { errorMap: () => ({ message: "recruiter:list.errors.choice" }) }),
  }),
  // Shortlisting (docs/decisions/185): "" clears the rating.
  rating: z.object({
    profileId,
    rating: z.enum(["", "1", "2", "3", "4", "5"], { errorMap: () => ({ message: "recruiter:list.errors.choice" }) }).default(""),
  }),
  "note-add": z.object({
    profileId,
    // Counted as the upstream counts (line breaks as one), so that both say the same about the limit.
    text: z
      .string({ required_error: required })
      .transform((value) => value.replace(/\r\n?/g, "\n"))
      .pipe(
        z
          .string()
          .trim()
          .min(1, required)
          .max(MAX_NOTE_LENGTH, "recruiter:applicant.shortlist.noteTooLong")
          .refine(noteCharactersAllowed, "recruiter:applicant.shortlist.noteCharacters"),
      ),
  }),
  "note-delete": z.object({ profileId, noteId: z.coerce.number().int().positive().max(2_147_483_647) }),
} satisfies Record<Intent, z.ZodTypeAny>;

/** The upstream's refusals a recruiter can act on, as messages on the form. */
const UPSTREAM_MESSAGES: Record<string, string> = {
  email_taken: "recruiter:applicant.errors.emailTaken",
  unknown_owner: "recruiter:applicant.errors.unknownOwner",
  unknown_profile: "recruiter:applicant.errors.unknownProfile",
  profile_already_assigned: "recruiter:applicant.errors.alreadyAssigned",
  nothing_to_retest: "recruiter:applicant.errors.nothingToRetest",
  unknown_module: "recruiter:applicant.errors.unknownModule",
  // A module id the profile has no form for (a tampered form): the same message.
  unknown_form: "recruiter:applicant.errors.unknownModule",
  form_not_saved: "recruiter:applicant.errors.formNotSaved",
  unknown_note: "recruiter:applicant.shortlist.unknownNote",
  no_email_address: "recruiter:applicant.errors.noEmail",
  invalid_values: "recruiter:applicant.errors.invalidValues",
  invalid_body: "recruiter:applicant.errors.invalid",
  // The upstream's limit of mails per recruiter, customer and applicant (docs/decisions/171).
  too_many_requests: "recruiter:tooManyAttempts",
};

const FIELD_MESSAGES: Record<string, string> = {
  required: required,
  too_long: "recruiter:applicant.errors.tooLong",
  invalid_email: "recruiter:applicant.errors.email",
  invalid_format: "recruiter:applicant.errors.email",
  invalid_date: "recruiter:list.errors.date",
  invalid_option: "recruiter:list.errors.choice",
  line_break: "recruiter:applicant.errors.lineBreak",
};

function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (typeof value === "string" && name !== "module") values[name] = value.slice(0, 5000);
  }
  return values;
}

function fail(intent: Intent, errors: Record<string, string>, values: Record<string, string>, status = 400) {
  return data<{ failure: ActionFailure }>({ failure: { intent, errors, values } }, { status });
}

/** zod issues as { field: message key }, the first per field. */
function issues(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "";
    errors[key] ??= issue.message.startsWith("recruiter:") ? issue.message : "recruiter:applicant.errors.invalid";
  }
  return errors;
}

/**
 * The upstream's 4xx about what the form sent: not the end of the recruiter's session nor a 403
 * (withRecruiterUpstream's and the error page's), and a 404 only when it names something of the
 * form (an unknown applicant stays the invalid-link page).
 */
function isFormRefusal(error: unknown): error is UpstreamError & { status: number } {
  if (!(error instanceof UpstreamError) || error.status === undefined || error.status < 400 || error.status >= 500) return false;
  if (endsSession(error) || error.status === 403) return false;
  if (error.status !== 404) return true;
  const code = ((error.body ?? {}) as { error?: unknown }).error;
  return typeof code === "string" && code !== "unknown_user" && Object.hasOwn(UPSTREAM_MESSAGES, code);
}

const NOTICES: Record<Exclude<Intent, "email-preview">, string> = {
  details: "recruiter:applicant.notices.details",
  status: "recruiter:applicant.notices.status",
  access: "recruiter:applicant.notices.access",
  owner: "recruiter:applicant.notices.owner",
  "open-until": "recruiter:applicant.notices.openUntil",
  "assign-profile": "recruiter:applicant.notices.profileAssigned",
  retest: "recruiter:applicant.notices.retest",
  form: "recruiter:applicant.notices.form",
  "email-send": "recruiter:applicant.notices.emailSent",
  rating: "recruiter:applicant.notices.rating",
  "note-add": "recruiter:applicant.notices.noteAdded",
  "note-delete": "recruiter:applicant.notices.noteDeleted",
};

export async function handleApplicantAction(args: DataFunctionArgs, recruiter: RecruiterContext, userName: string) {
  const formData = await readFormBody(args.request);
  const intent = formData.get("intent");
  const values = formValues(formData);
  if (typeof intent !== "string" || !(INTENTS as readonly string[]).includes(intent)) {
    return data({ failure: { intent: "details" as const, errors: { "": "recruiter:applicant.errors.invalid" }, values } }, { status: 400 });
  }
  const pagePath = recruiterPath(recruiter.cstm, `/applicants/${encodeURIComponent(userName)}`);
  // Back on the page, still opened from its list (docs/decisions/188).
  const list = readListContext(new URL(args.request.url).searchParams, APPLICANT_STATUSES).search;
  if (await actionLimitReached(args, recruiter, intent)) {
    return fail(intent as Intent, { "": "recruiter:tooManyAttempts" }, values, 429);
  }
  const raw = { ...values, module: formData.getAll("module").filter((value) => typeof value === "string") };
  const parsed = schemas[intent as Intent].safeParse(raw);
  if (!parsed.success) return fail(intent as Intent, issues(parsed.error), values);
  const confirmed = formData.get("confirmed") === "yes";

  let action: ApplicantAction;
  switch (intent as Intent) {
    case "details": {
      const body = parsed.data as z.infer<(typeof schemas)["details"]>;
      action = { kind: "details", body };
      break;
    }
    case "status":
      action = { kind: "status", body: parsed.data as { status: string } };
      break;
    case "access": {
      const loginEnabled = (parsed.data as { loginEnabled: string }).loginEnabled === "true";
      // Disabling sign-in ends the applicant's sessions: a confirmation step first.
      if (!loginEnabled && !confirmed) throw redirect(withList(`${pagePath}?confirm=access#confirmation`, list));
      action = { kind: "access", body: { loginEnabled } };
      break;
    }
    case "owner": {
      const owner = (parsed.data as { owner: string }).owner;
      action = { kind: "owner", body: { owner: owner === "" ? null : owner } };
      break;
    }
    case "open-until": {
      const body = parsed.data as { profileId: string; openUntil: string };
      action = { kind: "open-until", body: { profileId: body.profileId, openUntil: body.openUntil || null } };
      break;
    }
    case "assign-profile": {
      const body = parsed.data as { profileId: string; openUntil: string };
      action = { kind: "profiles", body: { profileId: body.profileId, openUntil: body.openUntil || null } };
      break;
    }
    case "retest": {
      const body = parsed.data as { profileId: string; module: number[] };
      if (!confirmed) {
        const query = new URLSearchParams([
          ["confirm", "retest"],
          ["profileId", body.profileId],
          ...body.module.map((id) => ["module", String(id)]),
        ]);
        throw redirect(withList(`${pagePath}?${query}#confirmation`, list));
      }
      action = { kind: "retest", body: { profileId: body.profileId, componentIds: body.module } };
      break;
    }
    case "form": {
      const body = parsed.data as { profileId: string; moduleId: number };
      const answers: Record<string, string> = {};
      for (const [name, value] of Object.entries(values)) {
        if (name.startsWith("field.")) answers[name.slice("field.".length)] = value;
      }
      action = { kind: "forms", moduleId: body.moduleId, body: { profileId: body.profileId, values: answers } };
      break;
    }
    case "email-preview":
      throw redirect(withList(`${pagePath}?preview=${(parsed.data as { template: string }).template}#email`, list));
    case "email-send":
      action = { kind: "email", body: { template: (parsed.data as { template: string }).template } };
      break;
    case "rating": {
      const body = parsed.data as { profileId: string; rating: string };
      action = { kind: "rating", body: { profileId: body.profileId, rating: body.rating === "" ? null : Number(body.rating) } };
      break;
    }
    case "note-add":
      action = { kind: "notes", body: parsed.data as { profileId: string; text: string } };
      break;
    case "note-delete":
      action = { kind: "notes/delete", body: { noteId: (parsed.data as { noteId: number }).noteId } };
      break;
  }

  // A refusal the recruiter can act on comes back as the form's message with the input kept. It is
  // taken before withRecruiterUpstream sees it: that one makes every 404 the invalid-link page (E02),
  // right for an unknown applicant but not for an unknown owner, profile or module the form named
  // (found by the fuzzing, decision 102).
  const refusal = await withRecruiterUpstream(args, recruiter, async () => {
    try {
      await changeApplicant(args.context, recruiter.session, recruiter.cstm, userName, action);
      return null;
    } catch (error) {
      if (isFormRefusal(error)) return error;
      throw error;
    }
  });
  if (refusal) {
    if (refusal.status === 429) {
      args.context.logger.warn(
        { recruiterAction: { cstm: recruiter.cstm, recruiter: recruiter.recruiter.userName, intent, outcome: "rate-limited" } },
        "recruiter action refused",
      );
    }
    const body = (refusal.body ?? {}) as { error?: string; data?: unknown };
    const errors: Record<string, string> = { "": UPSTREAM_MESSAGES[body.error ?? ""] ?? "recruiter:applicant.errors.invalid" };
    if (body.data && typeof body.data === "object") {
      for (const [field, code] of Object.entries(body.data as Record<string, string>)) {
        errors[intent === "form" ? `field.${field}` : field] = FIELD_MESSAGES[code] ?? "recruiter:applicant.errors.invalid";
      }
    }
    return fail(intent as Intent, errors, values, refusal.status);
  }
  // Who and what; never the values, nor the applicant's user name (personal data): the upstream's
  // audit entry names the applicant, its log line by id (docs/decisions/171).
  args.context.logger.info(
    { recruiterAction: { cstm: recruiter.cstm, recruiter: recruiter.recruiter.userName, intent } },
    "recruiter action",
  );
  recruiter.session.flash("notice", { key: NOTICES[intent as Exclude<Intent, "email-preview">], kind: "success" });
  const shortlisted = intent === "rating" || intent === "note-add" || intent === "note-delete";
  const anchor =
    intent === "form" ? "#forms" : intent === "email-send" ? "#email" : shortlisted ? `#shortlist-${values.profileId ?? ""}` : "";
  throw redirect(withList(`${pagePath}${anchor}`, list), {
    headers: { "Set-Cookie": await commitSession(args.context, recruiter.session) },
  });
}
