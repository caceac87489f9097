import type { NextFunction, Request, Response, Router } from "express";
import { TooManyRequestsError, type LimitKey } from "../auth/request-limits";
import { authOf, requireToken } from "../auth/require-token";
import type { ApiContext } from "../context";
import type { User } from "../store/users";
import { recruiterScope, requirePathApplicant, type RecruiterScope } from "./access";
import { describeListFilter, writeListAudit } from "./audit";
import { listQuerySchema } from "./list";

/**
 * Limits of the recruiter calls that take data out, send mail or create and stage people
 * (docs/decisions/171). /api is public (server.ts mounts it), so the app's own per-recruiter limit of
 * its forms protects nothing against a script holding a recruiter token: the counting has to happen
 * here, next to the data. Each kind of call counts per recruiter and per customer (several recruiters
 * of one customer together), in fixed windows of the request limits' SQLite counters (decision 103);
 * a recruiter's mails also count per applicant, so one inbox gets at most a few an hour. Over a limit:
 * 429 `too_many_requests` with Retry-After, before any work is done; refused calls count too.
 *
 * The numbers are far above what a person does by hand (a recruiter with hundreds of applicants
 * downloads their reports one page at a time) and far below what a script asks for.
 */
export const RECRUITER_CALL_KINDS = ["list-export", "applicant-export", "continue-code", "import", "create", "email"] as const;
export type RecruiterCallKind = (typeof RECRUITER_CALL_KINDS)[number];

export interface RecruiterLimit {
  perRecruiter: number;
  perCustomer: number;
  /** Per applicant the call is about, in APPLICANT_WINDOW_S (mails). */
  perApplicant?: number;
}

export interface RecruiterLimitSettings {
  /** The window of the per-recruiter and per-customer counts. */
  windowS: number;
  limits: Record<RecruiterCallKind, RecruiterLimit>;
}

/** The per-applicant window: an hour, as the reset mails per target of decision 103. */
export const APPLICANT_WINDOW_S = 60 * 60;

export const DEFAULT_RECRUITER_LIMITS: RecruiterLimitSettings = {
  windowS: 10 * 60,
  limits: {
    // The applicant list as a file (and pages of more than BULK_PAGE_SIZE rows): the whole list at once.
    "list-export": { perRecruiter: 10, perCustomer: 30 },
    // One applicant's report PDF or values CSV.
    "applicant-export": { perRecruiter: 100, perCustomer: 300 },
    "continue-code": { perRecruiter: 20, perCustomer: 60 },
    // Staging, confirming and discarding an import of up to 2,000 rows.
    import: { perRecruiter: 20, perCustomer: 60 },
    // One applicant created (an activation mail to an address the recruiter typed).
    create: { perRecruiter: 60, perCustomer: 200 },
    email: { perRecruiter: 60, perCustomer: 200, perApplicant: 5 },
  },
};

/**
 * The defaults scaled by `percent` (API_RECRUITER_LIMIT_PERCENT): a deployment with many recruiters
 * per customer raises them; test servers, whose whole suite is one recruiter, raise them a lot. Never
 * below one call.
 */
export function scaledRecruiterLimits(percent: number, windowS = DEFAULT_RECRUITER_LIMITS.windowS): RecruiterLimitSettings {
  const scale = (value: number) => Math.max(1, Math.floor((value * percent) / 100));
  const limits = {} as Record<RecruiterCallKind, RecruiterLimit>;
  for (const kind of RECRUITER_CALL_KINDS) {
    const limit = DEFAULT_RECRUITER_LIMITS.limits[kind];
    limits[kind] = {
      perRecruiter: scale(limit.perRecruiter),
      perCustomer: scale(limit.perCustomer),
      ...(limit.perApplicant ? { perApplicant: scale(limit.perApplicant) } : {}),
    };
  }
  return { windowS, limits };
}

