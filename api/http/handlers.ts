import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { ApiError, badRequest } from "./errors";
import { retryAfterOf } from "../auth/request-limits";

/** Express 4 does not catch rejected promises: every handler goes through this wrapper. */
export function route(handler: (req: Request, res: Response) => unknown): RequestHandler {
  return (req, res, next) => {
    try {
      const result = handler(req, res);
      if (result instanceof Promise) result.catch(next);
    } catch (error) {
      next(error);
    }
  };
}

export function success(res: Response, body: Record<string, unknown> = {}, status = 200): void {
  res.status(status).json({ status: "success", ...body });
}

/**
 * Every body is JSON but the engine pages' form posts. A body of another type would otherwise reach
 * the routes as {} and pass as "empty" (refreshToken, finalizeApplication).
 */
export function refuseNonJsonBodies(req: Request, _res: Response, next: NextFunction): void {
  const hasBody = Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined;
  if (hasBody && !req.is("application/json") && !req.path.startsWith("/engine/")) return next(badRequest("invalid_body"));
  next();
}

/** Errors of express.json / express.urlencoded and of URL decoding, by their `type`. */
const PARSER_ERRORS: Record<string, string> = {
  "entity.parse.failed": "invalid_json",
  "entity.too.large": "body_too_large",
  "encoding.unsupported": "invalid_body",
  "charset.unsupported": "invalid_body",
  "request.aborted": "invalid_body",
  "request.size.invalid": "invalid_body",
  "parameters.too.many": "invalid_body",
};

/**
 * The last middleware: an ApiError becomes its documented body; a client error raised by Express
 * itself (bad JSON, oversized body, a broken %-escape in the path) becomes a 4xx with a code; only a
 * real bug answers 500, and it is logged (without the body, which may hold a password).
 */
export function errorHandler(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (error instanceof ApiError) {
      const retryAfterS = retryAfterOf(error);
      if (retryAfterS !== undefined) res.setHeader("Retry-After", String(retryAfterS));
      res.status(error.status).json(error.body);
      return;
    }
    const status = (error as { status?: unknown; statusCode?: unknown })?.status ?? (error as { statusCode?: unknown })?.statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) {
      const type = (error as { type?: string }).type ?? "";
      const code = PARSER_ERRORS[type] ?? (error instanceof URIError ? "invalid_path" : status === 413 ? "body_too_large" : "invalid_body");
      res.status(status).json({ status: "failed", error: code });
      return;
    }
    if (error instanceof URIError) {
      res.status(400).json({ status: "failed", error: "invalid_path" });
      return;
    }
    // The engine's session key in the path is a credential: it never reaches a log line.
    logger.error(
      { err: error, method: req.method, path: req.path.replace(/^(\/engine\/)[^/]+/, "$1[redacted]") },
      "embedded API: unexpected error",
    );
    res.status(500).json({ status: "failed", error: "internal_error" });
  };
}
