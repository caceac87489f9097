import type { ReactNode } from "react";
import type { Appearance } from "~/domain/customer";
import type { LayoutName } from "~/handle";
import type { Language } from "~/i18n/languages";
import { useTranslation } from "~/i18n/react";
import { LanguageChooser } from "./language-chooser";

/** What every layout needs to know about the customer and the visitor ($cstm loader data). */
export interface CustomerShell {
  cstm: string;
  customerName: string;
  language: Language;
  languages: Language[];
  appearance: Appearance;
  legalNoticeUrl?: string;
  supportEmail?: string;
  user: { name: string } | null;
  onSite: boolean;
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t("skipToContent")}
    </a>
  );
}

function Brand({ shell }: { shell: CustomerShell }) {
  const { t } = useTranslation();
  return (
    <div className="brand">
      {shell.appearance.logo ? (
        <img src={shell.appearance.logo} alt={t("header.logoAlt", { name: shell.customerName })} height={32} />
      ) : (
        <span className="brand-name">{shell.customerName}</span>
      )}
    </div>
  );
}

function Greeting({ shell }: { shell: CustomerShell }) {
  const { t } = useTranslation();
  return (
    <p className="greeting">{shell.user ? t("header.greetingNamed", { name: shell.user.name }) : t("header.greeting")}</p>
  );
}

function Footer({ shell }: { shell: CustomerShell }) {
  const { t } = useTranslation();
  return (
    <footer className="app-footer">
      {shell.legalNoticeUrl ? (
        <a href={shell.legalNoticeUrl} rel="noopener noreferrer">
          {t("footer.legalNotice")}
        </a>
      ) : null}
      <span className="app-footer-name">{shell.customerName}</span>
    </footer>
  );
}

function brandStyle(appearance: Appearance): React.CSSProperties | undefined {
  return appearance.primaryColor ? ({ "--brand": appearance.primaryColor } as React.CSSProperties) : undefined;
}

interface LayoutProps {
  shell: CustomerShell;
  children: ReactNode;
  /** Navigation for the Dashboard layout (built from the customer's page set). */
  navigation?: ReactNode;
}

export function LandingLayout({ shell, children }: LayoutProps) {
  return (
    <div className="layout layout-landing" style={brandStyle(shell.appearance)}>
      <SkipLink />
      <header className="app-header">
        <Brand shell={shell} />
        <LanguageChooser languages={shell.languages} current={shell.language} />
      </header>
      <main id="main" className="landing-main" tabIndex={-1}>
        {children}
      </main>
      <Footer shell={shell} />
    </div>
  );
}

export function DashboardLayout({ shell, children, navigation }: LayoutProps) {
  return (
    <div className="layout layout-dashboard" style={brandStyle(shell.appearance)}>
      <SkipLink />
      <header className="app-header">
        <Brand shell={shell} />
        <Greeting shell={shell} />
        <LanguageChooser languages={shell.languages} current={shell.language} />
      </header>
      {navigation}
      <main id="main" className="dashboard-main" tabIndex={-1}>
        {children}
      </main>
      <Footer shell={shell} />
    </div>
  );
}

export function ErrorLayout({ shell, children }: LayoutProps) {
  return (
    <div className="layout layout-error" style={brandStyle(shell.appearance)}>
      <SkipLink />
      <header className="app-header">
        <Brand shell={shell} />
        <LanguageChooser languages={shell.languages} current={shell.language} />
      </header>
      <main id="main" className="error-main" tabIndex={-1}>
        {children}
      </main>
      <Footer shell={shell} />
    </div>
  );
}

export function CustomerLayout({ name, ...props }: LayoutProps & { name: LayoutName }) {
  switch (name) {
    case "landing":
      return <LandingLayout {...props} />;
    case "error":
      return <ErrorLayout {...props} />;
    default:
      return <DashboardLayout {...props} />;
  }
}
