import { describe, expect, it } from 'vitest';
import { isGoSpace, isWordCodePoint, trimSpace } from '../../../src/tokens/index.js';

/** Spec §4.1 and §12: word characters are exactly \p{L} ∪ \p{N} (Unicode 15 in both engines). */
describe('word characters', () => {
  it('agree with [\\p{L}\\p{N}] on every code point', () => {
    const re = /^[\p{L}\p{N}]$/u;
    const wrong: number[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (isWordCodePoint(cp) !== re.test(String.fromCodePoint(cp))) wrong.push(cp);
    }
    expect(wrong).toEqual([]);
  });

  it.each<[string, boolean]>([
    ['_', false],
    ["'", false],
    ['\u0301', false], // Mn
    ['\u093f', false], // Mc (Devanagari vowel sign I)
    ['\u20dd', false], // Me
    ['ー', true], // Lm
    ['²', true], // No
    ['Ⅻ', true], // Nl
    ['ǅ', true], // Lt
    ['😀', false],
    ['𝒜', true],
  ])('%j → %s', (ch, word) => {
    expect(isWordCodePoint(ch.codePointAt(0) as number)).toBe(word);
  });

  it('lone surrogates are not word characters', () => {
    expect(isWordCodePoint(0xd800)).toBe(false);
    expect(isWordCodePoint(0xdfff)).toBe(false);
  });
});

/** Go unicode.IsSpace (spec §4.2, §4.3). */
describe('Go white space', () => {
  const GO = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000]);
  for (let c = 0x2000; c <= 0x200a; c++) GO.add(c);

  it('is exactly the Go set over the BMP', () => {
    const wrong: number[] = [];
    for (let c = 0; c <= 0xffff; c++) if (isGoSpace(c) !== GO.has(c)) wrong.push(c);
    expect(wrong).toEqual([]);
  });

  it('trimSpace trims Go space only', () => {
    expect(trimSpace('\u0085\u00a0 a b \u3000\n')).toBe('a b');
    expect(trimSpace('\ufeffa\u200b')).toBe('\ufeffa\u200b');
    expect(trimSpace('   ')).toBe('');
  });
});
