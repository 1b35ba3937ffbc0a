// Expected values: n1ql-reference and the reference suite's `arith_functions/case_func_arith.json`
// (IDIV/IMOD truncate both operands to int64 as Go does; DIV and IDIV by zero warn 5036).
import { describe, expect, it } from 'vitest';
import { callFunction, lookupFunction } from '../../src/eval/functions/registry.js';
import { MISSING, table } from './table.js';

table('ADD', [[[1, 10], 11], [[1, 2, 3], 6], [[9007199254740992, 1], 9007199254740993n], [[2, 3, 1537228672809129301n], 1537228672809129306n], [[9007199254740993n, 2], 9007199254740995n], [[1, 'a'], null], [[1, null], null], [[1, MISSING], MISSING], [[1, null, MISSING], MISSING], [[1, 'x', MISSING], MISSING]]);
table('MULT', [[[10, 12], 120], [[2, 3, 4], 24], [[1e308, 10], Infinity], [[null, 1], null], [[2, true], null], [[MISSING, 2], MISSING]]);
table('SUB', [[[10, 7], 3], [[Infinity, Infinity], NaN], [[MISSING, null], MISSING], [[1, null], null], [['1', 1], null]]);
table('DIV', [[[10, 3], 3.3333333333333335], [[1, 3], 0.3333333333333333], [[7, 2], 3.5], [[1, 0], null], [[0, 0.0], null], [[Infinity, 0], null], [[null, 0], null], [[MISSING, 0], MISSING], [[1, 'a'], null]]);
table('MOD', [[[10.5, 7], 3.5], [[7.5, 2], 1.5], [[-7, 2], -1], [[7.5, -2], 1.5], [[7, 0], null], [[-7, 0], null], [[MISSING, 1], MISSING], [[null, 1], null], [[7, 'a'], null]]);
table('NEG', [[[32], -32], [[-0.0], 0], [['a'], null], [[MISSING], MISSING], [[null], null]]);
table('IDIV', [
  [[10, 3], 3],
  [[7, 2.5], 3],
  [[7.9, 2], 3],
  [[-7.9, 2], -3],
  [[-7, 2], -3],
  [[1, 0], null],
  [[2, 0.5], null],
  [[Infinity, 2], -4611686018427388000],
  [[2, Infinity], 0],
  [[9.3e18, 1], -9223372036854776000],
  [[7, null], null],
  [[7, 'a'], null],
  [[MISSING, 1], MISSING],
]);
table('IMOD', [[[10.5, 7], 3], [[-7, 2], -1], [[-7.9, 2], -1], [[7.5, 2.5], 1], [[NaN, 2], 0], [[1, 0], null], [[7, 'a'], null], [[null, 1], null], [[MISSING, null], MISSING]]);

describe('division by zero warnings', () => {
  const warnings = (name: string, args: unknown[]) => {
    const seen: [string, number | undefined][] = [];
    callFunction(lookupFunction(name)!, args as never[], { warn: (msg, code) => void seen.push([msg, code]), now: 0 });
    return seen;
  };
  it('DIV and IDIV by zero warn 5036 "Division by 0." (also for a NULL dividend), MOD and IMOD do not', () => {
    expect(warnings('DIV', [1, 0])).toEqual([['Division by 0.', 5036]]);
    expect(warnings('DIV', [null, 0])).toEqual([['Division by 0.', 5036]]);
    expect(warnings('DIV', [MISSING, 0])).toEqual([]);
    expect(warnings('IDIV', [2, 0.5])).toEqual([['Division by 0.', 5036]]);
    expect(warnings('MOD', [1, 0])).toEqual([]);
    expect(warnings('IMOD', [1, 0])).toEqual([]);
  });
});
