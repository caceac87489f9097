import type { Request, Response, Router } from "express";
import { z } from "zod";
import { requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import { MAX_SCORE } from "../engine/scoring";
import { conflict, notFound } from "../http/errors";
import { route, success } from "../http/handlers";
import { componentIdSchema, parseBody, parseParams, parseQuery, profileIdSchema } from "../http/validation";
import { customerLanguage, languageSchema, localize, type Language } from "../languages";
import { renderReportPdf } from "../report/pdf";
import { assignments } from "../store/progress";
import { displayName, type User } from "../store/users";
import { recruiterScope, requirePathApplicant, type RecruiterScope } from "./access";
import { eraseApplicant } from "./erase";
import { addNote, deleteNote, noteDeleteSchema, noteSchema, ratingSchema, setRating } from "./shortlist";
import { applicantDataExport } from "../store/data-export";
import {
  accessSchema,
  assignProfile,
  assignProfileSchema,
  assignRetest,
  changeOpenUntil,
  correctForm,
  detailsSchema,
  editAccess,
  editDetails,
  editOwner,
  editStatus,
  formCorrectionSchema,
  openUntilSchema,
  ownerSchema,
  retestSchema,
  statusSchema,
} from "./actions";
import { describeListFilter, writeAudit, writeListAudit } from "./audit";
import { applicantDetail, applicantResults, applicantValues } from "./detail";
import { BULK_PAGE_SIZE, enforceRecruiterLimit, type RecruiterCallKind } from "./limits";
import { listApplicants, listQueryInput } from "./list";
import { applicantNeighbours } from "./neighbours";
import { savedViewRoutes } from "./views";
import { continueRoutes } from "./continue";
import { setupRoutes } from "./setup";
import { reminderRoutes } from "./reminders";
import { retentionRoutes } from "./retention";
import { recruiterBulkRoutes } from "./bulk";
import { recruiterStatsRoutes } from "./stats-routes";
import { PREVIEW_LINK_SECRET, RECRUITER_TEMPLATES, recruiterTemplateMail, sendAuditedTemplateMail } from "./mails";

/**
 * The recruiter workspace (decision 140) under /{cstm}/recruiter/… (docs/api.md, Recruiter workspace):
 * the customer is the path's first segment, as in /{cstm}/dataProtStat (spec §1), and must be one the
 * recruiter serves (403 otherwise). Recruiter tokens only (R-ROLE-01: the path contains "recruiter").
 */
const languageQuery = z.object({ language: languageSchema.optional() }).strict();
const templateSchema = z.object({ template: z.enum(RECRUITER_TEMPLATES) }).strict();

export function recruiterWorkspaceRoutes(router: Router, ctx: ApiContext): void {
  const base = "/:cstm/recruiter/applicants";
  const one = `${base}/:userName`;

  /** The page's language: the one asked for if the customer offers it, else the recruiter's. */
  const languageOf = (scope: RecruiterScope, wanted: Language | undefined): Language =>
    customerLanguage(scope.customer.languages, wanted ?? scope.recruiter.language);

  /** The path's applicant for the handler; a limited call counts first (per applicant once it is known, decision 171). */
  function withApplicant(
    handler: (scope: RecruiterScope, user: User, req: Request, res: Response) => unknown,
    limit?: { kind: RecruiterCallKind; perApplicant?: boolean },
  ) {
    return route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      if (limit && !limit.perApplicant) enforceRecruiterLimit(ctx, scope, limit.kind);
      const user = requirePathApplicant(ctx, req, scope);
      if (limit?.perApplicant) enforceRecruiterLimit(ctx, scope, limit.kind, user);
      return handler(scope, user, req, res);
    });
  }

  router.get(
    base,
    requireToken(ctx),
    route((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      const query = parseQuery(req, listQueryInput);
      // A page of more rows than the page shows is the list taken out in bulk: limited and audited like the
      // export (decision 171).
      const bulk = query.pageSize > BULK_PAGE_SIZE;
      if (bulk) enforceRecruiterLimit(ctx, scope, "list-export");
      const started = performance.now();
      const body = listApplicants(ctx, scope.customer, query);
      if (bulk) {
        const { page, pageSize, ...filter } = query;
        writeListAudit(ctx, scope, { via: "list-page", filter: describeListFilter(filter), page, pageSize, rows: body.applicants.length });
      }
      // The list's own time (the SQL and the rows), for bench/recruiter-list.mjs and the browser's dev tools.
      res.setHeader("Server-Timing", `list;dur=${(performance.now() - started).toFixed(1)}`);
      success(res, body);
    }),
  );

  router.get(
    one,
    requireToken(ctx),
    withApplicant((scope, user, req, res) => {
      const { language } = parseQuery(req, languageQuery);
      const detail = applicantDetail(ctx, { ...scope, recruiter: { ...scope.recruiter, language: languageOf(scope, language) } }, user);
      success(res, detail);
    }),
  );

  // Previous and next of the list as filtered and sorted (docs/decisions/188).
  router.get(
    `${one}/neighbours`,
    requireToken(ctx),
    withApplicant((scope, user, req, res) => {
      const started = performance.now();
      const body = applicantNeighbours(ctx, scope.customer, user, parseQuery(req, listQueryInput));
      res.setHeader("Server-Timing", `neighbours;dur=${(performance.now() - started).toFixed(1)}`);
      success(res, body);
    }),
  );

  const action = <T>(
    path: string,
    schema: z.ZodType<T, z.ZodTypeDef, unknown>,
    run: (scope: RecruiterScope, user: User, body: T) => unknown,
  ) =>
    router.post(
      `${one}/${path}`,
      requireToken(ctx),
      withApplicant((scope, user, req, res) => {
        const body = parseBody(req, schema);
        success(res, { changes: run(scope, user, body) });
      }),
    );

  action("details", detailsSchema, (scope, user, body) => editDetails(ctx, scope, user, body));
  action("status", statusSchema, (scope, user, body) => editStatus(ctx, scope, user, body));
  action("access", accessSchema, (scope, user, body) => editAccess(ctx, scope, user, body));
  action("owner", ownerSchema, (scope, user, body) => editOwner(ctx, scope, user, body));
  action("open-until", openUntilSchema, (scope, user, body) => changeOpenUntil(ctx, scope, user, body));
  action("retest", retestSchema, (scope, user, body) => assignRetest(ctx, scope, user, body));
  // Shortlisting (docs/decisions/185): the rating of a test, and notes about it.
  action("rating", ratingSchema, (scope, user, body) => setRating(ctx, scope, user, body));
  action("notes", noteSchema, (scope, user, body) => addNote(ctx, scope, user, body));
  action("notes/delete", noteDeleteSchema, (scope, user, body) => deleteNote(ctx, scope, user, body));
  // GDPR Art. 17 (docs/decisions/181): no body; the answer is the end of the applicant's data.
  action("erase", z.object({}).strict(), (scope, user) => {
    eraseApplicant(ctx, scope, user);
    return { erased: true };
  });

  router.post(
    `${one}/profiles`,
    requireToken(ctx),
    withApplicant((scope, user, req, res) => {
      const body = parseBody(req, assignProfileSchema);
      success(res, { changes: assignProfile(ctx, scope, user, body) }, 201);
    }),
  );

  router.post(
    `${one}/forms/:componentId`,
    requireToken(ctx),
    withApplicant((scope, user, req, res) => {
      const { componentId } = parseParams(req, z.object({ componentId: z.coerce.number().pipe(componentIdSchema) }).passthrough());
      const body = parseBody(req, formCorrectionSchema);
      success(res, { changes: correctForm(ctx, scope, user, componentId, body) });
    }),
  );

  router.get(
    `${one}/values`,
    requireToken(ctx),
    withApplicant(
      (scope, user, req, res) => {
        const { language } = parseQuery(req, languageQuery);
        const values = applicantValues(ctx, { ...scope, recruiter: { ...scope.recruiter, language: languageOf(scope, language) } }, user);
        writeAudit(ctx, scope, user, "values_exported", {});
        success(res, values);
      },
      { kind: "applicant-export" },
    ),
  );

  // GDPR Art. 15 (docs/decisions/182): the same file the applicant downloads, limited and audited like every export.
  router.get(
    `${one}/data-export`,
    requireToken(ctx),
    withApplicant(
      (scope, user, req, res) => {
        const { language } = parseQuery(req, languageQuery);
        // In the applicant's language unless the call names one: it is their file.
        const file = applicantDataExport(ctx, user, customerLanguage(scope.customer.languages, language ?? user.language));
        writeAudit(ctx, scope, user, "data_exported", {});
        success(res, { data: file });
      },
      { kind: "applicant-export" },
    ),
  );

  /**
   * Get user report: the applicant's PDF, also before the applicant may download it (R-VAL-12 is
   * the applicant's rule); it holds the scales that have a result so far.
   */
  router.get(
    `${one}/report`,
    requireToken(ctx),
    withApplicant(
      async (scope, user, req, res) => {
        const query = parseQuery(req, z.object({ profileId: profileIdSchema, language: languageSchema.optional() }).strict());
        const assignment = assignments(ctx, user.id).find((candidate) => candidate.profile.id === query.profileId);
        if (!assignment) throw notFound("unknown_profile");
        const profile = assignment.profile;
        const binding = profile.bindings[0];
        if (!binding) throw conflict("no_report");
        const language = customerLanguage(scope.customer.languages, query.language ?? user.language);
        const { results } = applicantResults(ctx, user.id);
        const scales = binding.scaleCompIds.flatMap((compId) => {
          const module = profile.modules.find((candidate) => candidate.component.compId === compId);
          const result = module && results.get(module.prcmId);
          if (!module || !result || result.score === null) return [];
          return [
            {
              name: localize(module.component.names, language),
              score: result.score,
              maxScore: MAX_SCORE,
              normValue: result.norm_value ?? 0,
            },
          ];
        });
        if (scales.length === 0) throw conflict("no_results");
        const pdf = await renderReportPdf({
          language,
          customerName: scope.customer.name,
          applicant: displayName(user) ?? user.user_name,
          profileName: profile.name,
          scales,
          date: ctx.now(),
        });
        writeAudit(ctx, scope, user, "report_downloaded", { profileId: profile.id, language });
        res.status(200);
        res.setHeader("Content-Type", "application/pdf");
        res.setHeader("Content-Disposition", `attachment; filename="report-${profile.id}.pdf"`);
        res.end(Buffer.from(pdf));
      },
      { kind: "applicant-export" },
    ),
  );

  const requireEmail = (user: User): User & { email: string } => {
    if (!user.email) throw conflict("no_email_address");
    return user as User & { email: string };
  };

  router.post(
    `${one}/email/preview`,
    requireToken(ctx),
    withApplicant((scope, user, req, res) => {
      const { template } = parseBody(req, templateSchema);
      const mail = recruiterTemplateMail(ctx, scope.customer, requireEmail(user), template, PREVIEW_LINK_SECRET);
      const content = mail.content(ctx.appBaseUrl() + mail.linkPath);
      success(res, { template, to: mail.to, language: mail.language, subject: content.subject, text: content.text });
    }),
  );

  router.post(
    `${one}/email`,
    requireToken(ctx),
    withApplicant(
      (scope, user, req, res) => {
        const { template } = parseBody(req, templateSchema);
        const mailId = sendAuditedTemplateMail(ctx, scope, requireEmail(user), template);
        success(res, { mailId }, 201);
      },
      { kind: "email", perApplicant: true },
    ),
  );

  recruiterStatsRoutes(router, ctx);
  recruiterBulkRoutes(router, ctx);
  continueRoutes(router, ctx);
  setupRoutes(router, ctx);
  savedViewRoutes(router, ctx);
  // Scheduled jobs' views and settings (decisions 186, 187).
  reminderRoutes(router, ctx);
  retentionRoutes(router, ctx);
}
