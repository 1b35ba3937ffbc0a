import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareStrings, prefixSuccessor } from '../../../src/values/index.js';

/** Strings made of the units where code unit order and code point order part ways. */
const units = fc.constantFrom('a', 'b', 'z', '\uD7FF', '\uE000', '\uFFFE', '\uFFFF', '\u{1D7FF}', '\u{203FF}', '\u{10000}', '\u{10FFFF}', '\uD800', '\uDBFF', '\uDFFE', '\uDFFF');
const str = fc.oneof(fc.string({ unit: 'binary', maxLength: 5 }), fc.array(units, { maxLength: 5 }).map((p) => p.join('')));

describe('prefixSuccessor (the high bound of a LIKE prefix span)', () => {
  it.each([
    ['abc', 'abd'],
    ['a\uD7FF', 'a\uE000'],
    ['a\uFFFF', 'a\uD800'], // U+FFFF sorts below every astral character
    ['\u{1D7FF}', '\uD836'], // 𝟿: its low surrogate U+DFFF carries into the high one
    ['\u{203FF}', '\uD841'],
    ['a\uDFFF', 'b'],
    ['\uDFFF', undefined],
    ['\uDFFF\uDFFF', undefined],
  ])('%j → %j', (prefix, successor) => {
    expect(prefixSuccessor(prefix)).toBe(successor);
  });

  it('bounds exactly the strings that start with the prefix: s starts with p iff p ≤ s < successor(p)', () => {
    fc.assert(
      fc.property(str, str, (p, s) => {
        fc.pre(p !== '');
        const next = prefixSuccessor(p);
        const inSpan = compareStrings(s, p) >= 0 && (next === undefined || compareStrings(s, next) < 0);
        expect(inSpan).toBe(s.startsWith(p));
      }),
      { numRuns: Number(process.env.TOKENQL_PROPERTY_RUNS ?? 3000) },
    );
  });

  it('every extension of the prefix is below the successor', () => {
    fc.assert(
      fc.property(str, str, (p, rest) => {
        fc.pre(p !== '');
        const next = prefixSuccessor(p);
        if (next !== undefined) expect(compareStrings(p + rest, next)).toBeLessThan(0);
      }),
      { numRuns: Number(process.env.TOKENQL_PROPERTY_RUNS ?? 3000) },
    );
  });
});
