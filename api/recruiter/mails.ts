import type { ApiContext } from "../context";
import type { Language, Localized } from "../languages";
import { accountMail, resetPasswordPath, type MailContent } from "../mail/templates";
import type { Customer } from "../store/catalogue";
import { createUserHash } from "../store/user-hashes";
import type { User } from "../store/users";
import type { RecruiterScope } from "./access";
import { writeAudit } from "./audit";

/**
 * The mails a recruiter sends from the applicant page (docs/decisions/145): invitation,
 * reminder and password reset, always in the applicant's language (de formal, de-DU informal, as the
 * applicant's pages address them). The preview shows exactly the text that will be written, with a
 * placeholder where the reset link's secret will go; sending writes the mail to the outbox (and
 * sends it over SMTP_URL when set).
 */
export const RECRUITER_TEMPLATES = ["invitation", "reminder", "password-reset"] as const;
export type RecruiterTemplate = (typeof RECRUITER_TEMPLATES)[number];

const TEXTS: Record<Exclude<RecruiterTemplate, "password-reset">, { subject: Localized; text: Localized }> = {
  invitation: {
    subject: {
      de: "Einladung zum Online-Assessment von {customer}",
      "de-DU": "Einladung zum Online-Assessment von {customer}",
      en_GB: "Invitation to the online assessment of {customer}",
      hu: "Meghívó a(z) {customer} online felmérésére",
      it: "Invito all'assessment online di {customer}",
    },
    text: {
      de: "Guten Tag {name},\n\nvielen Dank für Ihre Bewerbung bei {customer}. Wir laden Sie ein, das Online-Assessment zu bearbeiten. Melden Sie sich dazu mit Ihrem Benutzernamen {userName} an:\n{link}\n\nViel Erfolg!",
      "de-DU":
        "Hallo {name},\n\nvielen Dank für deine Bewerbung bei {customer}. Wir laden dich ein, das Online-Assessment zu bearbeiten. Melde dich dazu mit deinem Benutzernamen {userName} an:\n{link}\n\nViel Erfolg!",
      en_GB:
        "Hello {name},\n\nthank you for applying to {customer}. We invite you to take the online assessment. Sign in with your username {userName}:\n{link}\n\nGood luck!",
      hu: "Kedves {name}!\n\nKöszönjük jelentkezését a(z) {customer} cégnél. Meghívjuk az online felmérés kitöltésére. Jelentkezzen be a(z) {userName} felhasználónévvel:\n{link}\n\nSok sikert!",
      it: "Ciao {name},\n\ngrazie per la tua candidatura presso {customer}. Ti invitiamo a svolgere l'assessment online. Accedi con il tuo nome utente {userName}:\n{link}\n\nIn bocca al lupo!",
    },
  },
  reminder: {
    subject: {
      de: "Erinnerung: Ihr Online-Assessment bei {customer}",
      "de-DU": "Erinnerung: dein Online-Assessment bei {customer}",
      en_GB: "Reminder: your online assessment at {customer}",
      hu: "Emlékeztető: online felmérése a(z) {customer} cégnél",
      it: "Promemoria: il tuo assessment online presso {customer}",
    },
    text: {
      de: "Guten Tag {name},\n\nIhr Online-Assessment bei {customer} ist noch nicht abgeschlossen. Bitte bearbeiten Sie die offenen Module{until}:\n{link}",
      "de-DU":
        "Hallo {name},\n\ndein Online-Assessment bei {customer} ist noch nicht abgeschlossen. Bitte bearbeite die offenen Module{until}:\n{link}",
      en_GB: "Hello {name},\n\nyour online assessment at {customer} is not finished yet. Please complete the open modules{until}:\n{link}",
      hu: "Kedves {name}!\n\nOnline felmérése a(z) {customer} cégnél még nincs befejezve. Kérjük, töltse ki a hátralévő modulokat{until}:\n{link}",
      it: "Ciao {name},\n\nil tuo assessment online presso {customer} non è ancora concluso. Completa i moduli aperti{until}:\n{link}",
    },
  },
};

