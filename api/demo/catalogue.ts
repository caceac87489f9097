import type { Localized } from "../languages";

/**
 * The assessment catalogue of shared/spec/demo-data.md: components (modules), the personal-data
 * form, profiles with their containers, and report bindings. Ids are stable so that tests, links
 * and the docs can name them (pcc_id = profile block, prcm_id = pcc_id * 100 + position).
 */
export type ComponentType = "Scale" | "Form" | "Training";

export interface DemoComponent {
  compId: number;
  type: ComponentType;
  name: Localized;
  description: Localized;
  durationS: number | null;
  skippable: boolean;
  formIdentifier?: string;
}

const same = (de: string, en: string, hu: string, it: string, deDU = de): Localized => ({
  de,
  "de-DU": deDU,
  en_GB: en,
  hu,
  it,
});

export const DEMO_COMPONENTS: DemoComponent[] = [
  {
    compId: 31,
    type: "Scale",
    name: same("Sprachverständnis", "Verbal reasoning", "Szövegértés", "Comprensione verbale"),
    description: same(
      "Wie gut verstehen Sie Texte und Anweisungen?",
      "How well do you understand texts and instructions?",
      "Mennyire érti a szövegeket és az utasításokat?",
      "Quanto bene comprendi testi e istruzioni?",
      "Wie gut verstehst du Texte und Anweisungen?",
    ),
    durationS: 600,
    skippable: false,
  },
  {
    compId: 32,
    type: "Scale",
    name: same("Zahlenverständnis", "Numerical reasoning", "Számolási készség", "Ragionamento numerico"),
    description: same(
      "Aufgaben zum Umgang mit Zahlen und Tabellen.",
      "Tasks on numbers and tables.",
      "Feladatok számokkal és táblázatokkal.",
      "Esercizi con numeri e tabelle.",
    ),
    durationS: 900,
    skippable: false,
  },
  {
    compId: 33,
    type: "Scale",
    name: same("Logisches Denken", "Logical reasoning", "Logikus gondolkodás", "Ragionamento logico"),
    description: same(
      "Regeln in Mustern erkennen.",
      "Recognising rules in patterns.",
      "Szabályok felismerése mintákban.",
      "Riconoscere regole negli schemi.",
    ),
    durationS: null,
    skippable: false,
  },
  {
    compId: 42,
    type: "Scale",
    name: same("Sorgfalt", "Conscientiousness", "Gondosság", "Accuratezza"),
    description: same(
      "Wie arbeiten Sie am liebsten?",
      "How do you prefer to work?",
      "Hogyan dolgozik a legszívesebben?",
      "Come preferisci lavorare?",
      "Wie arbeitest du am liebsten?",
    ),
    durationS: 300,
    skippable: false,
  },
  {
    compId: 43,
    type: "Scale",
    name: same("Zusammenarbeit", "Teamwork", "Együttműködés", "Collaborazione"),
    description: same(
      "Wie arbeiten Sie mit anderen zusammen?",
      "How do you work with others?",
      "Hogyan dolgozik együtt másokkal?",
      "Come collabori con gli altri?",
      "Wie arbeitest du mit anderen zusammen?",
    ),
    durationS: 300,
    skippable: false,
  },
  {
    compId: 86,
    type: "Training",
    name: same("Übung: Sprachaufgaben", "Practice: verbal tasks", "Gyakorlás: nyelvi feladatok", "Esercitazione: compiti verbali"),
    description: same(
      "Freiwillige Übung, kann übersprungen werden.",
      "Optional practice, may be skipped.",
      "Nem kötelező gyakorlás, kihagyható.",
      "Esercitazione facoltativa, si può saltare.",
    ),
    durationS: 180,
    skippable: true,
  },
  {
    compId: 87,
    type: "Training",
    name: same("Übung: Zahlenaufgaben", "Practice: numerical tasks", "Gyakorlás: számolási feladatok", "Esercitazione: compiti numerici"),
    description: same(
      "Freiwillige Übung, kann übersprungen werden.",
      "Optional practice, may be skipped.",
      "Nem kötelező gyakorlás, kihagyható.",
      "Esercitazione facoltativa, si può saltare.",
    ),
    durationS: 180,
    skippable: true,
  },
  {
    compId: 40,
    type: "Form",
    name: same("Persönliche Angaben", "Personal details", "Személyes adatok", "Dati personali"),
    description: same(
      "Ein paar Angaben zu Ihrer Person.",
      "A few details about you.",
      "Néhány adat Önről.",
      "Alcuni dati su di te.",
      "Ein paar Angaben zu dir.",
    ),
    durationS: 300,
    skippable: false,
    formIdentifier: "personal-data",
  },
];

