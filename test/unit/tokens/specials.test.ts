import { describe, expect, it } from 'vitest';
import { parseTokenOptions, tokens } from '../../../src/tokens/index.js';

const SPECIALS = parseTokenOptions({ specials: true });
const specials = (s: string): unknown[] => tokens(s, SPECIALS);
const plain = (s: string): unknown[] => tokens(s, parseTokenOptions({}));

/** Spec §4.2: specials add whitespace/bracket-cut pieces with trailing non-word runes removed. */
describe('specials (spec §4.2)', () => {
  it.each<[string, string[]]>([
    ['jim@abc.com, kim@abc.com,', ['jim@abc.com', 'kim@abc.com']],
    ['http://abc.com/,', ['http://abc.com']],
    ['408-555-1212', ['408-555-1212']],
    ['a,b;c', ['a,b;c']],
    ['"quoted"', ['"quoted']],
    ['C++', ['C']],
    ['(x)[y]{z}', ['x', 'y', 'z']],
    ['<tag>', ['<tag']],
  ])('%j adds %j', (input, added) => {
    const got = specials(input);
    for (const t of added) expect(got).toContain(t);
  });

  it("'!!!' adds nothing", () => {
    expect(specials('!!!')).toEqual([]);
  });

  it('plain tokens come first, then specials; duplicates merge', () => {
    expect(specials('jim@abc.com, kim@abc.com,')).toEqual(['jim', 'abc', 'com', 'kim', 'jim@abc.com', 'kim@abc.com']);
    expect(specials('C++')).toEqual(['C']);
  });

  it('the exact token set is the plain tokens plus the special pieces', () => {
    const s = '"quoted" a,b;c (x) 408-555-1212';
    expect(new Set(specials(s))).toEqual(new Set([...plain(s), '"quoted', 'a,b;c', 'x', '408-555-1212']));
  });

  it('the conformance example (func_token_17)', () => {
    const got = tokens(['jim@abc.com, kim@abc.com,', 'http://abc.com/, 408-555-1212'], SPECIALS);
    expect([...got].sort()).toEqual(
      ['1212', '408', '408-555-1212', '555', 'abc', 'com', 'http', 'http://abc.com', 'jim', 'jim@abc.com', 'kim', 'kim@abc.com'].sort(),
    );
  });

  it('leading punctuation is kept, trailing marks and emoji are removed', () => {
    expect(specials('#tag!!')).toContain('#tag');
    expect(specials('hi😀')).toEqual(['hi']);
    expect(specials('e\u0301')).toEqual(['e']);
  });

  it('cuts on Go white space only (U+0085 cuts, U+FEFF does not)', () => {
    expect(specials('a.b\u0085c.d')).toEqual(['a', 'b', 'c', 'd', 'a.b', 'c.d']);
    expect(specials('a.b\ufeffc.d')).toEqual(['a', 'b', 'c', 'd', 'a.b\ufeffc.d']);
  });

  it('is ignored with split:false', () => {
    expect(tokens('jim@abc.com, x', parseTokenOptions({ split: false, specials: true }))).toEqual(['jim@abc.com, x']);
  });

  it('pieces are case-folded', () => {
    expect(tokens('Jim@ABC.com', parseTokenOptions({ specials: true, case: 'lower' }))).toEqual(['jim', 'abc', 'com', 'jim@abc.com']);
  });
});
