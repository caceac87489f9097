import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PasswordChangedNotice } from "~/components/password-changed-notice";
import { paragraphsOf } from "~/domain/text";
import type { RouteHandle } from "~/handle";
import { useTranslation } from "~/i18n/react";
import { ModalLink } from "~/modals/modal-link";
import { defineModals } from "~/modals/route-modals";
import stylesUrl from "~/styles/dashboard.css?url";
import { changePasswordModal } from "./change-password-modal";
import { FeedbackLink, feedbackModal } from "./feedback";
import { completionTextKey } from "./home";
import type { homeRouteLoader } from "./home-route.server";
import type { homeAction, HomeActionData, HomeContainerView, HomeDataProtection, HomeView } from "./home.server";

function ProgressBar({ value, label }: { value: number; label: string }) {
  return (
    <span className="progress">
      <progress max={100} value={value} aria-label={label}>
        {value} %
      </progress>
      <span className="progress-value" aria-hidden="true">
        {value} %
      </span>
    </span>
  );
}

/** R-SCR-05: registered since, x of y completed. */
function ProgressView({ view }: { view: HomeView }) {
  const { t } = useTranslation("dashboard");
  return (
    <section className="card progress-view" aria-labelledby="progress-title">
      <h2 id="progress-title">{t("progress.title")}</h2>
      {view.registeredSince ? <p>{t("progress.registeredSince", { date: view.registeredSince })}</p> : null}
      <p>{t("progress.completed", { done: view.overall.done, total: view.overall.total })}</p>
      <ProgressBar value={view.overall.percentage} label={t("progress.title")} />
    </section>
  );
}

