/**
 * `_TIMESERIES(alias [, options])`. Expected values and error codes: the reference engine's
 * literal answers (n1ql-reference, couchbase/query 3582af6c) to `SELECT _timeseries(d, …) AS t
 * FROM <doc> AS d` with the same documents and options.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../src/index.js';

let db: Database;
beforeAll(async () => {
  db = await Database.open();
});
afterAll(async () => {
  await db.close();
});

const ROWS: [options: string | undefined, docs: string, expected: unknown[]][] = [
  [undefined, '[{"ts_data":[[1,2]],"ts_start":1,"ts_end":1}]', [[{ _t: 1, _v0: 2 }]]],
  // Irregular data: [time, v0, v1 …]; a non-integer time, a non-number time or a non-array point is skipped.
  [
    undefined,
    '[{"ts_data":[[1,2,{"x":1}],[2.5,3],["a",4],[3],5,[4,[1,2]]],"ts_start":1,"ts_end":1}]',
    [[{ _t: 1, _v0: 2, _v1: { x: 1 } }, { _t: 3 }, { _t: 4, _v0: [1, 2] }]],
  ],
  // Regular data: point i at ts_start + i·ts_interval.
  [
    undefined,
    '[{"ts_data":[10,[20,21],{"v":1},null],"ts_start":100,"ts_end":130,"ts_interval":10}]',
    [[{ _t: 100, _v0: 10 }, { _t: 110, _v0: 20, _v1: 21 }, { _t: 120, _v0: { v: 1 } }, { _t: 130, _v0: null }]],
  ],
  [
    '{"ts_project":[1,0,7]}',
    '[{"ts_data":[10,[20,21],{"v":1}],"ts_start":100,"ts_end":130,"ts_interval":10}]',
    [[{ _t: 100, _v0: 10 }, { _t: 110, _v0: 20, _v1: 21 }, { _t: 120, _v0: { v: 1 } }]],
  ],
  ['{"ts_project":0}', '[{"ts_data":[[1,2,3]],"ts_start":1,"ts_end":1}]', [[{ _t: 1, _v0: 2 }]]],
  ['{"ts_project":"a"}', '[{"ts_data":[[1,2,3]],"ts_start":1,"ts_end":1}]', [[{ _t: 1 }]]],
  ['{"ts_project":[]}', '[{"ts_data":[[1,2,3]],"ts_start":1,"ts_end":1}]', [[{ _t: 1 }]]],
  ['{"ts_project":1.5}', '[{"ts_data":[[1,2,3]],"ts_start":1,"ts_end":1}]', [[{ _t: 1 }]]],
  // Ranges: one [s, e], several [[s, e], …] (read up to the first non-array), none valid → NULL.
  ['{"ts_ranges":[5,6]}', '[{"ts_data":[[1,2]],"ts_start":1,"ts_end":1}]', [null]],
  ['{"ts_ranges":[1,3]}', '[{"ts_data":[[1,2],[2,3],[4,5]],"ts_start":1,"ts_end":5}]', [[{ _t: 1, _v0: 2 }, { _t: 2, _v0: 3 }]]],
  ['{"ts_ranges":[3,1]}', '[{"ts_data":[[1,2],[2,3],[4,5]],"ts_start":1,"ts_end":5}]', [null]],
  ['{"ts_ranges":[[3,1]]}', '[{"ts_data":[[1,2]],"ts_start":1,"ts_end":5}]', [null]],
  ['{"ts_ranges":"x"}', '[{"ts_data":[[1,2],[3,4],[5,6]],"ts_start":1,"ts_end":5}]', [null]],
  ['{"ts_project":null, "ts_ranges":null}', '[{"ts_data":[[1,2,3]],"ts_start":1,"ts_end":1}]', [null]],
  [
    '{"ts_ranges":[[0,1],[3,4],"x",[5,6]]}',
    '[{"ts_data":[[1,2],[3,4],[5,6]],"ts_start":1,"ts_end":5}]',
    [[{ _t: 1, _v0: 2 }, { _t: 3, _v0: 4 }]],
  ],
  ['{"ts_keep":true, "ts_ranges": [2,3]}', '[{"ts_data":[[1,2],[3,4],[5,6]],"ts_start":1,"ts_end":5}]', [[{ _t: 3, _v0: 4 }]]],
  // Renamed paths; MISSING path options keep the defaults.
  ['{"ts_data":"x.y", "ts_start":"s", "ts_end":"e"}', '[{"x":{"y":[[1,2]]},"s":1,"e":1}]', [[{ _t: 1, _v0: 2 }]]],
  ['{"ts_data":"`a b`"}', '[{"a b":[[1,2]],"ts_start":1,"ts_end":5}]', [[{ _t: 1, _v0: 2 }]]],
  ['{"ts_data":"a[1]"}', '[{"a":[0,[[1,2]]],"ts_start":1,"ts_end":5}]', [[{ _t: 1, _v0: 2 }]]],
  ['{"ts_interval":"iv"}', '[{"ts_data":[7,8],"iv":5,"ts_start":1,"ts_end":5}]', [[{ _t: 1, _v0: 7 }, { _t: 6, _v0: 8 }]]],
  ['{"ts_data":missing}', '[{"ts_data":[[1,2,3]],"ts_start":1,"ts_end":1}]', [[{ _t: 1, _v0: 2, _v1: 3 }]]],
  ['{"other":1}', '[{"ts_data":[[1,2,3]],"ts_start":1,"ts_end":1}]', [[{ _t: 1, _v0: 2, _v1: 3 }]]],
  // Wrong-typed or MISSING fields, an empty series, a non-object document: NULL.
  [undefined, '[{"ts_data":[[1,2]],"ts_start":1}]', [null]],
  [undefined, '[{"ts_data":"x","ts_start":1,"ts_end":1}]', [null]],
  [undefined, '[{"ts_start":1,"ts_end":1}]', [null]],
  [undefined, '[{"ts_data":[[1,2]],"ts_start":1.5,"ts_end":5}]', [null]],
  [undefined, '[{"ts_data":[[1,2]],"ts_start":5,"ts_end":1}]', [null]],
  [undefined, '[{"ts_data":[[1,2]],"ts_start":1,"ts_end":5, "ts_interval":-1}]', [null]],
  [undefined, '[{"ts_data":[],"ts_start":1,"ts_end":5}]', [null]],
  [undefined, '[null, 1, "x"]', [null, null, null]],
];

describe('_TIMESERIES', () => {
  for (const [options, docs, expected] of ROWS) {
    const statement = `SELECT RAW _timeseries(d${options ? `, ${options}` : ''}) FROM ${docs} AS d`;
    it(statement, async () => {
      expect((await db.query(statement)).results).toEqual(expected);
    });
  }

  it('takes ts_ranges from a parameter and feeds UNNEST', async () => {
    const r = await db.query(
      'SELECT RAW t FROM [{"ts_data":[[1,2],[2,3],[4,5]],"ts_start":1,"ts_end":5}] AS d UNNEST _timeseries(d, {"ts_ranges":$r}) AS t',
      { params: { r: [[1, 1], [4, 9]] } },
    );
    expect(r.results).toEqual([{ _t: 1, _v0: 2 }, { _t: 4, _v0: 5 }]);
  });

  it('takes ts_ranges from WITH aliases (static, like constants)', async () => {
    const r = await db.query(
      'WITH rs AS (1), re AS (2) SELECT _timeseries(d, {"ts_ranges":[rs,re]}) AS t FROM [{"ts_data":[[1,2],[2,3],[4,5]],"ts_start":1,"ts_end":5}] AS d',
    );
    expect(r.results).toEqual([{ t: [{ _t: 1, _v0: 2 }, { _t: 2, _v0: 3 }] }]);
  });
});

const ERRORS: [statement: string, code: number, message: string][] = [
  ['SELECT _timeseries({"a":1}) AS t', 3100, 'First argument must be keyspace alias.'],
  ['SELECT _timeseries(d.x) AS t FROM [{"x":1}] AS d', 3100, 'First argument must be keyspace alias.'],
  ['SELECT _timeseries(d, {"ts_data":1}) AS t FROM [{"x":1}] AS d', 3100, "'ts_data' must be string in the second argument."],
  ['SELECT _timeseries(d, {"ts_data":null}) AS t FROM [{"x":1}] AS d', 3100, "'ts_data' must be string in the second argument."],
  ['SELECT _timeseries(d, {"ts_data":""}) AS t FROM [{"x":1}] AS d', 3100, "'ts_data' invalid in the second argument."],
  ['SELECT _timeseries(d, 5) AS t FROM [{"x":1}] AS d', 3100, 'Second argument must be OBJECT'],
  ['SELECT _timeseries(d, {"ts_data":d.x}) AS t FROM [{"x":1}] AS d', 3100, 'Second argument must be OBJECT'],
  // A LET variable is not static (only WITH aliases are).
  ['SELECT _timeseries(d, {"ts_ranges":[rs,2]}) AS t FROM [{"ts_data":[[1,2]],"ts_start":1,"ts_end":5}] AS d LET rs = 1', 3100, 'Second argument must be OBJECT'],
  ['SELECT _timeseries(d,{},1) AS t FROM [1] AS d', 3000, 'Number of arguments to function _timeseries must be between 1 and 2'],
  ['SELECT _timeseries() AS t FROM [1] AS d', 3000, 'Number of arguments to function _timeseries must be between 1 and 2'],
  // The reference fails evaluation (5010) on a path that does not parse.
  ['SELECT _timeseries(d, {"ts_data":"a+"}) AS t FROM [{"a":1,"ts_start":1,"ts_end":5}] AS d', 5010, ''],
];

describe('_TIMESERIES operand errors', () => {
  for (const [statement, code, message] of ERRORS) {
    it(statement, async () => {
      const err = await db.query(statement).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(QueryError);
      expect((err as QueryError).code).toBe(code);
      expect((err as QueryError).message).toContain(message);
    });
  }
});
