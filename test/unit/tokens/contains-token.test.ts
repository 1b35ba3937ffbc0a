import { describe, expect, it } from 'vitest';
import { containsToken, containsTokenMatching, parseTokenOptions, type TokenOptions } from '../../../src/tokens/index.js';
import type { Value } from '../../../src/values/index.js';

const D = parseTokenOptions({});
const o = (x: Record<string, Value>): TokenOptions => parseTokenOptions(x);

/** Spec §6, DESIGN §7. */
describe('containsToken (spec §6)', () => {
  it.each<[Value, Value, TokenOptions, boolean]>([
    ['Hello World', 'Hello', o({ case: 'lower' }), false],
    ['Hello World', 'hello', o({ case: 'lower' }), true],
    ['Hello World', 'Hello World', D, false],
    ['Hello World', 'Hello World', o({ split: false }), true],
    ['  Hello World ', 'Hello World', o({ split: false }), true],
    ['Hello World', 'World', D, true],
    ['Hello World', 'world', D, false],
    ['Hello World', 'Wor', D, false],
    ['jim@abc.com, kim', 'jim@abc.com', D, false],
    ['jim@abc.com, kim', 'jim@abc.com', o({ specials: true }), true],
    ['http://abc.com/,', 'http://abc.com', o({ specials: true }), true],
    [5, 5.0, D, true],
    [5, 5, D, true],
    [5, '5', D, false],
    ['5', 5, D, false],
    [true, true, D, true],
    ['true', true, D, false],
    [false, true, D, false],
    [[null], null, D, false],
    [[1, [2, [3]]], 3, D, true],
    [{ 'first name': 1 }, 'first', D, true],
    [{ 'first name': 1 }, 'first name', D, false],
    [{ 'first name': 1 }, 'first', o({ names: false }), false],
    [{ a: { deep: 'x' } }, 'deep', D, true],
    [{ a: { deep: 'x' } }, 'deep', o({ names: false }), false],
    [{ a: 1 }, 1, D, true],
    [{ 1: 'a' }, 1, D, false], // names are searched only for string tokens
    [['a'], ['a'], D, false],
    [{ a: 1 }, { a: 1 }, D, false],
    ['', '', D, false],
    ['', '', o({ split: false }), false], // DESIGN §7: no empty-token quirk
    ['   ', '', o({ split: false }), false],
    ['naïve café', 'café', D, true],
    ['e\u0301te', 'te', D, true],
    ['e\u0301te', 'e\u0301te', D, false],
    ['a😀b', 'a', D, true],
    ['𝒜𝒷c', '𝒷c', D, false],
    ['x 𝒜𝒷c', '𝒜𝒷c', D, true],
    ['İstanbul', 'istanbul', o({ case: 'lower' }), true],
    ['STRAßE', 'STRAßE', o({ case: 'upper' }), true],
    ['abc abd', 'abd', D, true],
    ['xabc abc', 'abc', D, true],
    ['abcx', 'abc', D, false],
  ])('(%j, %j, %j) → %s', (v, t, opts, expected) => {
    expect(containsToken(v, t, opts)).toBe(expected);
  });

  it('the conformance examples (func_token_18–20)', () => {
    const v = ['jim@abc.com, kim@abc.com,', 'http://abc.com/, 408-555-1212'];
    expect(containsToken(v, 'abc', D)).toBe(true);
    expect(containsToken(v, 'abcd', D)).toBe(false);
    expect(containsToken(v, 'kim@abc.com', o({ specials: true }))).toBe(true);
  });
});

describe('containsTokenMatching (spec §7–§8)', () => {
  it('applies the matcher to string tokens only', () => {
    const seen: string[] = [];
    const m = (t: string): boolean => {
      seen.push(t);
      return false;
    };
    expect(containsTokenMatching([1, true, null, 'a b', { k: 'v' }], m, D)).toBe(false);
    expect(seen).toEqual(['a', 'b', 'k', 'v']);
  });

  it('stops at the first match', () => {
    let calls = 0;
    const m = (t: string): boolean => (calls++, t === 'b');
    expect(containsTokenMatching('a b c d', m, D)).toBe(true);
    expect(calls).toBe(2);
  });

  it('sees folded tokens and names per the options', () => {
    expect(containsTokenMatching({ Key: 'Val' }, (t) => t === 'key', o({ case: 'lower' }))).toBe(true);
    expect(containsTokenMatching({ Key: 'Val' }, (t) => t === 'key', o({ case: 'lower', names: false }))).toBe(false);
  });

  it('no empty token with split:false (DESIGN §7)', () => {
    expect(containsTokenMatching('   ', () => true, o({ split: false }))).toBe(false);
  });
});
