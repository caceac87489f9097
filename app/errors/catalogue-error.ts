import { CATALOGUE, type ErrorCode } from "./catalogue";

/** One error to show: its code and the values its texts and link need (e.g. profileId for C22/C23). */
export interface ShownError {
  code: ErrorCode;
  params?: Record<string, string>;
}

/** What an error response carries to the ErrorBoundary (thrown from loaders and actions). */
export interface ErrorPayload {
  kind: "catalogue";
  /** Newest first (R-ERR-03). */
  errors: ShownError[];
  /** The request id, shown as a reference support staff can search for. */
  requestId?: string;
  /** R-ERR-02: the button is hidden on-site. */
  onSite?: boolean;
}

export function isErrorPayload(value: unknown): value is ErrorPayload {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as ErrorPayload).kind === "catalogue" &&
    Array.isArray((value as ErrorPayload).errors)
  );
}

/**
 * A catalogue error thrown from a loader or an action. It has the shape of Remix's `data()` result
 * (type, data, init), so Remix turns it into an error response with the payload, and the nearest
 * ErrorBoundary renders the translated entry instead of a sanitized 500.
 */
export class CatalogueError extends Error {
  readonly type = "DataWithResponseInit";
  readonly data: ErrorPayload;
  readonly init: { status: number; headers?: HeadersInit };
  readonly code: ErrorCode;

  constructor(
    code: ErrorCode,
    options: { params?: Record<string, string>; requestId?: string; onSite?: boolean; status?: number; cause?: unknown } = {},
  ) {
    super(`catalogue error ${code}`, { cause: options.cause });
    this.name = "CatalogueError";
    this.code = code;
    this.data = {
      kind: "catalogue",
      errors: [{ code, ...(options.params ? { params: options.params } : {}) }],
      ...(options.requestId ? { requestId: options.requestId } : {}),
      ...(options.onSite ? { onSite: true } : {}),
    };
    this.init = { status: options.status ?? CATALOGUE[code].status };
  }
}
