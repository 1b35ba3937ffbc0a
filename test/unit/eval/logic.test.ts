import { describe, expect, it } from 'vitest';
import { and3, not3, or3 } from '../../../src/eval/index.js';
import { arith, concat, negate } from '../../../src/eval/arith.js';
import type { Value } from '../../../src/values/index.js';

const M = undefined;
const N = null;
const show = (v: Value) => (v === undefined ? 'MISSING' : JSON.stringify(v));

/** N1QL's truth tables (couchbase/query expression/logic_*.go): FALSE dominates AND, TRUE dominates OR; MISSING beats NULL in AND, NULL beats MISSING in OR. */
describe('three-valued logic', () => {
  const values: Value[] = [true, false, N, M];
  const andTable: Value[][] = [
    [true, false, N, M],
    [false, false, false, false],
    [N, false, N, M],
    [M, false, M, M],
  ];
  const orTable: Value[][] = [
    [true, true, true, true],
    [true, false, N, M],
    [true, N, N, N],
    [true, M, N, M],
  ];
  values.forEach((a, i) =>
    values.forEach((b, j) => {
      it(`${show(a)} AND ${show(b)} = ${show(andTable[i][j])}; OR = ${show(orTable[i][j])}`, () => {
        expect(and3(a, b)).toBe(andTable[i][j]);
        expect(or3(a, b)).toBe(orTable[i][j]);
      });
    }),
  );
  it('NOT keeps MISSING and NULL and negates the truth of valued operands', () => {
    expect(not3(M)).toBe(M);
    expect(not3(N)).toBe(N);
    expect(not3(true)).toBe(false);
    expect(not3(0)).toBe(true);
    expect(not3('x')).toBe(false);
  });
});

describe('arithmetic', () => {
  const rows: [string, Value, Value, Value][] = [
    ['+', 1, 2, 3],
    ['+', M, 2, M],
    ['+', N, 2, N],
    ['+', M, N, M],
    ['+', '1', 2, N],
    ['-', 5, 7, -2],
    ['*', 3, 4, 12],
    ['/', 1, 4, 0.25],
    ['/', 1, 0, N],
    ['%', 7, 3, 1],
    ['%', 7, 0, N],
  ];
  for (const [op, a, b, r] of rows) {
    it(`${show(a)} ${op} ${show(b)} = ${show(r)}`, () => expect(arith(op as '+', a, b)).toBe(r));
  }
  it('negation and concatenation follow the MISSING/NULL rules', () => {
    expect(negate(M)).toBe(M);
    expect(negate(N)).toBe(N);
    expect(negate('x')).toBe(N);
    expect(negate(2)).toBe(-2);
    expect(concat('a', 'b')).toBe('ab');
    expect(concat('a', M)).toBe(M);
    expect(concat(N, 'b')).toBe(N);
    expect(concat('a', 1)).toBe(N);
  });
});
