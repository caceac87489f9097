import type { Language, Localized } from "../languages";

/**
 * Mail texts in the recipient's language. `{link}` is the link the user must follow; the app's
 * routes are /{cstm}/activation/{userHash}/{language} and /{cstm}/reset-password/{userHash}/{language}.
 */
export type MailKind = "activation" | "password-reset" | "recruiter";

interface Template {
  subject: Localized;
  text: Localized;
}

const TEMPLATES: Record<Exclude<MailKind, "recruiter">, Template> = {
  activation: {
    subject: {
      de: "Bitte aktivieren Sie Ihren Zugang",
      "de-DU": "Bitte aktiviere deinen Zugang",
      en_GB: "Please activate your account",
      hu: "Kérjük, aktiválja fiókját",
      it: "Attiva il tuo account",
    },
    text: {
      de: "Guten Tag {name},\n\nbitte aktivieren Sie Ihren Zugang bei {customer} über diesen Link:\n{link}",
      "de-DU": "Hallo {name},\n\nbitte aktiviere deinen Zugang bei {customer} über diesen Link:\n{link}",
      en_GB: "Hello {name},\n\nplease activate your account at {customer} with this link:\n{link}",
      hu: "Kedves {name}!\n\nKérjük, aktiválja fiókját ({customer}) ezzel a hivatkozással:\n{link}",
      it: "Ciao {name},\n\nattiva il tuo account presso {customer} con questo link:\n{link}",
    },
  },
  "password-reset": {
    subject: {
      de: "Passwort zurücksetzen",
      "de-DU": "Passwort zurücksetzen",
      en_GB: "Reset your password",
      hu: "Jelszó visszaállítása",
      it: "Reimposta la password",
    },
    text: {
      de: "Guten Tag {name},\n\nüber diesen Link vergeben Sie ein neues Passwort für {customer} (24 Stunden gültig):\n{link}\n\nWenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail.",
      "de-DU":
        "Hallo {name},\n\nüber diesen Link vergibst du ein neues Passwort für {customer} (24 Stunden gültig):\n{link}\n\nWenn du das nicht angefordert hast, ignoriere diese E-Mail.",
      en_GB:
        "Hello {name},\n\nuse this link to choose a new password for {customer} (valid for 24 hours):\n{link}\n\nIf you did not ask for this, ignore this e-mail.",
      hu: "Kedves {name}!\n\nEzzel a hivatkozással új jelszót adhat meg ({customer}, 24 óráig érvényes):\n{link}\n\nHa nem Ön kérte, hagyja figyelmen kívül ezt az e-mailt.",
      it: "Ciao {name},\n\ncon questo link scegli una nuova password per {customer} (valido 24 ore):\n{link}\n\nSe non l'hai richiesto, ignora questa e-mail.",
    },
  },
};

/** Answer of resetPassword / resetPasswordByUserName, the same whether or not the account exists. */
export const RESET_REQUESTED_MESSAGE: Localized = {
  de: "Wenn wir Ihren Benutzernamen kennen, haben wir soeben eine E-Mail zum Zurücksetzen des Passworts an die hinterlegte Adresse gesendet.",
  "de-DU":
    "Wenn wir deinen Benutzernamen kennen, haben wir soeben eine E-Mail zum Zurücksetzen des Passworts an die hinterlegte Adresse gesendet.",
  en_GB: "If we have your username, we have just sent an email to the address provided for the purpose of resetting the password.",
  hu: "Ha ismerjük a felhasználónevét, az ismert címre elküldtük a jelszó visszaállításához szükséges e-mailt.",
  it: "Se conosciamo il tuo nome utente, abbiamo appena inviato un'e-mail per reimpostare la password all'indirizzo indicato.",
};

export interface MailContent {
  subject: string;
  text: string;
}

export function accountMail(
  kind: Exclude<MailKind, "recruiter">,
  language: Language,
  values: { name: string; customer: string; link: string },
): MailContent {
  const template = TEMPLATES[kind];
  return {
    subject: template.subject[language],
    text: template.text[language].replace("{name}", values.name).replace("{customer}", values.customer).replace("{link}", values.link),
  };
}

export function activationPath(cstm: string, hash: string, language: Language): string {
  return `/${encodeURIComponent(cstm)}/activation/${encodeURIComponent(hash)}/${language}`;
}

export function resetPasswordPath(cstm: string, hash: string, language: Language): string {
  return `/${encodeURIComponent(cstm)}/reset-password/${encodeURIComponent(hash)}/${language}`;
}
