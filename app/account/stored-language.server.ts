import type { AppLoadContext } from "@remix-run/node";
import { CatalogueError } from "~/errors/catalogue-error";
import type { SecondaryCalls } from "~/errors/secondary.server";
import type { AppSession } from "~/session/session.server";
import { endsSession } from "~/upstream/failures.server";
import { savePersonalData } from "~/upstream/personal-data.server";

/**
 * Decision 124: a signed-in applicant who picks a language with the language chooser has chosen
 * it for their account, as on the profile page: it is stored upstream (POST /profile), so their next
 * sign-in, on any device, starts in it. The page never fails for it: a refusal is the catalogue
 * error as a dialog over the page in the new language (decision 127), and an ended session is
 * the page's own loaders' to report.
 */
export async function storeChosenLanguage(
  context: AppLoadContext,
  session: AppSession,
  language: string,
  secondary: SecondaryCalls,
): Promise<void> {
  try {
    const saved = await savePersonalData(context, session, { language });
    if (!saved.ok) secondary.note(new CatalogueError(saved.code, { requestId: context.requestId }));
  } catch (error) {
    if (!endsSession(error)) return secondary.note(error);
    context.logger.warn({ err: error }, "chosen language not stored upstream");
  }
}
