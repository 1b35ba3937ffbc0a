/**
 * IS_DISTINCT_FROM / IS_NOT_DISTINCT_FROM, ABORT, MIN_VERSION, NODE_NAME. Expected values: the
 * reference engine's literal answers (n1ql-reference, couchbase/query 3582af6c).
 */
import { describe, expect, it } from 'vitest';
import { QueryError } from '../../src/errors/index.js';
import { call, MISSING, table } from './table.js';

table('IS_DISTINCT_FROM', [
  [[1, 2], true],
  [[1, 1], false],
  [[1, 1.0], false],
  [[[1], [1]], false],
  [[{ a: 1 }, { a: 1 }], false],
  [['a', 'a'], false],
  [['a', 1], true],
  [[1, '1'], true],
  [[true, 1], true],
  [[NaN, NaN], true],
  [[[null], [null]], true],
  [[[1, null], [2, null]], true],
  [[{ a: null }, { a: null }], true],
  [[null, null], false],
  [[MISSING, MISSING], false],
  [[null, MISSING], true],
  [[1, null], true],
  [[1, MISSING], true],
]);

table('ISDISTINCTFROM', [[[1, 2], true], [[null, null], false], [[MISSING, 1], true]]);

table('IS_NOT_DISTINCT_FROM', [
  [[1, 2], false],
  [[1, 1], true],
  [[NaN, NaN], false],
  [[{ a: [1, { b: 2 }] }, { a: [1, { b: 2.0 }] }], true],
  [[[null], [null]], null],
  [[[1, null], [2, null]], false],
  [[null, null], true],
  [[MISSING, MISSING], true],
  [[MISSING, null], false],
  [['a', null], false],
]);

table('ISNOTDISTINCTFROM', [[[1, 1], true], [[null, MISSING], false]]);

table('MIN_VERSION', [[[], '1.0.0']]);
table('NODE_NAME', [[[], '']]);

describe('ABORT', () => {
  const cases: [unknown, string][] = [
    ['boom', 'boom'],
    [1, '1'],
    [null, 'null'],
    [MISSING, 'missing'],
    [{ a: 1 }, '{"a":1}'],
    [[1, 'b'], '[1,"b"]'],
    ['a"b', 'a"b'],
  ];
  for (const [v, text] of cases) {
    it(`ABORT(${JSON.stringify(v) ?? 'MISSING'}) → 5011 Abort: ${text}.`, () => {
      let err: unknown;
      try {
        call('ABORT', v as never);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(QueryError);
      expect((err as QueryError).code).toBe(5011);
      expect((err as QueryError).message).toBe(`Abort: ${text}. - cause: ${text}`);
    });
  }
});
