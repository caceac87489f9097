import type { AppLoadContext } from "@remix-run/node";
import { z } from "zod/v4";
import type { PasswordRequirements } from "~/domain/customer";
import type { AppSession } from "~/session/session.server";
import { callUpstream } from "./client.server";

/**
 * Account calls of the upstream (spec §7; docs/api.md): login, on-site login, registration,
 * activation, passwords, logout. Token-free unless noted (R-ROLE-03).
 */

export const loginResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().nonnegative().nullish(),
  expired: z.boolean().default(false),
  userName: z.string().default(""),
  displayName: z.string().nullish(),
  anonymous: z.boolean().default(false),
  language: z.string().nullish(),
  profileId: z.string().nullish(),
});

export interface LoginGrant {
  token: string;
  /** Absolute expiry in epoch seconds, from expires_in; null when the upstream gave none. */
  expiresAt: number | null;
  /** The account has expired (R-AUTH-02: the app shows page-not-found). */
  expired: boolean;
  userName: string;
  displayName?: string;
  anonymous: boolean;
  language?: string;
  profileId?: string;
}

export function toGrant(response: z.infer<typeof loginResponseSchema>): LoginGrant {
  const expiresIn = response.expires_in;
  return {
    token: response.access_token,
    expiresAt: expiresIn && expiresIn > 0 ? Math.floor(Date.now() / 1000) + Math.floor(expiresIn) : null,
    expired: response.expired,
    userName: response.userName,
    displayName: response.displayName ?? undefined,
    anonymous: response.anonymous || response.userName.includes("self_register_anon"),
    language: response.language ?? undefined,
    profileId: response.profileId ?? undefined,
  };
}

export interface StatementAcceptance {
  dataProtectionStatementId: number | string;
  dataProtectionStatementRevision: number | string;
}

// Calls that send a password run the upstream's password hashing (scrypt): they get the
// "credential" time budget, longer than a page's data calls (decision 098).
export async function login(
  context: AppLoadContext,
  body: { cstm: string; userName: string; password: string; language?: string } & Partial<StatementAcceptance>,
): Promise<LoginGrant> {
  return toGrant(
    await callUpstream(context, { method: "POST", path: "/login", budget: "credential", auth: "none", body, schema: loginResponseSchema }),
  );
}

export async function onSiteLogin(
  context: AppLoadContext,
  body: { cstm: string; userName: string; password: string; language?: string; profileId: string } & Partial<StatementAcceptance>,
): Promise<LoginGrant> {
  return toGrant(
    await callUpstream(context, {
      method: "POST",
      path: "/onSiteLogin",
      budget: "credential",
      auth: "none",
      body,
      schema: loginResponseSchema,
    }),
  );
}

export async function registerAnonymous(
  context: AppLoadContext,
  body: { cstm: string; profileId: string; language: string } & StatementAcceptance,
): Promise<LoginGrant> {
  return toGrant(await callUpstream(context, { method: "POST", path: "/registerAnon", auth: "none", body, schema: loginResponseSchema }));
}

const registerResponseSchema = z.object({
  userName: z.string(),
  activationRequired: z.boolean().default(false),
  access_token: z.string().optional(),
  expires_in: z.coerce.number().nullish(),
  expired: z.boolean().default(false),
  displayName: z.string().nullish(),
  anonymous: z.boolean().default(false),
  language: z.string().nullish(),
});

export type RegistrationResult = { kind: "signed-in"; grant: LoginGrant } | { kind: "activation-required"; userName: string };

/** R-ENT-08: the registration data plus language, statement id and revision (and profileId when given). */
export async function register(
  context: AppLoadContext,
  body: {
    cstm: string;
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    language: string;
    contactingAccepted: boolean;
    profileId?: string;
  } & StatementAcceptance,
): Promise<RegistrationResult> {
  const response = await callUpstream(context, {
    method: "POST",
    path: "/register",
    budget: "credential",
    auth: "none",
    body,
    schema: registerResponseSchema,
  });
  if (response.access_token) {
    return { kind: "signed-in", grant: toGrant({ ...response, access_token: response.access_token, profileId: undefined }) };
  }
  return { kind: "activation-required", userName: response.userName };
}

const activationSchema = z.object({
  userName: z.string().optional(),
  cstm: z.string().optional(),
  passwordRequired: z.boolean().default(false),
});

export async function activateAccount(
  context: AppLoadContext,
  body: { userIdHash: string; password?: string },
): Promise<z.infer<typeof activationSchema>> {
  return callUpstream(context, {
    method: "POST",
    path: "/accountActivation",
    budget: "credential",
    auth: "none",
    body,
    schema: activationSchema,
  });
}

export async function saveNewPassword(context: AppLoadContext, body: { userHash: string; password: string; cstm: string }): Promise<void> {
  await callUpstream(context, { method: "POST", path: "/saveNewPassword", budget: "credential", auth: "none", body });
}

export async function changeUserPassword(
  context: AppLoadContext,
  session: AppSession,
  body: { oldPassword: string; newPassword: string },
): Promise<void> {
  await callUpstream(context, { method: "POST", path: "/changeUserPassword", budget: "credential", auth: "token", session, body });
}

export async function resetPasswordByUserName(
  context: AppLoadContext,
  body: { cstm: string; userName: string; language: string },
): Promise<void> {
  await callUpstream(context, { method: "POST", path: "/resetPasswordByUserName", auth: "none", body });
}

const requirementsSchema = z.object({
  passwordRequirements: z.object({
    minLength: z.number().int().nonnegative(),
    minUppercase: z.number().int().nonnegative().default(0),
    minLowercase: z.number().int().nonnegative().default(0),
    minNumbers: z.number().int().nonnegative().default(0),
    noSpaces: z.boolean().default(false),
    noLineBreaks: z.boolean().default(false),
  }),
  userName: z.string().optional(),
});

export interface RequirementsResult {
  requirements: PasswordRequirements;
  userName?: string;
}

async function passwordRequirements(
  context: AppLoadContext,
  path: string,
  body: Record<string, string>,
  session?: AppSession,
): Promise<RequirementsResult> {
  const response = await callUpstream(context, {
    method: "POST",
    path,
    auth: session ? "token" : "none",
    session,
    body,
    schema: requirementsSchema,
  });
  return { requirements: response.passwordRequirements, userName: response.userName };
}

/** R-VAL-05: the server's password rules, for self-registration, by user hash, or by user id. */
export function passwordRequirementsForSelfRegister(context: AppLoadContext, cstm: string): Promise<RequirementsResult> {
  return passwordRequirements(context, "/getPasswordRequirementsForSelfRegister", { cstm });
}

export function passwordRequirementsByUserHash(context: AppLoadContext, userHash: string): Promise<RequirementsResult> {
  return passwordRequirements(context, "/getPasswordRequirementsByUserHash", { userHash });
}

export function passwordRequirementsByUserId(context: AppLoadContext, session: AppSession): Promise<RequirementsResult> {
  return passwordRequirements(context, "/getPasswordRequirementsByUserId", {}, session);
}

/** GET /logout with the applicant's token; expects status OK. */
export async function logout(context: AppLoadContext, session: AppSession): Promise<void> {
  await callUpstream(context, { method: "GET", path: "/logout", auth: "token", session });
}
