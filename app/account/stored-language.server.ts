import type { AppLoadContext } from "@remix-run/node";
import type { AppSession } from "~/session/session.server";
import { savePersonalData } from "~/upstream/personal-data.server";

/**
 * Issue 14 part 2: a signed-in applicant who picks a language with the language chooser has chosen
 * it for their account, as on the profile page: it is stored upstream (POST /profile), so their next
 * sign-in, on any device, starts in it. The page never fails for it: a refusal is logged, and an
 * ended session is the page's own loaders' to report.
 */
export async function storeChosenLanguage(context: AppLoadContext, session: AppSession, language: string): Promise<void> {
  try {
    const saved = await savePersonalData(context, session, { language });
    if (!saved.ok) context.logger.warn({ code: saved.code }, "chosen language not stored upstream");
  } catch (error) {
    context.logger.warn({ err: error }, "chosen language not stored upstream");
  }
}
