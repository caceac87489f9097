import type { AppLoadContext } from "@remix-run/node";
import type { ErrorContext } from "./catalogue-error";
import { supportAddress } from "./selection";

/** The root loader's part for error views (see ErrorContext). */
export function errorContext(request: Request, context: AppLoadContext): ErrorContext {
  return { requestId: context.requestId, supportEmail: supportAddress(new URL(request.url).hostname) };
}
