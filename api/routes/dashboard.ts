import type { Request, Response, Router } from "express";
import { z } from "zod";
import { authOf, requireToken, type AuthState } from "../auth/require-token";
import type { ApiContext } from "../context";
import { route, success } from "../http/handlers";
import { parseParams, parseQuery, profileIdSchema } from "../http/validation";
import { customerLanguage, languageSchema, type Language } from "../languages";
import { containerRecord, profileRecord, splitModules } from "../records";
import { statementOf, type Profile } from "../store/catalogue";
import { assignments, finishedModules, profileStatus, requireAssignment, type Finished } from "../store/progress";
import { displayName } from "../store/users";
import { dataProtectionState } from "./configuration";

/** userData, profiles, dashboardHome, dashboardHome/container (spec §3 user data, §7). */
export function requestLanguage(auth: AuthState, wanted: Language | undefined): Language {
  return customerLanguage(auth.customer.languages, wanted ?? auth.user.language);
}

export function dashboardRoutes(router: Router, ctx: ApiContext): void {
  const hasFeedback = ctx.db.prepare("SELECT 1 FROM feedback WHERE user_id = ? AND profile_id = ? LIMIT 1");
  const feedbackRequested = (userId: number, profile: Profile, finished: Finished) =>
    profileStatus(profile, finished) === "A" && hasFeedback.get(userId, profile.id) === undefined;
  const hasSeenModal = ctx.db.prepare("SELECT 1 FROM feedback_modal_seen WHERE user_id = ? AND profile_id = ? LIMIT 1");
  const feedbackModalSeen = (userId: number, profileId: string) => hasSeenModal.get(userId, profileId) !== undefined;

  const languageQuery = z.object({ language: languageSchema.optional() });
  const userDataQuery = languageQuery.extend({ profileId: profileIdSchema.optional() });
  const profileParams = z.object({ profileId: profileIdSchema });

  router.get(
    "/userData",
    requireToken(ctx),
    route((req, res) => {
      const query = parseQuery(req, userDataQuery);
      const auth = authOf(res);
      const { user } = auth;
      const language = requestLanguage(auth, query.language);
      const finished = finishedModules(ctx.db, user.id);
      const all = assignments(ctx, user.id);
      const selected = query.profileId
        ? requireAssignment(ctx, user.id, query.profileId)
        : (all.find((assignment) => assignment.isOpen && profileStatus(assignment.profile, finished) !== "A") ?? all[0]);
      const modules = selected ? splitModules(selected.profile.modules, finished, language) : { active: [], finished: [] };
      success(res, {
        language,
        cstm: auth.cstm,
        userInfo: {
          userId: user.user_name,
          userName: user.user_name,
          displayName: displayName(user),
          firstName: user.first_name,
          lastName: user.last_name,
          email: user.email,
          anonymous: user.anonymous === 1,
          registeredAt: user.created_at,
          finalizedAt: user.finalized_at,
        },
        profileId: selected?.profile.id ?? null,
        elements: modules.active,
        finishedElements: modules.finished,
        profiles: all.map((assignment) => profileRecord(assignment, finished)),
        numberOfProfiles: all.length,
        dataProtection: dataProtectionState(statementOf(ctx.catalogue, auth.customer), user),
        feedbackRequested: selected ? feedbackRequested(user.id, selected.profile, finished) : false,
        feedbackModalSeen: selected ? feedbackModalSeen(user.id, selected.profile.id) : false,
      });
    }),
  );

  router.get(
    "/profiles",
    requireToken(ctx),
    route((_req, res) => {
      const { user } = authOf(res);
      const finished = finishedModules(ctx.db, user.id);
      success(res, { profiles: assignments(ctx, user.id).map((assignment) => profileRecord(assignment, finished)) });
    }),
  );

  /** The shared start of the profile-specific calls: the user's profile, language and progress. */
  function profileView(req: Request, res: Response) {
    const { profileId } = parseParams(req, profileParams);
    const query = parseQuery(req, languageQuery);
    const auth = authOf(res);
    const { profile } = requireAssignment(ctx, auth.user.id, profileId);
    const finished = finishedModules(ctx.db, auth.user.id);
    return {
      profile,
      finished,
      language: requestLanguage(auth, query.language),
      feedbackRequested: feedbackRequested(auth.user.id, profile, finished),
      feedbackModalSeen: feedbackModalSeen(auth.user.id, profile.id),
    };
  }

  router.get(
    "/dashboardHome/container/:profileId",
    requireToken(ctx),
    route((req, res) => {
      const { profile, finished, language, feedbackRequested, feedbackModalSeen } = profileView(req, res);
      success(res, {
        language,
        profileId: profile.id,
        containers: profile.containers.map((container) => containerRecord(container, finished, language)),
        feedbackRequested,
        feedbackModalSeen,
      });
    }),
  );

  router.get(
    "/dashboardHome/:profileId",
    requireToken(ctx),
    route((req, res) => {
      const { profile, finished, language, feedbackRequested, feedbackModalSeen } = profileView(req, res);
      const modules = splitModules(profile.modules, finished, language);
      success(res, {
        language,
        profileId: profile.id,
        elements: modules.active,
        finishedElements: modules.finished,
        feedbackRequested,
        feedbackModalSeen,
      });
    }),
  );
}
