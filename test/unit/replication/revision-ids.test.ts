import { describe, expect, it } from 'vitest';
import { compareRevs, revDigest, revPos } from '../../../src/index.js';

describe('revision ids and the winner order (CouchDB)', () => {
  it('splits N-digest', () => {
    expect(revPos('12-abc')).toBe(12);
    expect(revDigest('12-abc')).toBe('abc');
    expect(revDigest('1-a-b')).toBe('a-b');
  });

  it('puts live before deleted, then the higher generation, then the higher digest first', () => {
    // [a, a deleted, b, b deleted, sign of compareRevs(a, b)]: negative when a wins.
    const cases: [string, boolean, string, boolean, number][] = [
      ['1-a', false, '9-z', true, -1], // live beats deleted, whatever the generation
      ['9-z', true, '1-a', false, 1],
      ['3-a', false, '2-z', false, -1], // higher generation
      ['2-z', true, '3-a', true, 1],
      ['10-a', false, '9-z', false, -1], // generations compare as numbers, not text
      ['2-b', false, '2-a', false, -1], // same generation: higher digest
      ['2-a', false, '2-b', false, 1],
      ['2-a', true, '2-a', true, 0],
    ];
    for (const [a, ad, b, bd, sign] of cases) expect(Math.sign(compareRevs(a, ad, b, bd)), `${a} ${ad} vs ${b} ${bd}`).toBe(sign);
  });
});
