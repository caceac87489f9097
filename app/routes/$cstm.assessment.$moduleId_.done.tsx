import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AssessmentErrorBoundary } from "~/assessment/error-boundary";
import { finishAssessmentModule, moduleIdOfComponent } from "~/assessment/finish.server";
import { assessmentPath, loadAssessmentModule } from "~/assessment/module.server";
import { assessmentLinks, titleMeta } from "~/assessment/route-module";
import { getTranslator } from "~/i18n/i18n.server";
import { useTranslation } from "~/i18n/react";
import { trackPicatNavigation } from "~/upstream/assessment.server";

/**
 * The engine's return address (R-FIN-01): its last page sends the whole window here with a GET
 * (`?session=…`), so the loader finishes the module and redirects to the transition screen (a GET too:
 * reloading or going back never finishes twice, and the upstream is idempotent besides). Only the
 * signed-in applicant's own module of the active profile is finished, with their own token: the
 * `session` parameter decides nothing, so a replayed or foreign URL cannot finish anything for anyone
 * else, and the upstream refuses (409) a module whose engine session is not completed.
 */
export const links = assessmentLinks;

export async function loader(args: LoaderFunctionArgs) {
  const loaded = await loadAssessmentModule(args);
  const modulePage = assessmentPath(loaded.cstm, loaded.moduleId);
  if (loaded.finished || loaded.screen !== "frame") throw redirect(modulePage);
  const answer = await finishAssessmentModule(args.context, loaded);
  if (answer.kind === "finished") {
    void trackPicatNavigation(args.context, loaded.session, {
      profileId: loaded.profileId,
      componentId: loaded.module.componentId,
      action: "frame-finished",
    });
    throw redirect(modulePage);
  }
  // fbo: this module is answered, another of the group is not; that one is where to go next.
  const other = answer.componentId !== loaded.module.componentId ? moduleIdOfComponent(loaded, answer.componentId) : null;
  if (other !== null) throw redirect(`${assessmentPath(loaded.cstm, other)}?after=${loaded.moduleId}`);
  const t = getTranslator(loaded.language, "assessment");
  return data({ title: t("done.notCompletedTitle"), moduleName: loaded.module.displayName, moduleHref: modulePage }, { status: 409 });
}

export default function AssessmentDoneRoute() {
  const { moduleName, moduleHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation("assessment");
  return (
    <section className="card" aria-labelledby="done-title">
      <h1 id="done-title">{t("done.notCompletedTitle")}</h1>
      <p role="alert">{t("done.notCompleted", { name: moduleName })}</p>
      <div className="assessment-actions">
        <Link className="button button-primary" to={moduleHref}>
          {t("done.backToFrame")}
        </Link>
      </div>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = titleMeta;

export const ErrorBoundary = AssessmentErrorBoundary;