const UNTIL: Localized = {
  de: " bis zum {date}",
  "de-DU": " bis zum {date}",
  en_GB: " by {date}",
  hu: " {date}-ig",
  it: " entro il {date}",
};

/** The link's secret in a preview: the real one is made only when the mail is sent. */
export const PREVIEW_LINK_SECRET = "…";

function formatDate(date: string, language: Language): string {
  const locale = { de: "de-DE", "de-DU": "de-DE", en_GB: "en-GB", hu: "hu-HU", it: "it-IT" }[language];
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

export interface PreparedMail {
  to: string;
  language: Language;
  linkPath: string;
  content: (link: string) => MailContent;
}

/** The earliest open-until date of the applicant's open profiles, for the reminder. */
function earliestOpenUntil(ctx: ApiContext, userId: number): string | null {
  const today = ctx.now().toISOString().slice(0, 10);
  const row = ctx.db
    .prepare("SELECT MIN(open_until) AS until FROM user_profiles WHERE user_id = ? AND is_open = 1 AND open_until >= ?")
    .get(userId, today) as { until: string | null };
  return row.until;
}

/**
 * The mail of a template for this applicant. `linkSecret` is the reset hash when sending and the
 * placeholder in a preview.
 */
export function recruiterTemplateMail(
  ctx: ApiContext,
  customer: Customer,
  user: User & { email: string },
  template: RecruiterTemplate,
  linkSecret: string,
): PreparedMail {
  const language = user.language;
  const name = [user.first_name, user.last_name].filter(Boolean).join(" ") || user.user_name;
  if (template === "password-reset") {
    return {
      to: user.email,
      language,
      // The preview's placeholder is shown as it is, not %-encoded like a real secret would be.
      linkPath: resetPasswordPath(customer.cstm, linkSecret, language).replace(
        encodeURIComponent(PREVIEW_LINK_SECRET),
        PREVIEW_LINK_SECRET,
      ),
      content: (link) =>
        accountMail("password-reset", language, { name: user.first_name ?? user.user_name, customer: customer.name, link }),
    };
  }
  const texts = TEXTS[template];
  const until = template === "reminder" ? earliestOpenUntil(ctx, user.id) : null;
  const fill = (text: string, link: string) =>
    text
      .replaceAll("{name}", name)
      .replaceAll("{customer}", customer.name)
      .replaceAll("{userName}", user.user_name)
      .replaceAll("{until}", until ? UNTIL[language].replace("{date}", formatDate(until, language)) : "")
      .replaceAll("{link}", link);
  return {
    to: user.email,
    language,
    linkPath: `/${encodeURIComponent(customer.cstm)}/login`,
    content: (link) => ({ subject: fill(texts.subject[language], link), text: fill(texts.text[language], link) }),
  };
}

/** Writes the mail to the outbox; a password reset gets its live link hash here. */
export function sendRecruiterTemplateMail(
  ctx: ApiContext,
  customer: Customer,
  user: User & { email: string },
  template: RecruiterTemplate,
): number {
  const secret =
    template === "password-reset"
      ? createUserHash(ctx.db, user.id, "password-reset", customer.cstm, Math.floor(ctx.now().getTime() / 1000))
      : "";
  const mail = recruiterTemplateMail(ctx, customer, user, template, secret);
  return ctx.outbox.write({
    cstm: customer.cstm,
    userId: user.id,
    userName: user.user_name,
    to: mail.to,
    kind: template === "password-reset" ? "password-reset" : "recruiter",
    linkPath: mail.linkPath,
    content: mail.content,
  });
}

/** Sends the mail and writes its audit entry, in one transaction (the single call and the bulk call, decision 183). */
export function sendAuditedTemplateMail(
  ctx: ApiContext,
  scope: RecruiterScope,
  user: User & { email: string },
  template: RecruiterTemplate,
): number {
  return ctx.db.transaction(() => {
    const mailId = sendRecruiterTemplateMail(ctx, scope.customer, user, template);
    writeAudit(ctx, scope, user, "email_sent", { template, to: user.email, mailId });
    return mailId;
  })();
}
