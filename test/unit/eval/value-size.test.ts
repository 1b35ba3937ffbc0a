// Expected sizes: couchbase/query `value/*.go` `Size()`: string bytes, number 8, boolean 1,
// null 4, array 16 per element plus the elements, object 16 per slot of 1 << bits.Len64(n)
// plus a 48-byte map header plus each name's bytes and value.
import { describe, expect, it } from 'vitest';
import { valueSize } from '../../../src/eval/functions/value-size.js';
import type { Value } from '../../../src/values/index.js';

describe('valueSize (the reference Value.Size estimate)', () => {
  const rows: [Value, number][] = [
    [undefined, 0],
    [null, 4],
    [true, 1],
    [1.5, 8],
    ['abc', 3],
    ['é', 2],
    [[], 0],
    [['ab', 1], 16 * 2 + 2 + 8],
    [{}, 16 + 48],
    [{ a: 'x' }, 16 * 2 + 48 + 1 + 1],
    [{ a: 1, b: 2, c: 3 }, 16 * 4 + 48 + 3 * (1 + 8)],
    [{ a: 1, b: 2, c: 3, d: 4 }, 16 * 8 + 48 + 4 * (1 + 8)],
  ];
  for (const [v, n] of rows) {
    it(`${JSON.stringify(v) ?? 'MISSING'} is ${n} bytes`, () => expect(valueSize(v)).toBe(n));
  }
});
