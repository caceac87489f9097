import fc from "fast-check";

/**
 * Hostile and ordinary values for form fields and query parameters: plain text, any unicode (lone
 * surrogates included), control characters, markup and injection fragments, and strings far past
 * every length limit. Field-specific plausible values are mixed in by the targets, so that runs
 * also get past validation and reach the upstream.
 */
const SPECIAL_CHARACTERS = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\t",
  "\n",
  "\r",
  "\r\n",
  "\u000b",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u00a0",
  "\u200b",
  "\u200e",
  "\u202e",
  "\u2028",
  "\u2029",
  "\ufeff",
  "\ufffd",
  "\ud800",
  "\udfff",
  "💥",
  "👩‍👩‍👧",
  "ß",
  "ő",
  "İ",
  "e\u0301",
  "%",
  "%00",
  "%zz",
  "&",
  "=",
  "+",
  "?",
  "#",
  "/",
  "\\",
  "..",
  '"',
  "'",
  "<",
  ">",
  "`",
  "{",
  "}",
  "[",
  "]",
];

const FRAGMENTS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  "'); DROP TABLE users; --",
  "{{7*7}}",
  "${7*7}",
  "__proto__",
  "constructor",
  "prototype",
  "../../etc/passwd",
  "//evil.example",
  "/\\evil.example",
  "javascript:alert(1)",
  "http://evil.example/",
  "null",
  "undefined",
  "NaN",
  "-1",
  "0",
  "1e308",
  "true",
  "[]",
  "{}",
  "on",
  " ",
  "",
];

export const specialCharacter = fc.constantFrom(...SPECIAL_CHARACTERS);

/**
 * Any code points of a range, lone surrogates included (0xd800–0xdfff are code points of their
 * own here). Not fc.string's "grapheme" or "binary" units: building those costs seconds of CPU
 * (a reverse mapping of every character) in each test worker.
 */
function codePoints(min: number, max: number, maxLength: number): fc.Arbitrary<string> {
  return fc.array(fc.integer({ min, max }), { maxLength }).map((points) => String.fromCodePoint(...points));
}

/**
 * One path segment as a hostile client writes it: encoded unicode, encoded control characters,
 * dot segments, reserved characters (not fc.webSegment: it costs seconds per worker, see codePoints).
 */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "x",
    "%0A",
    "%00",
    "%2e%2e",
    "..",
    ".",
    "a;b",
    "%E2%80%AE",
    "%zz",
    "%",
    "%25",
    "~",
    "a b",
    "@",
    ":",
    "index",
    "_root",
    "x.data",
  ),
  codePoints(0x20, 0x10ffff, 12).map((text) => encodeURIComponent((text as string & { toWellFormed(): string }).toWellFormed())),
  fc.string({ maxLength: 12 }).map((text) => text.replace(/[/?#]/g, "")),
);

/** Strings built from special characters, fragments and ordinary text. */
const mixedText = fc
  .array(fc.oneof(specialCharacter, fc.constantFrom(...FRAGMENTS), fc.string({ maxLength: 8 })), { maxLength: 8 })
  .map((parts) => parts.join(""));

/**
 * Far past the limits (254, 500, 2,000, 5,000 characters) yet well under the 1 MiB body limit. Mostly
 * just past a limit; a tenth of the time tens of kilobytes (parsing those is most of a run's cost, and
 * the worst case at the body limit has its own tests: tests/integration/redos.test.ts and the bench).
 */
const hugeText = fc
  .tuple(
    fc.oneof(fc.constantFrom("a", "A1-", "ő", "💥", " ", "\n", "<", "&amp;", "%"), fc.string({ minLength: 1, maxLength: 3 })),
    fc.oneof({ weight: 9, arbitrary: fc.constantFrom(255, 501, 2001, 5001) }, { weight: 1, arbitrary: fc.constantFrom(20_000, 100_000) }),
  )
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** Any value a hostile client can put into one form field or query parameter. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: codePoints(0x20, 0x10ffff, 30) },
  { weight: 2, arbitrary: codePoints(0, 0x10ffff, 30) },
  { weight: 3, arbitrary: mixedText },
  { weight: 2, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 1, arbitrary: hugeText },
);

