/** Customer texts (statements, legal notices, newsletter texts) are plain text: paragraphs split on blank lines. */
export function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}
