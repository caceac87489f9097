import { isRouteErrorResponse } from "@remix-run/react";
import { isErrorPayload, type ErrorPayload } from "./catalogue-error";

/**
 * What a boundary shows for whatever reached it: catalogue errors as thrown; anything else
 * (a Remix 404/405, an unexpected failure) as C01 when the customer configuration was loaded,
 * otherwise E01 (spec §8). Never a stack trace.
 */
export function payloadFromRouteError(error: unknown, configLoaded: boolean): ErrorPayload {
  if (isRouteErrorResponse(error) && isErrorPayload(error.data)) return error.data;
  if (isErrorPayload(error)) return error;
  return { kind: "catalogue", errors: [{ code: configLoaded ? "C01" : "E01" }] };
}
