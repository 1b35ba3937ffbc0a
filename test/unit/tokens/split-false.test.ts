import { describe, expect, it } from 'vitest';
import { parseTokenOptions, tokens } from '../../../src/tokens/index.js';

/** Spec §4.3: split:false keeps each string whole, TrimSpace'd unless trim:false. */
describe('split:false (spec §4.3)', () => {
  const whole = parseTokenOptions({ split: false });
  const raw = parseTokenOptions({ split: false, trim: false });

  it('keeps inner spaces and trims the ends', () => {
    expect(tokens('  Hello   World \n', whole)).toEqual(['Hello   World']);
  });

  it('never emits an empty token', () => {
    expect(tokens('', whole)).toEqual([]);
    expect(tokens('   ', whole)).toEqual([]);
    expect(tokens('', raw)).toEqual([]);
  });

  it('trim:false keeps white space', () => {
    expect(tokens('   ', raw)).toEqual(['   ']);
    expect(tokens(' a ', raw)).toEqual([' a ']);
  });

  it('trims Go white space: U+0085 and U+3000 yes, U+FEFF no', () => {
    expect(tokens('\u0085a\u3000', whole)).toEqual(['a']);
    expect(tokens('\ufeffa', whole)).toEqual(['\ufeffa']);
  });

  it('folds after trimming', () => {
    expect(tokens(' Hello World ', parseTokenOptions({ split: false, case: 'upper' }))).toEqual(['HELLO WORLD']);
  });

  it('object names are kept whole too', () => {
    expect(tokens({ 'first name': ' x y ' }, whole)).toEqual(['first name', 'x y']);
  });

  it('trim is ignored when splitting', () => {
    expect(tokens(' a b ', parseTokenOptions({ trim: false }))).toEqual(['a', 'b']);
  });
});
