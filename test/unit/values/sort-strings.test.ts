import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareStrings, sortStrings } from '../../../src/values/index.js';

/** Strings that share prefixes, repeat, and mix ASCII, U+E000–FFFF and surrogate pairs. */
const units = fc.constantFrom('a', 'b', 'ab', 'z', 'É', '\uE000', '\uFFFE', '\uFFFF', '\u{1F600}', '\u{10000}', '\uD800', '\uDFFE', '\uDFFF', '');
const str = fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), fc.array(units, { maxLength: 8 }).map((p) => p.join('')));

describe('sortStrings', () => {
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
});
