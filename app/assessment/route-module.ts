import type { LinksFunction } from "@remix-run/node";
import stylesUrl from "~/styles/assessment.css?url";

/**
 * What every assessment page's route module exports alike, kept in one place: the assessment style
 * sheet, and the document title from the loader's `title`.
 */
export const assessmentLinks: LinksFunction = () => [{ rel: "stylesheet", href: stylesUrl }];

export const titleMeta = ({ data: page }: { data?: { title: string } }) => (page ? [{ title: page.title }] : []);
