/**
 * MERGE (and the UPDATE/DELETE clauses of issue 21) parse into their AST and print back to text
 * that parses to the same AST. Syntax errors are the reference's (n1ql-reference): WHEN clauses
 * out of order, `INSERT (VALUE …)` without KEY, USE KEYS on the target, OFFSET in UPDATE.
 */
import { describe, expect, it } from 'vitest';
import { QueryError } from '../../../src/index.js';
import { parseStatement } from '../../../src/syntax/parse.js';
import { bin, field, id, lit, showStatement, stmt } from './helpers.js';

const err = (src: string): QueryError => {
  try {
    parseStatement(src);
  } catch (e) {
    return e as QueryError;
  }
  throw new Error(`parsed: ${src}`);
};

describe('MERGE', () => {
  it('lookup merge: ON KEY, every action, LIMIT, RETURNING', () => {
    expect(stmt('MERGE INTO t USING s ON KEY s.k WHEN MATCHED THEN UPDATE SET t.a = 1 UNSET t.b WHERE t.c WHEN MATCHED THEN DELETE WHERE t.d WHEN NOT MATCHED THEN INSERT {"a": 1} WHERE s.e LIMIT 2 RETURNING t')).toMatchObject({
      kind: 'Merge',
      target: { kind: 'KeyspaceTerm', keyspace: { path: ['t'] } },
      source: { kind: 'KeyspaceTerm', keyspace: { path: ['s'] } },
      onKey: field(id('s'), 'k'),
      update: { set: [{ path: field(id('t'), 'a'), value: lit(1) }], unset: [field(id('t'), 'b')], where: field(id('t'), 'c') },
      delete: { where: field(id('t'), 'd') },
      insert: { value: { kind: 'ObjectConstruct' }, where: field(id('s'), 'e') },
      limit: lit(2),
      returning: { raw: false },
    });
  });

  it('ANSI merge: ON condition, a subquery or an expression source, hints, LET, keyed INSERT', () => {
    const m = stmt('MERGE INTO ks AS t USE INDEX (ix) USING (SELECT 1 AS k) AS s USE HASH(probe) ON t.k = s.k LET x = 1 WHEN NOT MATCHED THEN INSERT (KEY "a", VALUE s, OPTIONS {"expiration": 10})');
    expect(m).toMatchObject({
      target: { keyspace: { path: ['ks'], alias: 't' }, useIndex: [{ name: 'ix' }] },
      source: { kind: 'ExpressionTerm', alias: 's', joinHint: 'HASH_PROBE' },
      on: bin('=', field(id('t'), 'k'), field(id('s'), 'k')),
      let: [{ name: 'x', expr: lit(1) }],
      insert: { key: lit('a'), value: id('s'), options: { kind: 'ObjectConstruct' } },
    });
    expect(stmt('MERGE INTO t USING [1, 2] AS s ON t.k = s WHEN NOT MATCHED THEN INSERT (s, {"v": s})')).toMatchObject({ insert: { key: id('s'), value: { kind: 'ObjectConstruct' } } });
    expect(stmt('MERGE INTO t USING s ON KEY s.k WHEN NOT MATCHED THEN INSERT ({"v": 1})')).toMatchObject({ insert: { value: { kind: 'ObjectConstruct' } } });
    // `key` as a field name: an ANSI condition, not ON KEY.
    expect(stmt('MERGE INTO t USING s ON key = s.k WHEN MATCHED THEN DELETE')).toMatchObject({ on: bin('=', id('key'), field(id('s'), 'k')) });
  });

  it('SET … FOR in UPDATE and MERGE', () => {
    expect(stmt('UPDATE t SET p.c = p.c + 1 FOR p IN items WHEN p.x END')).toMatchObject({
      set: [{ path: field(id('p'), 'c'), for: { bindings: [{ variable: 'p', within: false, expr: id('items') }], when: field(id('p'), 'x') } }],
    });
  });

  it('UPDATE and DELETE take LET; DELETE takes OFFSET before or after LIMIT', () => {
    expect(stmt('UPDATE t LET y = 1 SET a = y')).toMatchObject({ let: [{ name: 'y', expr: lit(1) }] });
    expect(stmt('DELETE FROM t LET y = 1 WHERE a = y LIMIT 2 OFFSET 3')).toMatchObject({ let: [{ name: 'y' }], limit: lit(2), offset: lit(3) });
    expect(stmt('DELETE FROM t OFFSET 3 LIMIT 2')).toMatchObject({ limit: lit(2), offset: lit(3) });
  });

  it.each([
    'MERGE INTO `t` AS `t` USING `s` AS `s` ON key (`s`.`k`) when matched then update set (`t`.`a`) = 1 when not matched then insert {"a": 1} limit 2 returning `t`',
    'UPDATE t LET y = 1 SET p.c = y FOR p IN items WHEN p.x END',
    'DELETE FROM t LET y = 1 WHERE a = y LIMIT 2 OFFSET 3',
  ])('prints back to the same statement: %s', (src) => {
    expect(stmt(showStatement(src))).toEqual(stmt(src));
  });

  it('refuses what the reference refuses', () => {
    const keys = err('MERGE INTO shellTest t USE KEYS ["a"] USING s ON t.a = s.a WHEN MATCHED THEN DELETE');
    expect([keys.code, keys.message]).toEqual([3000, 'Keyspace reference cannot have USE KEYS hint in MERGE statement (near line 1, column 24)']);
    expect(err('MERGE INTO t USING s ON t.a = s.a WHEN MATCHED THEN DELETE WHEN MATCHED THEN UPDATE SET t.a = 1').code).toBe(3000);
    expect(err('MERGE INTO t USING s ON KEY s.k WHEN NOT MATCHED THEN INSERT (VALUE {"a": 1})').code).toBe(3000);
    expect(err('MERGE INTO t USING s ON KEY s.k WHEN NOT MATCHED THEN DELETE').code).toBe(3000);
    expect(err('UPDATE k SET z = 5 WHERE x > 0 OFFSET 1').code).toBe(3000);
  });
});
