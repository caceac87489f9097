import type { Language, Localized } from "../languages";

/**
 * Customer texts served in getConfiguration (support, FAQ, newsletter) and the data-protection
 * statements (GET /{cstm}/dataProtStat/1/{language}). de is formal, de-DU informal (spec §1).
 */
export interface FaqEntry {
  question: string;
  answer: string;
}

const SUPPORT: Localized = {
  de: "Bei Fragen erreichen Sie uns unter {email}, montags bis freitags von 9 bis 17 Uhr.",
  "de-DU": "Bei Fragen erreichst du uns unter {email}, montags bis freitags von 9 bis 17 Uhr.",
  en_GB: "If you have any questions, write to {email}, Monday to Friday, 9 am to 5 pm.",
  hu: "Kérdés esetén írjon nekünk: {email}, hétfőtől péntekig 9 és 17 óra között.",
  it: "Per qualsiasi domanda scrivici a {email}, dal lunedì al venerdì dalle 9 alle 17.",
};

const NEWSLETTER: Localized = {
  de: "Melden Sie sich für unseren Newsletter an und erfahren Sie als Erste von neuen Ausbildungsplätzen.",
  "de-DU": "Melde dich für unseren Newsletter an und erfahre als Erste*r von neuen Ausbildungsplätzen.",
  en_GB: "Sign up for our newsletter and be the first to hear about new apprenticeships.",
  hu: "Iratkozzon fel hírlevelünkre, és elsőként értesüljön az új képzési helyekről.",
  it: "Iscriviti alla nostra newsletter e scopri per primo i nuovi posti di formazione.",
};

const FAQ: Record<Language, FaqEntry[]> = {
  de: [
    {
      question: "Wie lange dauert das Verfahren?",
      answer: "Planen Sie etwa eine Stunde ein. Sie können jederzeit pausieren; abgeschlossene Module bleiben gespeichert.",
    },
    { question: "Kann ich ein Modul wiederholen?", answer: "Nein. Abgeschlossene Module können nicht wiederholt werden." },
  ],
  "de-DU": [
    {
      question: "Wie lange dauert das Verfahren?",
      answer: "Plane etwa eine Stunde ein. Du kannst jederzeit pausieren; abgeschlossene Module bleiben gespeichert.",
    },
    { question: "Kann ich ein Modul wiederholen?", answer: "Nein. Abgeschlossene Module können nicht wiederholt werden." },
  ],
  en_GB: [
    { question: "How long does it take?", answer: "Allow about an hour. You can pause at any time; finished modules are saved." },
    { question: "Can I repeat a module?", answer: "No. Finished modules cannot be repeated." },
  ],
  hu: [
    {
      question: "Mennyi ideig tart?",
      answer: "Körülbelül egy órát vesz igénybe. Bármikor szünetet tarthat; a befejezett modulok mentésre kerülnek.",
    },
    { question: "Megismételhetek egy modult?", answer: "Nem. A befejezett modulok nem ismételhetők meg." },
  ],
  it: [
    { question: "Quanto dura?", answer: "Circa un'ora. Puoi fare una pausa in qualsiasi momento; i moduli completati restano salvati." },
    { question: "Posso ripetere un modulo?", answer: "No. I moduli completati non possono essere ripetuti." },
  ],
};

/** texts of getConfiguration: per offered language, support always, FAQ and newsletter where the area has them. */
export function customerTexts(options: {
  languages: readonly Language[];
  supportEmail: string;
  faq: boolean;
  newsletter: boolean;
}): Record<string, Record<string, unknown>> {
  const texts: Record<string, Record<string, unknown>> = {};
  for (const language of options.languages) {
    const entry: Record<string, unknown> = { support: SUPPORT[language].replace("{email}", options.supportEmail) };
    if (options.faq) entry.faq = FAQ[language];
    if (options.newsletter) entry.newsletter = NEWSLETTER[language];
    texts[language] = entry;
  }
  return texts;
}

const STATEMENT: Localized = {
  de: "Datenschutzerklärung der {name}\n\nWir verarbeiten Ihre Angaben ausschließlich, um Ihre Bewerbung zu bearbeiten. Ihre Ergebnisse sehen nur die für das Auswahlverfahren zuständigen Personen.\n\nSie können jederzeit Auskunft, Berichtigung und Löschung Ihrer Daten verlangen.",
  "de-DU":
    "Datenschutzerklärung der {name}\n\nWir verarbeiten deine Angaben ausschließlich, um deine Bewerbung zu bearbeiten. Deine Ergebnisse sehen nur die für das Auswahlverfahren zuständigen Personen.\n\nDu kannst jederzeit Auskunft, Berichtigung und Löschung deiner Daten verlangen.",
  en_GB:
    "Privacy statement of {name}\n\nWe process your details only to handle your application. Your results are seen only by the people responsible for the selection process.\n\nYou can ask for information, correction and deletion of your data at any time.",
  hu: "A(z) {name} adatvédelmi nyilatkozata\n\nAdatait kizárólag jelentkezése feldolgozásához használjuk. Eredményeit csak a kiválasztásért felelős személyek látják.\n\nBármikor kérhet tájékoztatást, helyesbítést és törlést.",
  it: "Informativa sulla privacy di {name}\n\nTrattiamo i tuoi dati esclusivamente per gestire la tua candidatura. I tuoi risultati sono visibili solo alle persone responsabili della selezione.\n\nPuoi chiedere in qualsiasi momento informazioni, rettifica e cancellazione dei tuoi dati.",
};

export interface DemoStatement {
  userBase: string;
  dpsmId: number;
  revision: number;
  texts: Localized;
}

function statement(userBase: string, dpsmId: number, revision: number, companyName: string): DemoStatement {
  const texts = {} as Localized;
  for (const [language, text] of Object.entries(STATEMENT)) texts[language as Language] = text.replace("{name}", companyName);
  return { userBase, dpsmId, revision, texts };
}

export const DEMO_STATEMENTS: DemoStatement[] = [
  statement("demo", 1, 3, "Demo AG"),
  statement("azubi", 2, 1, "Azubi-Portal"),
  statement("initiativ", 3, 1, "Initiativbewerbung GmbH"),
  statement("preview", 4, 1, "Vorschau GmbH"),
];