/** A field's value: hostile most of the time, plausible (from the target's own list) otherwise. */
export function fieldValue(plausible: fc.Arbitrary<string> | readonly string[] = []): fc.Arbitrary<string> {
  // Array.isArray does not narrow a readonly array (it answers any[]): the cast says which one it is.
  const valid = Array.isArray(plausible)
    ? plausible.length
      ? fc.constantFrom(...(plausible as readonly string[]))
      : null
    : (plausible as fc.Arbitrary<string>);
  return valid ? fc.oneof({ weight: 3, arbitrary: anyText }, { weight: 2, arbitrary: valid }) : anyText;
}

export type Entries = [string, string][];

/** Field names a hostile client adds: nested-path syntax, prototype keys, Remix and conform internals. */
export const extraFieldName = fc.oneof(
  fc.constantFrom(
    "intent",
    "__intent__",
    "__state__",
    "_action",
    "_data",
    "__proto__",
    "__proto__.polluted",
    "__proto__[polluted]",
    "constructor.prototype.polluted",
    "constructor[prototype][polluted]",
    "a.b.c",
    "a[0]",
    "a[]",
    "a[-1]",
    "a[999999999]",
    "[0]",
    ".",
    "..",
    "",
    " ",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "redirectTo",
    "returnTo",
    "website",
    "$ACTION_ID_x",
    "$ACTION_REF_1",
    "index",
    "_routes",
  ),
  fc.string({ maxLength: 20 }),
);

export interface FieldSpec {
  name: string;
  value: fc.Arbitrary<string>;
}

/**
 * A form body as entries: each known field missing, sent once or sent several times, plus a few
 * unknown fields, in any order.
 */
export function formEntries(fields: readonly FieldSpec[], options: { extras?: number } = {}): fc.Arbitrary<Entries> {
  const perField = fields.map((field) =>
    fc.oneof(
      { weight: 1, arbitrary: fc.constant<Entries>([]) },
      { weight: 8, arbitrary: field.value.map((value): Entries => [[field.name, value]]) },
      {
        weight: 1,
        arbitrary: fc
          .array(field.value, { minLength: 2, maxLength: 3 })
          .map((values): Entries => values.map((value) => [field.name, value])),
      },
    ),
  );
  const extras = fc.array(fc.tuple(extraFieldName, anyText), { maxLength: options.extras ?? 2 });
  return fc.tuple(fc.tuple(...perField), extras, fc.boolean()).map(([known, extra, shuffled]) => {
    const entries = [...known.flat(), ...extra] as Entries;
    return shuffled ? entries.reverse() : entries;
  });
}

/** How the body travels: what browsers send (urlencoded, multipart) and what only tools send. */
export type Encoding = "urlencoded" | "multipart" | "json" | "text" | "none" | "broken-multipart";
export const encoding: fc.Arbitrary<Encoding> = fc.oneof(
  { weight: 16, arbitrary: fc.constant<Encoding>("urlencoded") },
  { weight: 2, arbitrary: fc.constant<Encoding>("multipart") },
  { weight: 1, arbitrary: fc.constantFrom<Encoding>("json", "text", "none", "broken-multipart") },
);

/**
 * How a run reaches the app (support/app-client.ts): most call the route's action directly; a
 * sample goes through Remix's request handler as a document (no JavaScript) or as a single-fetch
 * data request (JavaScript), which also renders or encodes the answer. FUZZ_FULL_STACK_SHARE
 * (0 to 1, default 0.04) is the share of those.
 */
export type Transport = "action" | "data" | "document";
const FULL_STACK_SHARE = Number(process.env.FUZZ_FULL_STACK_SHARE ?? "0.04");
if (!(FULL_STACK_SHARE >= 0 && FULL_STACK_SHARE <= 1))
  throw new Error(`FUZZ_FULL_STACK_SHARE must be between 0 and 1, got ${process.env.FUZZ_FULL_STACK_SHARE}`);
const perThousand = Math.round(FULL_STACK_SHARE * 1000);
export const transport: fc.Arbitrary<Transport> = fc.oneof(
  ...[
    { weight: 1000 - perThousand, arbitrary: fc.constant<Transport>("action") },
    { weight: Math.ceil(perThousand / 2), arbitrary: fc.constant<Transport>("document") },
    { weight: Math.floor(perThousand / 2), arbitrary: fc.constant<Transport>("data") },
  ].filter((option) => option.weight > 0),
);