export type FieldType = "text" | "email" | "date" | "select" | "radio" | "textarea";

export interface FormField {
  name: string;
  type: FieldType;
  required: boolean;
  maxLength?: number;
  label: Localized;
  options?: { value: string; label: Localized }[];
}

export interface FormDefinition {
  form_identifier: string;
  comp_comp_id: number;
  title: Localized;
  fields: FormField[];
}

const yesNo = [
  { value: "yes", label: same("Ja", "Yes", "Igen", "Sì") },
  { value: "no", label: same("Nein", "No", "Nem", "No") },
];

export const DEMO_FORMS: FormDefinition[] = [
  {
    form_identifier: "personal-data",
    comp_comp_id: 40,
    title: same("Persönliche Angaben", "Personal details", "Személyes adatok", "Dati personali"),
    fields: [
      { name: "firstName", type: "text", required: true, maxLength: 100, label: same("Vorname", "First name", "Keresztnév", "Nome") },
      { name: "lastName", type: "text", required: true, maxLength: 100, label: same("Nachname", "Last name", "Vezetéknév", "Cognome") },
      {
        name: "dateOfBirth",
        type: "date",
        required: false,
        label: same("Geburtsdatum", "Date of birth", "Születési dátum", "Data di nascita"),
      },
      {
        name: "email",
        type: "email",
        required: true,
        maxLength: 254,
        label: same("E-Mail-Adresse", "E-mail address", "E-mail-cím", "Indirizzo e-mail"),
      },
      {
        name: "schoolQualification",
        type: "select",
        required: true,
        label: same("Schulabschluss", "School-leaving qualification", "Iskolai végzettség", "Titolo di studio"),
        options: [
          {
            value: "hauptschule",
            label: same("Hauptschulabschluss", "Lower secondary school certificate", "Általános iskolai végzettség", "Licenza media"),
          },
          {
            value: "realschule",
            label: same("Realschulabschluss", "Intermediate school certificate", "Szakközépiskolai végzettség", "Diploma professionale"),
          },
          {
            value: "fachhochschulreife",
            label: same("Fachhochschulreife", "Technical college entrance qualification", "Szakirányú érettségi", "Maturità tecnica"),
          },
          {
            value: "abitur",
            label: same("Abitur", "General higher education entrance qualification", "Gimnáziumi érettségi", "Maturità liceale"),
          },
        ],
      },
      {
        name: "willingToRelocate",
        type: "radio",
        required: true,
        label: same(
          "Sind Sie bereit umzuziehen?",
          "Are you willing to relocate?",
          "Hajlandó költözni?",
          "Sei disposto/a a trasferirti?",
          "Bist du bereit umzuziehen?",
        ),
        options: yesNo,
      },
      {
        name: "motivation",
        type: "textarea",
        required: false,
        maxLength: 2000,
        label: same("Motivation", "Motivation", "Motiváció", "Motivazione"),
      },
    ],
  },
];

export type ContainerType = "test" | "fbo" | "training";

export interface DemoContainer {
  pccId: number;
  type: ContainerType;
  icon: string;
  name: Localized;
  description: Localized;
  compIds: number[];
}

export interface DemoProfile {
  id: string;
  userBase: string;
  name: string;
  description: string;
  allowAnonymous: boolean;
  containers: DemoContainer[];
  /** Scales of the report binding, or null: no report for this profile. */
  reportScales: number[] | null;
}

