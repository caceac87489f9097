import express, { type Request, type Response, type Router } from "express";
import { z } from "zod";
import { authOf, requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { badRequest, forbidden, notFound, unauthorized } from "../http/errors";
import { route, success } from "../http/handlers";
import { componentIdSchema, parseBody, profileIdSchema } from "../http/validation";
import { languageSchema, localize } from "../languages";
import { renderFinishPage, renderInvalidPage, renderQuestionPage } from "../engine/pages";
import { appOrigin, normalizeReturnUrl, returnTarget } from "../engine/return-url";
import { ITEM_COUNT } from "../engine/scoring";
import { answersOf, markStarted, openSession, sessionByKey, storeAnswers, type EngineSession } from "../engine/sessions";
import { PAGES } from "../engine/texts";
import { requireAssignment } from "../store/progress";
import { requestLanguage } from "./dashboard";

// The bodies' schemas are built once, not per request: building them showed as about 1 % of a frame page's
// CPU in its profile, for the page's two engine calls.
const sessionUrlBody = z.object({
  profileId: profileIdSchema,
  componentId: componentIdSchema,
  returnUrl: z.string().min(1).max(2000),
  language: languageSchema.optional(),
});
const initPicatBody = z.object({
  sessionData: z.object({ prcm_id: componentIdSchema, profileId: profileIdSchema, session: z.string().min(1).max(200) }),
});

/**
 * The assessment engine (R-API-04): getSessionUrl opens a session for a non-Form module, initPicat
 * is its token-free JSON view, and /engine/{key} serves the questionnaire pages for the iframe.
 */
export function engineRoutes(router: Router, ctx: ApiContext): void {
  const sessionUrl = (req: Request, key: string) => `${req.baseUrl}/engine/${key}`;

  router.post(
    "/getSessionUrl",
    requireToken(ctx),
    route((req, res) => {
      const body = parseBody(req, sessionUrlBody);
      const auth = authOf(res);
      const returnUrl = normalizeReturnUrl(body.returnUrl, ctx.appBaseUrl());
      if (!returnUrl) throw badRequest("invalid_return_url");
      const assignment = requireAssignment(ctx, auth.user.id, body.profileId);
      const module = assignment.profile.modules.find((candidate) => candidate.component.compId === body.componentId);
      if (!module) throw notFound("unknown_module");
      if (module.component.type === "Form") throw badRequest("not_an_engine_module");
      if (!assignment.isOpen) throw forbidden("profile_closed");
      const { key, session } = openSession(ctx.db, {
        userId: auth.user.id,
        prcmId: module.prcmId,
        returnUrl,
        language: requestLanguage(auth, body.language),
        now: ctx.now(),
      });
      success(res, {
        sessionURL: sessionUrl(req, key),
        sessionData: { prcm_id: module.prcmId, profileId: body.profileId, session: key },
        completed: session.completed_at !== null,
      });
    }),
  );

  router.post(
    "/initPicat",
    route((req, res) => {
      const { sessionData } = parseBody(req, initPicatBody);
      const found = sessionByKey(ctx.db, sessionData.session);
      if (!found) throw unauthorized("invalid_session");
      const module = ctx.catalogue.modules.get(found.prcm_id);
      if (!module || found.prcm_id !== sessionData.prcm_id || module.profileId !== sessionData.profileId) {
        throw notFound("session_mismatch");
      }
      const session = markStarted(ctx.db, found, ctx.now());
      success(res, {
        sessionURL: sessionUrl(req, sessionData.session),
        componentId: module.component.compId,
        language: session.language,
        startedAt: session.started_at,
        completed: session.completed_at !== null,
        answeredItems: answersOf(ctx.db, session.id).size,
        totalItems: ITEM_COUNT,
      });
    }),
  );

  function sendPage(res: Response, status: number, html: string) {
    const origin = appOrigin(ctx.appBaseUrl());
    const app = origin ? ` ${origin}` : "";
    res.removeHeader("X-Frame-Options");
    res.setHeader(
      "Content-Security-Policy",
      `default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'${app}; frame-ancestors 'self'${app}; base-uri 'none'`,
    );
    // The session key is in this page's URL: it must not travel on as a Referer.
    res.setHeader("Referrer-Policy", "no-referrer");
    res.status(status).type("html").send(html);
  }

  const stylesheet = (req: Request) => `${req.baseUrl}/media/engine.css`;
  const moduleName = (session: EngineSession) => {
    const module = ctx.catalogue.modules.get(session.prcm_id);
    return module ? localize(module.component.names, session.language) : "";
  };

  function renderSession(req: Request, res: Response, session: EngineSession, page: number | null, status = 200, error = false) {
    if (session.completed_at) {
      return sendPage(
        res,
        200,
        renderFinishPage({
          language: session.language,
          moduleName: moduleName(session),
          stylesheet: stylesheet(req),
          target: returnTarget(session.return_url),
          sessionId: session.id,
        }),
      );
    }
    const answers = answersOf(ctx.db, session.id);
    const firstOpen = PAGES.findIndex((items) => items.some((item) => !answers.has(item))) + 1;
    sendPage(
      res,
      status,
      renderQuestionPage({
        language: session.language,
        moduleName: moduleName(session),
        page: page ?? Math.max(firstOpen, 1),
        action: `${req.baseUrl}/engine/${req.params.key}`,
        stylesheet: stylesheet(req),
        answers,
        error,
      }),
    );
  }

  const pageNumber = z.coerce.number().int().min(1).max(PAGES.length);

  function sessionOrInvalidPage(req: Request, res: Response): EngineSession | null {
    const session = sessionByKey(ctx.db, String(req.params.key));
    if (!session) sendPage(res, 404, renderInvalidPage("de-DU", stylesheet(req)));
    return session ?? null;
  }

  router.get(
    "/engine/:key",
    route((req, res) => {
      const found = sessionOrInvalidPage(req, res);
      if (!found) return;
      const session = markStarted(ctx.db, found, ctx.now());
      const page = pageNumber.safeParse(req.query.page);
      renderSession(req, res, session, page.success ? page.data : null);
    }),
  );

  router.post(
    "/engine/:key",
    express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 50 }),
    route((req, res) => {
      const session = sessionOrInvalidPage(req, res);
      if (!session) return;
      const finishUrl = `${req.baseUrl}/engine/${req.params.key}`;
      if (session.completed_at) return res.redirect(303, finishUrl);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const page = pageNumber.safeParse(body.page);
      if (!page.success) return renderSession(req, res, session, null, 400, true);
      const answers = new Map<number, number>();
      for (const item of PAGES[page.data - 1]) {
        const value = body[`item_${item}`];
        if (typeof value === "string" && /^[1-5]$/.test(value)) answers.set(item, Number(value));
      }
      if (answers.size < PAGES[page.data - 1].length) {
        // Keep what was given on this page so the applicant only adds the missing answers.
        storeAnswers(ctx.db, session, answers, ctx.now());
        return renderSession(req, res, session, page.data, 400, true);
      }
      const completed = storeAnswers(ctx.db, session, answers, ctx.now());
      res.redirect(303, completed || page.data === PAGES.length ? finishUrl : `${finishUrl}?page=${page.data + 1}`);
    }),
  );
}
