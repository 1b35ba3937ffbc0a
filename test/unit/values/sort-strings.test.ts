import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareStrings, sortedIds, writePrefixKeys } from '../../../src/values/index.js';

/** The strings in the order `sortedIds` gives them. */
const sortStrings = (xs: string[]): string[] => Array.from(sortedIds(xs), (id) => xs[id]);

/** Strings that share prefixes, repeat, and mix ASCII, U+E000–FFFF and surrogate pairs. */
const units = fc.constantFrom('a', 'b', 'ab', 'z', 'É', '\uE000', '\uFFFE', '\uFFFF', '\u{1F600}', '\u{10000}', '\uD800', '\uDFFE', '\uDFFF', '');
const str = fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), fc.array(units, { maxLength: 8 }).map((p) => p.join('')));

describe('sortedIds', () => {
  it('sorts like Array.prototype.sort with compareStrings (code point order), for any strings', () => {
    fc.assert(
      fc.property(fc.array(str, { maxLength: 400 }), (xs) => {
        expect(sortStrings(xs.slice())).toEqual(xs.slice().sort(compareStrings));
      }),
      { numRuns: Number(process.env.TOKENQL_PROPERTY_RUNS ?? 300) },
    );
  });

  it('handles sorted, reversed and all-equal inputs of many strings', () => {
    const words = Array.from({ length: 5000 }, (_, i) => `w${(i * 7919) % 5000}`.padEnd(8, 'x'));
    const sorted = words.slice().sort(compareStrings);
    expect(sortStrings(sorted.slice())).toEqual(sorted);
    expect(sortStrings(sorted.slice().reverse())).toEqual(sorted);
    expect(sortStrings(words.slice())).toEqual(sorted);
    expect(sortStrings(Array(3000).fill('same'))).toEqual(Array(3000).fill('same'));
    expect(sortStrings([])).toEqual([]);
    // Low surrogates U+DFFE and U+DFFF share a clamped radix key: the rest must not decide alone.
    const clamped = ['\uDFFFa', '\uDFFEb', 'x\uDFFFa', 'x\uDFFEb', ...Array.from({ length: 20 }, (_, i) => `f${i}`)];
    expect(sortStrings(clamped.slice())).toEqual(clamped.slice().sort(compareStrings));
  });

  it('sortedIds orders ids by their strings, with prefix keys given or not', () => {
    fc.assert(
      fc.property(fc.array(str, { maxLength: 400 }), (xs) => {
        const keys = new Uint32Array(2 * xs.length);
        xs.forEach((s, id) => writePrefixKeys(s, keys, id));
        const expected = xs.slice().sort(compareStrings);
        for (const order of [sortedIds(xs, keys), sortedIds(xs)]) expect(Array.from(order, (id) => xs[id])).toEqual(expected);
      }),
      { numRuns: Number(process.env.TOKENQL_PROPERTY_RUNS ?? 300) },
    );
  });

  it('sortedIds with prefix keys: short and long runs sharing three or four code units, with every unit below U+03FF or not', () => {
    const latin = [
      ...Array.from({ length: 120 }, (_, i) => `Ho${String.fromCharCode(97 + (i % 26))}${i}`),
      ...Array.from({ length: 60 }, (_, i) => `abcd${(i * 37) % 60}`),
      ...Array.from({ length: 30 }, (_, i) => `Gr${i % 2 ? 'ee' : 'an'}${(i * 7) % 30}`),
      ...Array.from({ length: 30 }, (_, i) => `ab${'é'.repeat(i % 3)}${'\u03FE'.repeat(i % 2)}${i % 4}`),
      'ab', 'a', 'abc', 'abcd', 'abcde',
    ];
    // Clamped units (U+DFFE and U+DFFF share a key value) and units above U+03FF: two units per radix key.
    const other = [...latin, 'ab\uDFFFa', 'ab\uDFFEb', 'ab\uDFFF', 'ab\uDFFE', 'abc\uDFFFz', 'abc\uDFFEz', 'ab\u0400', 'ab\u03FF'];
    for (const xs of [latin, other]) {
      const keys = new Uint32Array(2 * xs.length);
      xs.forEach((s, id) => writePrefixKeys(s, keys, id));
      expect(Array.from(sortedIds(xs, keys), (id) => xs[id])).toEqual(xs.slice().sort(compareStrings));
    }
  });

  it('sortedIds orders strings of few, low code units (three per radix key) like compareStrings', () => {
    const low = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', 'é', '\u03FE', '\u03FF', ' '), maxLength: 7 });
    fc.assert(
      fc.property(fc.array(low, { maxLength: 300 }), (xs) => {
        expect(Array.from(sortedIds(xs), (id) => xs[id])).toEqual(xs.slice().sort(compareStrings));
      }),
      { numRuns: Number(process.env.TOKENQL_PROPERTY_RUNS ?? 300) },
    );
  });
});