const cognitive = (pccId: number, compIds: number[]): DemoContainer => ({
  pccId,
  type: "test",
  icon: "IconDiagrammanalyse",
  name: same("Kognitive Fähigkeiten", "Cognitive abilities", "Kognitív képességek", "Capacità cognitive"),
  description: same(
    "Kurze Aufgabenblöcke zu Sprache, Zahlen und Logik.",
    "Short blocks on language, numbers and logic.",
    "Rövid feladatblokkok nyelvről, számokról és logikáról.",
    "Brevi blocchi su linguaggio, numeri e logica.",
  ),
  compIds,
});

const workingStyle = (pccId: number): DemoContainer => ({
  pccId,
  type: "fbo",
  icon: "IconFragebogen",
  name: same("Arbeitsstil", "Working style", "Munkastílus", "Stile di lavoro"),
  description: same(
    "Zwei Fragebögen, die zusammen abgeschlossen werden.",
    "Two questionnaires that are completed together.",
    "Két kérdőív, amelyeket együtt kell befejezni.",
    "Due questionari da completare insieme.",
  ),
  compIds: [42, 43],
});

const practice = (pccId: number): DemoContainer => ({
  pccId,
  type: "training",
  icon: "IconUebung",
  name: same("Übungsaufgaben", "Practice tasks", "Gyakorló feladatok", "Esercizi di prova"),
  description: same(
    "Freiwillige Übungen zum Kennenlernen der Aufgaben.",
    "Optional practice to get to know the tasks.",
    "Nem kötelező gyakorlás a feladatok megismeréséhez.",
    "Esercizi facoltativi per conoscere i compiti.",
  ),
  compIds: [86, 87],
});

const personalData = (pccId: number): DemoContainer => ({
  pccId,
  type: "test",
  icon: "IconFormular",
  name: same("Persönliche Angaben", "Personal details", "Személyes adatok", "Dati personali"),
  description: same(
    "Ein Formular mit Angaben zu Ihrer Person.",
    "A form with details about you.",
    "Egy űrlap az Ön adataival.",
    "Un modulo con i tuoi dati.",
    "Ein Formular mit Angaben zu dir.",
  ),
  compIds: [40],
});

export const DEMO_PROFILES: DemoProfile[] = [
  {
    id: "P100",
    userBase: "demo",
    name: "Ausbildung 2027",
    description: "Ausbildungsplätze ab Sommer 2027",
    allowAnonymous: false,
    containers: [cognitive(11, [31, 32, 33]), workingStyle(12), practice(13), personalData(14)],
    reportScales: [31, 32, 33, 42, 43],
  },
  {
    id: "P200",
    userBase: "demo",
    name: "Duales Studium",
    description: "Duales Studium mit Praxisphasen",
    allowAnonymous: false,
    containers: [cognitive(21, [31, 32])],
    reportScales: [31, 32],
  },
  {
    id: "P300",
    userBase: "demo",
    name: "Vertrieb",
    description: "Einstieg im Vertrieb",
    allowAnonymous: false,
    containers: [workingStyle(31)],
    reportScales: null,
  },
  {
    id: "P400",
    userBase: "demo",
    name: "Werkstudium",
    description: "Werkstudierende im Team Technik",
    allowAnonymous: false,
    containers: [cognitive(41, [31, 33])],
    reportScales: [31, 33],
  },
  {
    id: "P500",
    userBase: "demo",
    name: "Initiativbewerbung",
    description: "Bewerbung ohne konkrete Ausschreibung",
    allowAnonymous: true,
    containers: [personalData(51), workingStyle(52)],
    reportScales: [42, 43],
  },
  {
    id: "P610",
    userBase: "azubi",
    name: "Ausbildung Kaufleute",
    description: "Kaufmännische Ausbildung",
    allowAnonymous: false,
    containers: [cognitive(61, [31, 32]), personalData(62)],
    reportScales: [31, 32],
  },
  {
    id: "P700",
    userBase: "initiativ",
    name: "Initiativbewerbung",
    description: "Bewerbung ohne konkrete Ausschreibung",
    allowAnonymous: true,
    containers: [personalData(71), workingStyle(72)],
    reportScales: [42, 43],
  },
];

export const REPORT_NAME = same("Ergebnisbericht", "Result report", "Eredményjelentés", "Rapporto dei risultati");

export function prcmIdOf(container: DemoContainer, compId: number): number {
  return container.pccId * 100 + container.compIds.indexOf(compId) + 1;
}
