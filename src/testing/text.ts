/**
 * Awkward strings (spec §4): e-mails, URLs, hyphenated numbers, underscores, apostrophes,
 * combining marks, CJK, emoji, mixed case, punctuation and white space at the edges.
 *
 *   awkwardText()                  → e.g. " jim@abc.com東京タワー\t", "snake_case😀it's", ""
 *   awkwardText({ extended: true }) → also tokenizer edge cases: title-case and special-casing
 *                                     letters (ǅ ᾳ ﬁ İ ſ K), lone surrogates, binary strings.
 */
import fc from 'fast-check';

/** The fragments every awkward string is built from (documents and predicates draw from them). */
export const AWKWARD_FRAGMENTS: readonly string[] = [
  'jim@abc.com', 'kim@abc.com,', 'http://abc.com/,', 'https://x.org/a?b=c', '408-555-1212', 'snake_case', "it's",
  'C++', 'SL300', '3.14', '-5', 'naïve', 'e\u0301te', 'हिन्दी', '東京タワー', '😀', 'Привет', 'straße', 'İstanbul',
  'Hello', 'hello', 'HELLO', 'World', 'MiXeD', '"quoted"', '(x)', 'a,b;c', '!!!', '#hash', 'Hotel', 'inn', 'Amazon',
  'amazon.com', 'x²', '½', '100%', 'a_b', 'back\\slash',
  // Where code unit order and code point order part ways (LIKE prefix spans, collation):
  // astral letters and digits whose low surrogate is U+DFFF, U+FFFF, the last BMP letter.
  '𝟿𝟿', '𠏿x', 'a\uffffb', 'ퟻ',
];

/** Extra fragments for tokenizer-level properties (never stored in documents: lone surrogates). */
const EXTENDED_FRAGMENTS: readonly string[] = [
  'https://x.org/a?b=c&d=e', '1e10', '❤️', 'Ⅻ', 'ΟΔΟΣ', 'ǅ', 'ᾳ', 'ᾈ', 'ﬁ', 'ŉ', '𝒜𝒷', 'WORLD', '[y]', '{z}', '<tag>',
  'a\u0345b', 'K', 'ſ', '\ud800', '\udc00',
];

/** White space that sits at the edges of strings (Go TrimSpace and Unicode both count it). */
export const AWKWARD_SPACES: readonly string[] = [' ', '  ', '\t', '\n', '\u00a0', '\u3000'];
const EXTENDED_SPACES: readonly string[] = ['\r\n', '\u0085', '\ufeff', '\u2028', '\u200b', '\u180e'];

/** Options of {@link awkwardText}. */
export interface AwkwardTextOptions {
  /** Most pieces joined into one string (default 6). */
  maxPieces?: number;
  /** Add the tokenizer edge cases and binary strings (default false; not for documents). */
  extended?: boolean;
}

/** A string joined from awkward fragments, white space and ASCII noise. */
export function awkwardText(options: AwkwardTextOptions = {}): fc.Arbitrary<string> {
  const fragments = options.extended ? [...AWKWARD_FRAGMENTS, ...EXTENDED_FRAGMENTS] : AWKWARD_FRAGMENTS;
  const spaces = options.extended ? [...AWKWARD_SPACES, ...EXTENDED_SPACES] : AWKWARD_SPACES;
  const noise = options.extended ? 'aAbBzZ09_-.\'@/%\\' : 'aAbZ09_-.\'@/%';
  const piece = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...fragments) },
    { weight: 2, arbitrary: fc.constantFrom(...spaces) },
    { weight: 1, arbitrary: fc.constantFrom(...noise.split('')) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 5 }) },
    ...(options.extended ? [{ weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) }] : []),
  );
  return fc.array(piece, { maxLength: options.maxPieces ?? 6 }).map((ps) => ps.join(''));
}

/** The default awkward text (documents and predicate constants). */
export const text: fc.Arbitrary<string> = awkwardText();
