import type { Language } from "../languages";

/** The PDF report's labels per language. */
export interface ReportLabels {
  title: string;
  customer: string;
  applicant: string;
  profile: string;
  date: string;
  scale: string;
  score: string;
  normValue: string;
  explanation: string;
}

const GERMAN: ReportLabels = {
  title: "Ergebnisbericht",
  customer: "Unternehmen",
  applicant: "Bewerberin/Bewerber",
  profile: "Profil",
  date: "Datum",
  scale: "Skala",
  score: "Punktwert",
  normValue: "Normwert (Stanine)",
  explanation: "Punktwert: Summe der fünf Antworten (5–25). Normwert: Stanine von 1 bis 9, Mittelwert 5.",
};

export const REPORT_LABELS: Record<Language, ReportLabels> = {
  de: GERMAN,
  "de-DU": GERMAN,
  en_GB: {
    title: "Result report",
    customer: "Company",
    applicant: "Applicant",
    profile: "Profile",
    date: "Date",
    scale: "Scale",
    score: "Score",
    normValue: "Norm value (stanine)",
    explanation: "Score: sum of the five answers (5–25). Norm value: stanine from 1 to 9, mean 5.",
  },
  hu: {
    title: "Eredményjelentés",
    customer: "Vállalat",
    applicant: "Jelentkező",
    profile: "Profil",
    date: "Dátum",
    scale: "Skála",
    score: "Pontszám",
    normValue: "Normaérték (stanine)",
    explanation: "Pontszám: az öt válasz összege (5–25). Normaérték: stanine 1-től 9-ig, átlag 5.",
  },
  it: {
    title: "Rapporto dei risultati",
    customer: "Azienda",
    applicant: "Candidato/a",
    profile: "Profilo",
    date: "Data",
    scale: "Scala",
    score: "Punteggio",
    normValue: "Valore normativo (stanine)",
    explanation: "Punteggio: somma delle cinque risposte (5–25). Valore normativo: stanine da 1 a 9, media 5.",
  },
};

const LOCALES: Record<Language, string> = { de: "de-DE", "de-DU": "de-DE", en_GB: "en-GB", hu: "hu-HU", it: "it-IT" };

export function formatReportDate(date: Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], { dateStyle: "long", timeZone: "Europe/Berlin" }).format(date);
}
