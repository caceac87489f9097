import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { PROFILE_ID_PATTERN } from "~/domain/profile";
import { CatalogueError } from "~/errors/catalogue-error";

/** The test of a /{cstm}/recruiter/tests/{profileId}… path; a malformed id is an invalid link (E02), as an unknown one. */
export function testProfileIdOf(args: LoaderFunctionArgs | ActionFunctionArgs): string {
  const profileId = args.params.profileId ?? "";
  if (!PROFILE_ID_PATTERN.test(profileId)) throw new CatalogueError("E02", { status: 404, requestId: args.context.requestId });
  return profileId;
}
