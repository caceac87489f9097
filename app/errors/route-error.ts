import { isRouteErrorResponse } from "@remix-run/react";
import { isCatalogueError, isErrorPayload, type ErrorPayload } from "./catalogue-error";
import { codeForUnexpected, type ErrorCode } from "./catalogue";
import { isChunkLoadError } from "./chunk";

/** What Remix puts in place of an unexpected server error it does not show (production). */
const SANITIZED_SERVER_ERROR = "Unexpected Server Error";

export interface RouteErrorDescription {
  payload: ErrorPayload;
  /**
   * The error happened in this browser (a render error, a lost connection), not on the server:
   * the server knows nothing of it yet, so the boundary reports it (R-ENT-09).
   */
  inBrowser: boolean;
}

/**
 * What a boundary shows for whatever reached it: catalogue errors as thrown; a Remix 404 as E02
 * (the link is invalid); a lost connection as Chunk; anything else per codeForUnexpected (C01 for
 * a browser failure with the customer configuration loaded, otherwise E01). Never the exception's
 * own text or stack.
 */
export function describeRouteError(error: unknown, configLoaded: boolean): RouteErrorDescription {
  const payload = (code: ErrorCode): ErrorPayload => ({ kind: "catalogue", errors: [{ code }] });
  if (isRouteErrorResponse(error)) {
    if (isErrorPayload(error.data)) return { payload: error.data, inBrowser: false };
    return { payload: payload(error.status === 404 ? "E02" : codeForUnexpected("server", configLoaded)), inBrowser: false };
  }
  if (isCatalogueError(error)) return { payload: error.data, inBrowser: true };
  if (isChunkLoadError(error)) return { payload: payload("Chunk"), inBrowser: true };
  const inBrowser = !(error instanceof Error && error.message === SANITIZED_SERVER_ERROR);
  return { payload: payload(codeForUnexpected(inBrowser ? "browser" : "server", configLoaded)), inBrowser };
}
