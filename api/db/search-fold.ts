/**
 * Accent- and case-insensitive search (decision 142: "muller" finds Müller, "kovacs" Kovács, "strasse"
 * Straße). SQLite's lower() and LIKE fold ASCII only, and a JavaScript function registered on one
 * connection would break every other connection's writes if a trigger called it. So the folding is
 * a fixed table: migration 3 turns it into a chain of replace() calls that a trigger applies to the
 * stored search column, and the API folds the search text with the same table. Released with
 * migration 3: never edit it, add a new migration that recomputes the column instead.
 */
const GROUPS: [string, string][] = [
  ["a", "àáâãäåāăąÀÁÂÃÄÅĀĂĄ"],
  ["ae", "æÆ"],
  ["c", "çćčĉċÇĆČĈĊ"],
  ["d", "ďđĎĐ"],
  ["e", "èéêëēĕėęěÈÉÊËĒĔĖĘĚ"],
  ["g", "ğĝġģĞĜĠĢ"],
  ["i", "ìíîïĩīĭįıÌÍÎÏĨĪĬĮİ"],
  ["l", "łľĺļŁĽĹĻ"],
  ["n", "ñńňņÑŃŇŅ"],
  ["o", "òóôõöøōŏőÒÓÔÕÖØŌŎŐ"],
  ["oe", "œŒ"],
  ["r", "ŕřŗŔŘŖ"],
  ["s", "śšşŝșŚŠŞŜȘ"],
  ["ss", "ß"],
  ["t", "ťţțŤŢȚ"],
  ["u", "ùúûüũūŭůűųÙÚÛÜŨŪŬŮŰŲ"],
  ["y", "ýÿŷÝŸŶ"],
  ["z", "źžżŹŽŻ"],
];

const FOLD = new Map<string, string>(
  GROUPS.flatMap(([ascii, letters]) => [...letters].map((letter) => [letter, ascii] as [string, string])),
);

/** The search text as the database stores it: mapped letters, then ASCII lower case (as SQLite's lower()). */
export function foldForSearch(value: string): string {
  let folded = "";
  for (const character of value) folded += FOLD.get(character) ?? character;
  return folded.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** The same folding as an SQL expression over `expression`. */
export function foldSql(expression: string): string {
  let sql = `lower(${expression})`;
  for (const [letter, ascii] of FOLD) sql = `replace(${sql}, '${letter}', '${ascii}')`;
  return sql;
}