/** Counts one call of `kind`; throws the 429 when it is over any of its limits. */
export function enforceRecruiterLimit(ctx: ApiContext, scope: RecruiterScope, kind: RecruiterCallKind, applicant?: User): void {
  const { windowS, limits } = ctx.recruiterLimits;
  const limit = limits[kind];
  const keys: LimitKey[] = [
    { key: `recruiter-${kind}:recruiter:${scope.recruiter.id}`, limit: limit.perRecruiter, windowS },
    { key: `recruiter-${kind}:customer:${scope.customer.cstm}`, limit: limit.perCustomer, windowS },
  ];
  if (applicant && limit.perApplicant !== undefined) {
    keys.push({ key: `recruiter-${kind}:applicant:${applicant.id}`, limit: limit.perApplicant, windowS: APPLICANT_WINDOW_S });
  }
  const result = ctx.requestLimits.hit(keys);
  if (!result.limited) return;
  ctx.logger.warn(
    { recruiterLimit: { kind, cstm: scope.customer.cstm, recruiterId: scope.recruiter.id, retryAfterS: result.retryAfterS } },
    "recruiter call refused",
  );
  throw new TooManyRequestsError(result.retryAfterS);
}

/** A page of the list with more rows than the page shows is a bulk read: counted and audited as an export. */
export const BULK_PAGE_SIZE = 100;

type Guard = (req: Request, res: Response) => void;

/**
 * Registers the limits in front of the calls they guard (before recruiterRoutes: a guard that passes
 * hands the request on to the call itself, which checks token, customer and applicant as always).
 */
export function recruiterLimitGuards(router: Router, ctx: ApiContext): void {
  const guard =
    (check: Guard) =>
    (req: Request, res: Response, next: NextFunction): void => {
      try {
        check(req, res);
        next();
      } catch (error) {
        next(error);
      }
    };
  const scoped = (kind: RecruiterCallKind, options: { perApplicant?: boolean } = {}) =>
    guard((req, res) => {
      const scope = recruiterScope(ctx, req, res);
      enforceRecruiterLimit(ctx, scope, kind, options.perApplicant ? requirePathApplicant(ctx, req, scope) : undefined);
    });
  const one = "/:cstm/recruiter/applicants/:userName";

  router.get(`${one}/report`, requireToken(ctx), scoped("applicant-export"));
  router.get(`${one}/values`, requireToken(ctx), scoped("applicant-export"));
  router.post(`${one}/email`, requireToken(ctx), scoped("email", { perApplicant: true }));
  router.post(`${one}/continue-code`, requireToken(ctx), scoped("continue-code"));
  router.post("/:cstm/recruiter/applicants", requireToken(ctx), scoped("create"));
  router.post("/:cstm/recruiter/imports", requireToken(ctx), scoped("import"));
  router.post("/:cstm/recruiter/imports/:importId/commit", requireToken(ctx), scoped("import"));
  router.post("/:cstm/recruiter/imports/:importId/discard", requireToken(ctx), scoped("import"));
  router.get("/:cstm/recruiter/exports/applicants", requireToken(ctx), scoped("list-export"));

  // A page of the list is a view (not audited, not limited) up to BULK_PAGE_SIZE rows; a bigger one
  // is the list taken out in bulk, like the export: limited, and audited with its filter and rows.
  router.get(
    "/:cstm/recruiter/applicants",
    requireToken(ctx),
    guard((req, res) => {
      const query = listQuerySchema.safeParse(req.query);
      if (!query.success || query.data.pageSize <= BULK_PAGE_SIZE) return;
      const scope = recruiterScope(ctx, req, res);
      enforceRecruiterLimit(ctx, scope, "list-export");
      const { page, pageSize, ...filter } = query.data;
      auditOnSuccess(res, (body) =>
        writeListAudit(ctx, scope, { via: "list-page", filter: describeListFilter(filter), page, pageSize, rows: rowsOf(body) }),
      );
    }),
  );

  // The older, unpaged list (the first 1,000 applicants of the token's customer, docs/api.md): an
  // export by another name.
  router.get(
    "/recruiter/applicants",
    requireToken(ctx),
    guard((_req, res) => {
      const { user, customer } = authOf(res);
      const scope: RecruiterScope = { recruiter: user, customer };
      enforceRecruiterLimit(ctx, scope, "list-export");
      auditOnSuccess(res, (body) => writeListAudit(ctx, scope, { via: "unpaged-list", filter: {}, rows: rowsOf(body) }));
    }),
  );
}

function rowsOf(body: unknown): number {
  const applicants = (body as { applicants?: unknown } | undefined)?.applicants;
  return Array.isArray(applicants) ? applicants.length : 0;
}

/** Runs `audit` with the answer's body just before a successful answer is sent. */
function auditOnSuccess(res: Response, audit: (body: unknown) => void): void {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (res.statusCode < 400) audit(body);
    return json(body);
  };
}
