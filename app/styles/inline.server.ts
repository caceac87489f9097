import appStylesheet from "./app.css?inline";

/**
 * The app stylesheet's text, built by the same pipeline as the file the other documents link, for the
 * documents that carry it inline: lite documents of visitors who are not signed in (docs/decisions/192).
 */
export const APP_STYLESHEET: string = appStylesheet;
