import type { Language } from "~/i18n/languages";
import type { ResourceTree } from "~/i18n/translator";
import { CATALOGUE, isErrorCode, type ErrorCode } from "./catalogue";
import { selectMainError } from "./selection";
import type { ShownError } from "./shown-error";

export type { ShownError };

/**
 * What an error response carries to the ErrorBoundary. Loaders and actions only name the errors;
 * the rest is filled in per request by withCatalogueErrors (app/errors/route-errors.server.ts).
 */
export interface ErrorPayload {
  kind: "catalogue";
  /** The errors of this request, newest first (R-ERR-03). */
  errors: ShownError[];
  /** The request id, shown as a reference support staff can search for (DESIGN §5). */
  requestId?: string;
  /** R-ERR-02: the button is hidden on-site (session flag or `onSite` in the query string). */
  onSite?: boolean;
  /** Where closing the error leads: back to where the user was (a same-customer path). */
  returnTo?: string;
  /** The address of the default hint (R-CAT-04): the customer's, else support@{host}. */
  supportEmail?: string;
  /**
   * Only when the root loader itself failed: the document then has no translations, so the error
   * view's own texts travel with the error.
   */
  texts?: { language: Language; errors: ResourceTree };
}

/**
 * What every error view of a document needs even when the error carries nothing (a render error,
 * a lost connection in the browser): the document's request id as the reference for support, and
 * the default hint's address support@{host} (R-CAT-04). Sent once with the root loader data.
 */
export interface ErrorContext {
  requestId: string;
  supportEmail: string;
}

export function isErrorPayload(value: unknown): value is ErrorPayload {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as ErrorPayload).kind === "catalogue" &&
    Array.isArray((value as ErrorPayload).errors) &&
    (value as ErrorPayload).errors.every((error) => isErrorCode(error?.code))
  );
}

export interface CatalogueErrorOptions {
  params?: Record<string, string>;
  /** Overrides the entry's status (e.g. E02 for an unknown customer is 404). */
  status?: number;
  /** Where closing leads, when the thrower knows better than the Referer (e.g. the form page). */
  returnTo?: string;
  suppress?: boolean;
  /** Filled in per request by withCatalogueErrors; a thrower may set them for tests or tools. */
  requestId?: string;
  onSite?: boolean;
  cause?: unknown;
  /** Headers of the error response (e.g. the Set-Cookie of a session that keeps posted values). */
  headers?: Headers;
}

/**
 * A catalogue error thrown from a loader or an action. It has the shape of Remix's `data()` result
 * (type, data, init), so Remix turns it into an error response carrying the payload, and the
 * nearest ErrorBoundary renders the translated entry instead of a sanitized 500. The shape is
 * duck-typed on purpose: the server entry (another bundle) recognises it without `instanceof`.
 */
export class CatalogueError extends Error {
  readonly type = "DataWithResponseInit";
  readonly data: ErrorPayload;
  readonly init: { status: number; headers?: Headers };
  readonly code: ErrorCode;

  constructor(code: ErrorCode, options: CatalogueErrorOptions = {}) {
    super(`catalogue error ${code}`, { cause: options.cause });
    this.name = "CatalogueError";
    this.code = code;
    const shown: ShownError = { code };
    if (options.params) shown.params = options.params;
    if (options.suppress) shown.suppress = true;
    this.data = {
      kind: "catalogue",
      errors: [shown],
      ...(options.requestId ? { requestId: options.requestId } : {}),
      ...(options.onSite ? { onSite: true } : {}),
      ...(options.returnTo ? { returnTo: options.returnTo } : {}),
    };
    this.init = { status: options.status ?? CATALOGUE[code].status, ...(options.headers ? { headers: options.headers } : {}) };
  }

  /**
   * R-ERR-03: several errors of one request as one stack, newest first (`errors[0]` is the newest).
   * The page status is the one the view will show as its main error.
   */
  static stack(errors: readonly CatalogueError[], options: { status?: number } = {}): CatalogueError {
    if (errors.length === 0) throw new Error("CatalogueError.stack needs at least one error");
    const [newest] = errors;
    const stacked = new CatalogueError(newest.code, { cause: newest, returnTo: newest.data.returnTo });
    stacked.data.errors = errors.flatMap((error) => error.data.errors);
    const main = selectMainError(stacked.data.errors)?.main;
    stacked.init.status = options.status ?? (main && main.code !== newest.code ? CATALOGUE[main.code].status : newest.init.status);
    return stacked;
  }
}

export function isCatalogueError(value: unknown): value is CatalogueError {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as CatalogueError).type === "DataWithResponseInit" &&
    isErrorPayload((value as CatalogueError).data)
  );
}