/** R-DP-01: the statement to accept, and separately the contacting agreement. */
function DataProtectionCard({ dp, refused }: { dp: HomeDataProtection; refused: HomeActionData["refused"] | null }) {
  const { t } = useTranslation("dashboard");
  return (
    <section className="card data-protection" aria-labelledby="dp-title">
      <h2 id="dp-title">{t("dataProtection.title")}</h2>
      {refused === "data-protection-outdated" ? (
        <p className="notice notice-error" role="alert">
          {t("dataProtection.outdated")}
        </p>
      ) : null}
      {dp.statementFailed ? <p className="notice notice-error">{t("errors:DP01.message")}</p> : null}
      {dp.statement ? (
        <>
          <p>{t("dataProtection.intro")}</p>
          <div className="statement" tabIndex={0} role="region" aria-label={t("dataProtection.statementLabel")}>
            {paragraphsOf(dp.statement.texts).map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          <Form method="post" className="inline-form">
            <input type="hidden" name="intent" value="accept-data-protection" />
            <input type="hidden" name="statementId" value={dp.statement.id} />
            <input type="hidden" name="revision" value={dp.statement.revision} />
            <button type="submit" className="button button-primary">
              {t("dataProtection.accept")}
            </button>
          </Form>
        </>
      ) : null}
      {!dp.contactingAccepted ? (
        <Form method="post" className="inline-form contacting">
          <input type="hidden" name="intent" value="contacting" />
          <p>{t("dataProtection.contactingText")}</p>
          <button type="submit" name="contacting" value="yes" className="button">
            {t("dataProtection.contactingAccept")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function ContainerIcon({ container }: { container: HomeContainerView }) {
  if (container.iconPath) return <img className="container-icon" src={container.iconPath} alt="" width={40} height={40} />;
  return (
    <span className="container-icon" data-icon={container.icon} aria-hidden="true">
      {container.name.slice(0, 1)}
    </span>
  );
}

function ContainerCard({ container }: { container: HomeContainerView }) {
  const { t } = useTranslation("dashboard");
  const titleId = `container-${container.id}`;
  return (
    <li>
      <article className={container.finished ? "card container container-finished" : "card container"} aria-labelledby={titleId}>
        <header className="container-header">
          <ContainerIcon container={container} />
          <div>
            <h2 id={titleId}>{container.name}</h2>
            {container.minutes !== null ? <p className="muted">{t("minutes", { count: container.minutes })}</p> : null}
          </div>
        </header>
        {container.description ? <p>{container.description}</p> : null}
        <p className="container-progress">
          {t("container.progress", { done: container.progress.done, total: container.progress.total })}{" "}
          <ProgressBar value={container.progress.percentage} label={t("container.progressLabel", { name: container.name })} />
        </p>
        <ul className="modules">
          {container.modules.map((module) => (
            <li key={module.id} className={module.finished ? "module module-finished" : "module"}>
              <span className="module-name">
                {module.finished ? <span className="visually-hidden">{t("module.done")}: </span> : null}
                {module.name}
              </span>
              {module.minutes !== null ? <span className="muted"> · {t("minutes", { count: module.minutes })}</span> : null}
              {module.finished ? (
                <span className="module-state" aria-hidden="true">
                  ✓
                </span>
              ) : module.href ? (
                <Link
                  className="button button-primary module-start"
                  to={module.href}
                  aria-label={t("module.startLabel", { name: module.name })}
                >
                  {t("module.start")}
                </Link>
              ) : null}
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}

function CompletionCard({ view }: { view: HomeView }) {
  const { t } = useTranslation("dashboard");
  const notice = view.completion!;
  return (
    <section className="card completion" aria-labelledby="completion-title">
      <h2 id="completion-title">{t("completion.title")}</h2>
      <p role="status">{t(completionTextKey(notice))}</p>
      {notice.report ? (
        <p>
          <Link className="button button-primary" to={`/${view.cstm}/report`}>
            {t("completion.toReport")}
          </Link>
        </p>
      ) : null}
      {view.feedbackRequested ? (
        <p>
          <FeedbackLink />
        </p>
      ) : null}
    </section>
  );
}

/** The side panel (trainee and side-panel areas): progress, what is next, the account's actions. */
function SidePanel({ view, canChangePassword }: { view: HomeView; canChangePassword: boolean }) {
  const { t } = useTranslation("dashboard");
  return (
    <aside className="home-panel" aria-label={t("home.panelLabel")}>
      {view.showProgress ? <ProgressView view={view} /> : null}
      {view.next ? (
        <section className="card" aria-labelledby="next-title">
          <h2 id="next-title">{t("home.nextTitle")}</h2>
          <p>
            <strong>{view.next.name}</strong>
            {view.next.minutes !== null ? <span> · {t("minutes", { count: view.next.minutes })}</span> : null}
          </p>
          <Link className="button button-primary" to={view.next.href}>
            {t("module.start")}
          </Link>
        </section>
      ) : null}
      {canChangePassword ? (
        <p>
          <ModalLink modal="change-password">{t("home.changePassword")}</ModalLink>
        </p>
      ) : null}
    </aside>
  );
}

export function HomePage({ view, refused }: { view: HomeView; refused: HomeActionData["refused"] | null }) {
  const { canChangePassword } = view;
  const { t } = useTranslation("dashboard");
  return (
    <div className={view.sidePanel ? "home home-with-panel" : "home"}>
      <div className="home-main">
        <h1>{view.variant === "home-on-site" ? t("home.onSiteTitle") : t("home.title")}</h1>
        {view.profile.name ? <p className="muted">{t("home.profile", { name: view.profile.name })}</p> : null}
        <PasswordChangedNotice />
        {view.incomplete ? (
          <p className="notice notice-error" role="alert">
            {t("home.incomplete")}
          </p>
        ) : null}
        {view.dataProtection ? <DataProtectionCard dp={view.dataProtection} refused={refused} /> : null}
        {view.completion ? <CompletionCard view={view} /> : null}
        {!view.sidePanel && view.showProgress ? <ProgressView view={view} /> : null}
        {view.containers.length > 0 ? (
          <ol className="containers" aria-label={t("home.containersLabel")}>
            {view.containers.map((container) => (
              <ContainerCard key={container.id} container={container} />
            ))}
          </ol>
        ) : !view.completion ? (
          <p className="card">{t("home.empty")}</p>
        ) : null}
        {!view.sidePanel && canChangePassword ? (
          <p>
            <ModalLink modal="change-password">{t("home.changePassword")}</ModalLink>
          </p>
        ) : null}
      </div>
      {view.sidePanel ? <SidePanel view={view} canChangePassword={canChangePassword} /> : null}
    </div>
  );
}

/**
 * What the two home routes (home, home-on-site) share besides their loader and action: the dialogs
 * they host, the stylesheet, the page component and the title.
 */
export const homeHandle: RouteHandle = { modals: defineModals({ "change-password": changePasswordModal, feedback: feedbackModal }) };

/** The routes' loader as Remix sees it (the variant is bound in each route file). */
type HomeLoader = (args: LoaderFunctionArgs) => ReturnType<typeof homeRouteLoader>;

export const homeLinks: LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export function HomeRoute() {
  const { view } = useLoaderData<HomeLoader>();
  const actionData = useActionData<typeof homeAction>();
  return <HomePage view={view} refused={actionData?.refused ?? null} />;
}

export const homeMeta: MetaFunction<HomeLoader> = ({ data }) => (data ? [{ title: data.title }] : []);
