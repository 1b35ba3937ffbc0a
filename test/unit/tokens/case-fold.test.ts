import { describe, expect, it } from 'vitest';
import { foldCase, foldRune, parseTokenOptions, tokens } from '../../../src/tokens/index.js';

/** Spec §3 `case`: Go strings.ToLower/ToUpper — simple per-rune mappings, no locale. */
describe('case folding (spec §3)', () => {
  const lower = parseTokenOptions({ case: 'lower' });
  const upper = parseTokenOptions({ case: 'upper' });

  it('folds every token', () => {
    expect(tokens('UPPER Lower', lower)).toEqual(['upper', 'lower']);
    expect(tokens('UPPER Lower', upper)).toEqual(['UPPER', 'LOWER']);
  });

  it('merges tokens that fold alike', () => {
    expect(tokens('Word word WORD', lower)).toEqual(['word']);
  });

  it('ß stays ß in upper case (no SS)', () => {
    expect(tokens('straße', upper)).toEqual(['STRAßE']);
    expect(foldRune(0xdf, 'upper')).toBe(0xdf);
  });

  it('İ lowers to i (not i + combining dot)', () => {
    expect(tokens('İstanbul', lower)).toEqual(['istanbul']);
    expect(foldCase('İ', 'lower', false)).toBe('i');
  });

  it('Σ always lowers to σ (no final-sigma rule)', () => {
    expect(tokens('ΟΔΟΣ', lower)).toEqual(['οδοσ']);
  });

  it('runes without a one-rune simple mapping are kept', () => {
    expect(foldCase('ŉ ǰ ΐ ﬁ', 'upper', false)).toBe('ŉ ǰ ΐ ﬁ');
    expect(foldCase('ᾈ', 'upper', false)).toBe('ᾈ');
  });

  it('Greek iota-subscript letters use their simple upper case', () => {
    expect(foldCase('ᾀᾳῃῳ', 'upper', false)).toBe('ᾈᾼῌῼ');
  });

  it('ordinary non-ASCII letters fold', () => {
    expect(tokens('Ärger ÉTÉ', lower)).toEqual(['ärger', 'été']);
    expect(tokens('привет', upper)).toEqual(['ПРИВЕТ']);
  });

  it('names are folded too', () => {
    expect(tokens({ AA: { BB: 'HELLO', CC: 'WORLD!' } }, lower)).toEqual(['aa', 'bb', 'hello', 'cc', 'world']);
  });

  it('only string tokens are folded', () => {
    expect(tokens([1, true, null, 'A'], lower)).toEqual([1, true, null, 'a']);
  });

  it('folds after splitting: U+0345 (a mark) separates even though its upper case is a letter', () => {
    expect(tokens('a\u0345b', upper)).toEqual(['A', 'B']);
  });
});
