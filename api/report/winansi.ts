/**
 * pdf-lib's standard fonts encode WinAnsi only: German umlauts work, Hungarian ő/ű do not. For the
 * PDF only (docs/api.md, createReport), text is brought into the font's character set: ő→ö, ű→ü
 * (the nearest letters a Hungarian reader accepts), other letters lose their accent, anything else
 * becomes "?".
 */
const TRANSLITERATIONS: Record<string, string> = { ő: "ö", ű: "ü", Ő: "Ö", Ű: "Ü" };

export function toCharacterSet(text: string, supported: ReadonlySet<number>): string {
  let result = "";
  for (const character of text.normalize("NFC")) {
    if (supported.has(character.codePointAt(0)!)) {
      result += character;
      continue;
    }
    const replacement = TRANSLITERATIONS[character] ?? character.normalize("NFD").replace(/\p{M}/gu, "");
    result += [...replacement].every((part) => supported.has(part.codePointAt(0)!)) && replacement !== "" ? replacement : "?";
  }
  return result;
}
