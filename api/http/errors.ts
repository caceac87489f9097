/**
 * The one failure shape of docs/api.md: { status: "failed", error, data?, errorMsg? }. Route code
 * throws an ApiError; the error middleware writes it.
 */
export interface FailureBody {
  status: "failed";
  error: string;
  data?: unknown;
  errorMsg?: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly extra: { data?: unknown; errorMsg?: string } = {},
  ) {
    super(code);
    this.name = "ApiError";
  }

  get body(): FailureBody {
    return { status: "failed", error: this.code, ...this.extra };
  }
}

export const badRequest = (code: string, data?: unknown) => new ApiError(400, code, data === undefined ? {} : { data });
export const unauthorized = (code: string) => new ApiError(401, code);
export const forbidden = (code: string, data?: string) => new ApiError(403, code, data === undefined ? {} : { data });
export const notFound = (code: string) => new ApiError(404, code);
export const conflict = (code: string, data?: unknown) => new ApiError(409, code, data === undefined ? {} : { data });
