import { TooManyRequestsError, type LimitKey } from "../auth/request-limits";
import type { ApiContext } from "../context";
import type { User } from "../store/users";
import type { RecruiterScope } from "./access";

/**
 * Limits of the recruiter calls that take data out, send mail or create and stage people
 * (docs/decisions/171). /api is public (server.ts mounts it), so the app's own per-recruiter limit of
 * its forms protects nothing against a script holding a recruiter token: the counting has to happen
 * here, next to the data. Each kind of call counts per recruiter and per customer (several recruiters
 * of one customer together), in fixed windows of the request limits' SQLite counters (decision 103);
 * a recruiter's mails also count per applicant, so one inbox gets at most a few an hour. Over a limit:
 * 429 `too_many_requests` with Retry-After, before any work is done; refused calls count too. Each limited
 * call counts itself (enforceRecruiterLimit) right after its token and customer are checked.
 *
 * The numbers are far above what a person does by hand (a recruiter with hundreds of applicants
 * downloads their reports one page at a time) and far below what a script asks for.
 */
export const RECRUITER_CALL_KINDS = ["list-export", "applicant-export", "continue-code", "import", "create", "email", "bulk"] as const;
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
    // One action on a selection of up to MAX_BULK_SELECTION applicants (decision 183): the call counts once, as an export.
    bulk: { perRecruiter: 10, perCustomer: 30 },
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
  const perApplicant = applicant && applicantKey(ctx, kind, applicant);
  if (perApplicant) keys.push(perApplicant);
  const result = ctx.requestLimits.hit(keys);
  if (!result.limited) return;
  ctx.logger.warn(
    { recruiterLimit: { kind, cstm: scope.customer.cstm, recruiterId: scope.recruiter.id, retryAfterS: result.retryAfterS } },
    "recruiter call refused",
  );
  throw new TooManyRequestsError(result.retryAfterS);
}

/**
 * Counts one use of `kind` for one applicant only (the bulk call's mails, decision 183: the call itself counted once);
 * true when the applicant is over their limit.
 */
export function applicantLimitHit(ctx: ApiContext, kind: RecruiterCallKind, applicant: User): boolean {
  const key = applicantKey(ctx, kind, applicant);
  return key !== undefined && ctx.requestLimits.hit([key]).limited;
}

function applicantKey(ctx: ApiContext, kind: RecruiterCallKind, applicant: User): LimitKey | undefined {
  const limit = ctx.recruiterLimits.limits[kind].perApplicant;
  return limit === undefined ? undefined : { key: `recruiter-${kind}:applicant:${applicant.id}`, limit, windowS: APPLICANT_WINDOW_S };
}

/** A page of the list with more rows than the page shows is a bulk read: counted and audited as an export. */
export const BULK_PAGE_SIZE = 100;
