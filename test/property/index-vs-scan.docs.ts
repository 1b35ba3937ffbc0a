/**
 * Generators for the index-vs-scan property: documents full of the awkward text of spec §4
 * (e-mails, URLs, hyphenated numbers, underscores, apostrophes, combining marks, CJK, emoji,
 * mixed case, white space at the edges), nested arrays and objects, 1 vs 1.0, null, booleans
 * and missing fields; and the pool of constants that predicates draw from, taken from the
 * documents themselves so that predicates match.
 */
import fc from 'fast-check';
import type { ObjectValue, Value } from '../../src/index.js';

/** The keyspace every scenario uses. */
export const KEYSPACE = 'ks';

/** Top-level fields of the generated documents (all optional). */
export const TOP_FIELDS = ['name', 'tags', 'info', 'email', 'n'] as const;

/** Paths that indexes and predicates refer to. */
export const FIELD_PATHS = ['name', 'tags', 'info', 'email', 'n', 'info.title'] as const;

const FRAGMENTS = [
  'jim@abc.com', 'kim@abc.com,', 'http://abc.com/,', 'https://x.org/a?b=c', '408-555-1212', 'snake_case', "it's",
  'C++', 'SL300', '3.14', '-5', 'naïve', 'e\u0301te', 'हिन्दी', '東京タワー', '😀', 'Привет', 'straße', 'İstanbul',
  'Hello', 'hello', 'HELLO', 'World', 'MiXeD', '"quoted"', '(x)', 'a,b;c', '!!!', '#hash', 'Hotel', 'inn', 'Amazon',
  'amazon.com', 'x²', '½', '100%', 'a_b', 'back\\slash',
];
const SPACES = [' ', '  ', '\t', '\n', '\u00a0', '\u3000'];

const piece = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 2, arbitrary: fc.constantFrom(...SPACES) },
  { weight: 1, arbitrary: fc.constantFrom(...'aAbZ09_-.\'@/%'.split('')) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 5 }) },
);

/** A string built from awkward fragments, often with white space at its edges. */
export const text: fc.Arbitrary<string> = fc.array(piece, { maxLength: 6 }).map((ps) => ps.join(''));

const numberValue = fc.constantFrom<Value>(0, 1, 1.0, 2, 2.5, -3, 10, 408, 1e3);
const scalar: fc.Arbitrary<Value> = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 2, arbitrary: numberValue },
  { weight: 1, arbitrary: fc.constantFrom<Value>(null, true, false, '1', '10') },
);

/** Any JSON value, nested up to a small depth; object field names are awkward text too. */
export const { anyValue } = fc.letrec<{ anyValue: Value }>((tie) => ({
  anyValue: fc.oneof(
    { depthSize: 'small', withCrossShrink: true, maxDepth: 3 },
    scalar,
    fc.array(tie('anyValue'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.constantFrom('title', 'first name', 'k'), text), tie('anyValue'), { maxKeys: 3 }),
  ),
}));

const fieldValue: Record<(typeof TOP_FIELDS)[number], fc.Arbitrary<Value>> = {
  name: fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: anyValue }),
  tags: fc.oneof({ weight: 4, arbitrary: fc.array(fc.oneof(text, numberValue, fc.array(text, { maxLength: 2 })), { maxLength: 4 }) }, { weight: 1, arbitrary: anyValue }),
  info: fc.oneof(
    { weight: 4, arbitrary: fc.record({ title: fc.oneof(text, numberValue), 'first name': anyValue }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: anyValue },
  ),
  email: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('jim@abc.com', 'Kim@ABC.com, kim@abc.com', 'http://abc.com/x,', '408-555-1212', ' call 408-555-1212 ') },
    { weight: 2, arbitrary: text },
  ),
  n: fc.oneof({ weight: 4, arbitrary: numberValue }, { weight: 1, arbitrary: scalar }),
};

/** A document: an object with a random subset of the top fields (missing fields are common). */
export const doc: fc.Arbitrary<ObjectValue> = fc.record(fieldValue, { requiredKeys: [] }) as fc.Arbitrary<ObjectValue>;

/** A value for `UPDATE … SET f = value`. */
export const setValue = (field: string): fc.Arbitrary<Value> =>
  field === 'info.title' ? fc.oneof(text, numberValue) : fieldValue[field as (typeof TOP_FIELDS)[number]] ?? anyValue;

/** A N1QL literal for a JSON value (a double-quoted N1QL string accepts JSON's escapes). */
export function literal(v: Value): string {
  return JSON.stringify(v) ?? 'MISSING';
}

/** Constants drawn from documents: word tokens and their case variants, specials, scalars. */
export interface Pool {
  /** Token-like strings: word runs and their case variants, white-space pieces (specials). */
  tokens: string[];
  /** Scalar leaf values of the documents, whole strings included (for `f = c`, ranges, IN lists). */
  scalars: Value[];
}

const WORD = /[\p{L}\p{N}]+/gu;

/** Collects the pool of constants of a set of documents (never empty). */
export function poolOf(docs: Value[]): Pool {
  const tokens = new Set<string>(['Hello', 'hello', 'zzz']);
  const scalars: Value[] = [1, 'Hello', null, true];
  const addString = (s: string): void => {
    for (const w of s.match(WORD) ?? []) for (const t of [w, w.toLowerCase(), w.toUpperCase()]) tokens.add(t);
    for (const p of s.split(/[\s()[\]{}]+/u)) {
      const special = p.replace(/[^\p{L}\p{N}]+$/u, '');
      if (special && /[^\p{L}\p{N}]/u.test(special)) tokens.add(special);
    }
  };
  const walk = (v: Value): void => {
    if (typeof v === 'string') {
      addString(v);
      scalars.push(v);
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        addString(k);
        walk(x);
      }
    } else if (v !== undefined) scalars.push(v);
  };
  docs.forEach(walk);
  return { tokens: [...tokens], scalars };
}
