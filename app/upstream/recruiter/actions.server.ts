import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "~/upstream/client.server";
import { applicantPath } from "./paths";

/**
 * The applicant page's actions (docs/api.md, Recruiter workspace: actions; docs/decisions/150, 181): each
 * a POST below the applicant's path, and the preview of a recruiter's mail before it is sent.
 */

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
  | { kind: "rating"; body: { profileId: string; rating: number | null } }
  | { kind: "notes"; body: { profileId: string; text: string } }
  | { kind: "notes/delete"; body: { noteId: number } }
  | { kind: "erase"; body: Record<string, never> };

export async function changeApplicant(
  context: AppLoadContext,
  session: AppSession,
  cstm: string,
  userName: string,
  action: ApplicantAction,
): Promise<void> {
  const path =
    action.kind === "forms"
      ? `${applicantPath(cstm, userName)}/forms/${action.moduleId}`
      : `${applicantPath(cstm, userName)}/${action.kind}`;
  await callUpstream(context, { method: "POST", path, auth: "token", session, body: action.body });
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
    path: `${applicantPath(cstm, userName)}/email/preview`,
    auth: "token",
    session,
    body: { template },
    schema: previewSchema,
  });
}
