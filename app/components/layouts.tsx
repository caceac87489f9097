import { Link, useRouteLoaderData } from "@remix-run/react";
import type { CSSProperties, ReactNode } from "react";
import type { Appearance } from "~/domain/customer";
import { customerPath } from "~/domain/customer-path";
import type { LayoutName } from "~/handle";
import type { Language } from "~/i18n/languages";
import type { RootLoaderData } from "~/root";
import { useTranslation } from "~/i18n/react";
import { inertProps, ModalLink } from "~/modals/modal-link";
import { RouteModals, useRouteModals } from "~/modals/route-modals";
import { LazyErrorDialogs } from "~/errors/lazy";
import { LanguageChooser } from "./language-chooser";
import { Navigation } from "./navigation";
import { Notice, type UserNotice } from "./notice";
import { ScreenSizeWarning } from "./screen-size-warning";
import { PendingBar, usePendingNavigation } from "./pending";

/** What every layout needs to know about the customer and the visitor ($cstm loader data). */
export interface CustomerShell {
  cstm: string;
  customerName: string;
  language: Language;
  languages: Language[];
  /** logo, overlay (modals dim the page), showProgress (for the dashboard's progress view), colour. */
  appearance: Appearance;
  legalNoticeUrl?: string;
  /** The customer has its own legal-notice text: the footer link opens it as a modal. */
  hasLegalNoticeText?: boolean;
  supportEmail?: string;
  /** The signed-in applicant of this customer (name unknown for anonymous ones), null when signed out. */
  user: { name?: string } | null;
  onSite: boolean;
  /** Pages of this customer's area (R-RTE-06/08), for the navigation. */
  pages?: string[];
  /** The one-time user notification (session flash "notice", see components/notice.tsx). */
  notice?: UserNotice;
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t("skipToContent")}
    </a>
  );
}

/** The customer's logo (or name), linking to the customer's start page. */
function Brand({ shell }: { shell: CustomerShell }) {
  const { t } = useTranslation();
  const label = t("header.homeLink", { name: shell.customerName });
  // Often the largest paint of a page (decision 116): fetched at once beside the style sheet, not after it.
  // A document with its stylesheet inline paints from its own bytes: there the logo (an SVG, a document of
  // its own to the browser) would only hold up the first paint, so it comes after the first layout (decision 192).
  const inlineStylesheet = Boolean(useRouteLoaderData<RootLoaderData>("root")?.inlineStylesheet);
  return (
    <Link className="brand" to={customerPath(shell.cstm)} aria-label={shell.appearance.logo ? undefined : label}>
      {shell.appearance.logo ? (
        <img
          src={shell.appearance.logo}
          alt={label}
          width={200}
          height={40}
          {...(inlineStylesheet ? { loading: "lazy" as const } : { fetchpriority: "high" })}
        />
      ) : (
        <span className="brand-name">{shell.customerName}</span>
      )}
    </Link>
  );
}

/** R-NAV-02: the translated greeting, with the user's name when known. */
function Greeting({ shell }: { shell: CustomerShell }) {
  const { t } = useTranslation();
  return <p className="greeting">{shell.user?.name ? t("header.greetingNamed", { name: shell.user.name }) : t("header.greeting")}</p>;
}

/** R-NAV-02: the legal-notice link (the customer's text as a modal, else its external page). */
function Footer({ shell }: { shell: CustomerShell }) {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      {shell.hasLegalNoticeText ? (
        <ModalLink modal="legal-notice">{t("footer.legalNotice")}</ModalLink>
      ) : shell.legalNoticeUrl ? (
        <a href={shell.legalNoticeUrl} rel="noopener noreferrer">
          {t("footer.legalNotice")}
        </a>
      ) : null}
      <span className="app-footer-name">{shell.customerName}</span>
    </footer>
  );
}

function brandStyle(appearance: Appearance): CSSProperties | undefined {
  if (!appearance.primaryColor) return undefined;
  return { "--brand": appearance.primaryColor, "--brand-contrast": appearance.primaryTextColor } as CSSProperties;
}

interface LayoutProps {
  shell: CustomerShell;
  children: ReactNode;
}

/**
 * The frame all three layouts share: skip link, header, optional navigation, main, footer, and the
 * open modals of the URL. While a modal is open the page is inert (server-rendered, so also
 * without JavaScript) and only the top modal is active (R-SCR-11).
 */
function Frame({
  name,
  shell,
  header,
  navigation,
  children,
}: LayoutProps & { name: LayoutName; header?: ReactNode; navigation?: ReactNode }) {
  const modals = useRouteModals();
  const pending = usePendingNavigation();
  return (
    <div className={`layout layout-${name}`} style={brandStyle(shell.appearance)}>
      <div className="layout-page" {...inertProps(modals.length > 0)}>
        <PendingBar pending={pending} />
        <SkipLink />
        <header className="app-header">
          <Brand shell={shell} />
          {header}
          <LanguageChooser languages={shell.languages} current={shell.language} />
        </header>
        {navigation}
        <main id="main" className={`${name}-main`} tabIndex={-1} aria-busy={pending || undefined}>
          <Notice notice={shell.notice} />
          {children}
        </main>
        <Footer shell={shell} />
      </div>
      {modals.length > 0 ? <RouteModals modals={modals} overlay={shell.appearance.overlay} /> : null}
      <LazyErrorDialogs cstm={shell.cstm} onSite={shell.onSite} supportEmail={shell.supportEmail} overlay={shell.appearance.overlay} />
    </div>
  );
}

/** The default layout: greeting, and the navigation once the visitor is signed in (R-NAV-01). */
export function DashboardLayout({ shell, children }: LayoutProps) {
  return (
    <Frame
      name="dashboard"
      shell={shell}
      header={<Greeting shell={shell} />}
      navigation={shell.user && shell.pages ? <Navigation cstm={shell.cstm} pages={shell.pages} /> : null}
    >
      <ScreenSizeWarning />
      {children}
    </Frame>
  );
}

export function ErrorLayout({ shell, children }: LayoutProps) {
  return (
    <Frame name="error" shell={shell}>
      {children}
    </Frame>
  );
}

/** R-LAY-01: the layout the route metadata names (layoutFromMatches), Dashboard by default. */
export function CustomerLayout({ name, ...props }: LayoutProps & { name: LayoutName }) {
  return name === "dashboard" ? <DashboardLayout {...props} /> : <Frame name={name} {...props} />;
}
