/**
 * The report's font (DejaVu Sans) draws every letter of the five languages. Text from elsewhere (an
 * applicant's name, a customer's texts) may still hold characters it lacks: those lose their accent
 * where that leaves a drawable letter, and anything else becomes "?", so the PDF never fails.
 */
export function toCharacterSet(text: string, supported: ReadonlySet<number>): string {
  let result = "";
  for (const character of text.normalize("NFC")) {
    if (supported.has(character.codePointAt(0)!)) {
      result += character;
      continue;
    }
    const replacement = character.normalize("NFD").replace(/\p{M}/gu, "");
    result += replacement !== "" && [...replacement].every((part) => supported.has(part.codePointAt(0)!)) ? replacement : "?";
  }
  return result;
}
