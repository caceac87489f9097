import type { Language, Localized } from "../languages";

/** The five Likert statements every Scale module of the demo asks, and the engine pages' own texts. */
export const ITEMS: Localized[] = [
  {
    de: "Ich arbeite gern sorgfältig und genau.",
    "de-DU": "Ich arbeite gern sorgfältig und genau.",
    en_GB: "I like to work carefully and precisely.",
    hu: "Szeretek gondosan és pontosan dolgozni.",
    it: "Mi piace lavorare con cura e precisione.",
  },
  {
    de: "Neue Aufgaben gehe ich mit Freude an.",
    "de-DU": "Neue Aufgaben gehe ich mit Freude an.",
    en_GB: "I enjoy taking on new tasks.",
    hu: "Örömmel vágok bele új feladatokba.",
    it: "Affronto volentieri nuovi compiti.",
  },
  {
    de: "In einer Gruppe übernehme ich gern Verantwortung.",
    "de-DU": "In einer Gruppe übernehme ich gern Verantwortung.",
    en_GB: "In a group I like to take responsibility.",
    hu: "Csoportban szívesen vállalok felelősséget.",
    it: "In un gruppo mi piace assumermi responsabilità.",
  },
  {
    de: "Auch unter Zeitdruck behalte ich den Überblick.",
    "de-DU": "Auch unter Zeitdruck behalte ich den Überblick.",
    en_GB: "I keep track of things even under time pressure.",
    hu: "Időnyomás alatt is átlátom a dolgokat.",
    it: "Anche sotto pressione mantengo una visione d'insieme.",
  },
  {
    de: "Ich lerne gern aus den Rückmeldungen anderer.",
    "de-DU": "Ich lerne gern aus den Rückmeldungen anderer.",
    en_GB: "I like learning from other people's feedback.",
    hu: "Szívesen tanulok mások visszajelzéseiből.",
    it: "Imparo volentieri dai feedback degli altri.",
  },
];

/** Items per page: two, two, one. */
export const PAGES: number[][] = [[1, 2], [3, 4], [5]];

const SCALE: Record<Language, string[]> = {
  de: ["trifft gar nicht zu", "trifft eher nicht zu", "teils, teils", "trifft eher zu", "trifft voll zu"],
  "de-DU": ["trifft gar nicht zu", "trifft eher nicht zu", "teils, teils", "trifft eher zu", "trifft voll zu"],
  en_GB: ["does not apply at all", "rather does not apply", "partly", "rather applies", "applies fully"],
  hu: ["egyáltalán nem jellemző", "inkább nem jellemző", "részben", "inkább jellemző", "teljesen jellemző"],
  it: ["per niente vero", "poco vero", "in parte", "abbastanza vero", "del tutto vero"],
};

export function scaleLabels(language: Language): string[] {
  return SCALE[language];
}

export interface EngineTexts {
  page: string;
  next: string;
  answerEvery: string;
  doneTitle: string;
  doneText: string;
  continue: string;
  invalidTitle: string;
  invalidText: string;
}

export const ENGINE_TEXTS: Record<Language, EngineTexts> = {
  de: {
    page: "Seite {page} von {pages}",
    next: "Weiter",
    answerEvery: "Bitte beantworten Sie jede Aussage.",
    doneTitle: "Geschafft!",
    doneText: "Ihre Antworten sind gespeichert.",
    continue: "Weiter",
    invalidTitle: "Dieser Link ist nicht gültig",
    invalidText: "Bitte öffnen Sie das Modul erneut über die Modulübersicht.",
  },
  "de-DU": {
    page: "Seite {page} von {pages}",
    next: "Weiter",
    answerEvery: "Bitte beantworte jede Aussage.",
    doneTitle: "Geschafft!",
    doneText: "Deine Antworten sind gespeichert.",
    continue: "Weiter",
    invalidTitle: "Dieser Link ist nicht gültig",
    invalidText: "Bitte öffne das Modul erneut über die Modulübersicht.",
  },
  en_GB: {
    page: "Page {page} of {pages}",
    next: "Next",
    answerEvery: "Please answer every statement.",
    doneTitle: "Done!",
    doneText: "Your answers have been saved.",
    continue: "Continue",
    invalidTitle: "This link is not valid",
    invalidText: "Please open the module again from the module overview.",
  },
  hu: {
    page: "{page}. oldal / {pages}",
    next: "Tovább",
    answerEvery: "Kérjük, válaszoljon minden állításra.",
    doneTitle: "Kész!",
    doneText: "Válaszait elmentettük.",
    continue: "Tovább",
    invalidTitle: "Ez a hivatkozás nem érvényes",
    invalidText: "Kérjük, nyissa meg újra a modult a modulok áttekintéséből.",
  },
  it: {
    page: "Pagina {page} di {pages}",
    next: "Avanti",
    answerEvery: "Rispondi a ogni affermazione.",
    doneTitle: "Fatto!",
    doneText: "Le tue risposte sono state salvate.",
    continue: "Continua",
    invalidTitle: "Questo link non è valido",
    invalidText: "Apri di nuovo il modulo dalla panoramica dei moduli.",
  },
};
