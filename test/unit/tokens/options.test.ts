import { describe, expect, it } from 'vitest';
import { DEFAULT_TOKEN_OPTIONS, parseTokenOptions } from '../../../src/tokens/index.js';

/** Spec §3: option names are case-sensitive, wrong-typed values and unknown keys are ignored. */
describe('parseTokenOptions (spec §3)', () => {
  it('defaults', () => {
    expect(parseTokenOptions({})).toEqual({ case: 'none', split: true, trim: true, specials: false, names: true });
    expect(parseTokenOptions(undefined)).toEqual(DEFAULT_TOKEN_OPTIONS);
  });

  it.each<[unknown, string]>([
    ['lower', 'lower'],
    ['LOWER', 'lower'],
    ['Lower', 'lower'],
    ['upper', 'upper'],
    ['UPPER', 'upper'],
    ['title', 'none'],
    ['', 'none'],
    [1, 'none'],
    [true, 'none'],
    [null, 'none'],
  ])('case %j → %s', (v, mode) => {
    expect(parseTokenOptions({ case: v as never }).case).toBe(mode);
  });

  it('keys are case-sensitive', () => {
    expect(parseTokenOptions({ Case: 'lower', SPLIT: false }).case).toBe('none');
    expect(parseTokenOptions({ Case: 'lower', SPLIT: false }).split).toBe(true);
  });

  it('wrong-typed values fall back to defaults', () => {
    expect(parseTokenOptions({ specials: 'true' }).specials).toBe(false);
    expect(parseTokenOptions({ split: 0 }).split).toBe(true);
    expect(parseTokenOptions({ trim: null }).trim).toBe(true);
    expect(parseTokenOptions({ names: 'false' }).names).toBe(true);
  });

  it('booleans are read', () => {
    expect(parseTokenOptions({ split: false, trim: false, specials: true, names: false })).toEqual({
      case: 'none',
      split: false,
      trim: false,
      specials: true,
      names: false,
    });
  });

  it('`name` (singular) is not `names` (spec §9)', () => {
    expect(parseTokenOptions({ name: false }).names).toBe(true);
  });

  it('unknown keys are ignored', () => {
    expect(parseTokenOptions({ bogus: 1, case: 'lower' }).case).toBe('lower');
  });
});
