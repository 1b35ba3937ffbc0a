import { describe, expect, it } from 'vitest';
import { parseTokenOptions, tokens } from '../../../src/tokens/index.js';

/** Spec §4.1: the default split mode. Expected values are the spec's. */
const split = (s: string): unknown[] => tokens(s, parseTokenOptions({}));

describe('split mode (spec §4.1)', () => {
  it.each<[string, string[]]>([
    ['hello', ['hello']],
    ['Hello, World!', ['Hello', 'World']],
    ['snake_case', ['snake', 'case']],
    ["it's", ['it', 's']],
    ['C++', ['C']],
    ['a+b#c@d.e-f/g', ['a', 'b', 'c', 'd', 'e', 'f', 'g']],
    ['SL300', ['SL300']],
    ['41GNfCvuX3L', ['41GNfCvuX3L']],
    ['1e10', ['1e10']],
    ['0x1F', ['0x1F']],
    ['3.14', ['3', '14']],
    ['-5', ['5']],
    ['naïve', ['naïve']],
    ['Привет', ['Привет']],
    ['x²', ['x²']],
    ['½', ['½']],
    ['Ⅻ', ['Ⅻ']],
    ['e\u0301te', ['e', 'te']],
    ['हिन्दी', ['ह', 'न', 'द']],
    ['東京タワー', ['東京タワー']],
    ['a😀b', ['a', 'b']],
    ['love❤️you', ['love', 'you']],
    ['', []],
    ['   ', []],
    ['!!!', []],
  ])('%j → %j', (input, expected) => {
    expect(split(input)).toEqual(expected);
  });

  it('astral letters are word characters (surrogate pairs stay whole)', () => {
    expect(split('𝒜𝒷c 𐐀x')).toEqual(['𝒜𝒷c', '𐐀x']);
  });

  it('lone surrogates separate', () => {
    expect(split('a\ud800b\udc00c')).toEqual(['a', 'b', 'c']);
  });

  it('white space of every kind separates', () => {
    expect(split('a\tb\nc\u00a0d\u3000e\u2028f')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('strings that look like numbers stay strings (spec §5)', () => {
    expect(split('10')).toEqual(['10']);
  });

  it('duplicate words appear once, in first-occurrence order (DESIGN §7)', () => {
    expect(split('b a b c a')).toEqual(['b', 'a', 'c']);
  });

  it('is case-sensitive without folding', () => {
    expect(split('Word word WORD')).toEqual(['Word', 'word', 'WORD']);
  });
});
