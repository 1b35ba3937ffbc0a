import { describe, expect, it } from 'vitest';
import type { Statement } from '../../../src/ast/index.js';
import { bin, call, field, id, lit, stmt } from './helpers.js';

const obj = (...fields: [string, unknown][]) => ({
  kind: 'ObjectConstruct',
  fields: fields.map(([k, v]) => ({ name: lit(k), value: lit(v) })),
});
const metaId = field(call('meta'), 'id');

describe('INSERT / UPSERT', () => {
  it.each<[string, Partial<Statement>]>([
    [
      'INSERT INTO ks (KEY, VALUE) VALUES ("k1", {"a": 1}), ("k2", {"a": 2})',
      { kind: 'Insert', upsert: false, keyspace: { path: ['ks'] }, values: [{ key: lit('k1'), value: obj(['a', 1]) }, { key: lit('k2'), value: obj(['a', 2]) }] } as never,
    ],
    [
      "UPSERT INTO ks AS x (KEY, VALUE, OPTIONS) VALUES ('k', {}, {'expiration': 10})",
      { kind: 'Insert', upsert: true, keyspace: { path: ['ks'], alias: 'x' }, values: [{ key: lit('k'), value: obj(), options: obj(['expiration', 10]) }] } as never,
    ],
    ["INSERT INTO ks VALUES ('k', 1), VALUES ('j', 2)", { values: [{ key: lit('k'), value: lit(1) }, { key: lit('j'), value: lit(2) }] } as never],
    [
      'INSERT INTO ks (KEY k, VALUE v) SELECT k, v FROM src',
      { kind: 'Insert', select: { key: id('k'), value: id('v'), query: { kind: 'Select', body: { kind: 'Subselect' } } } } as never,
    ],
    ['INSERT INTO ks (KEY k, VALUE v, OPTIONS o) SELECT 1', { select: { key: id('k'), value: id('v'), options: id('o') } } as never],
    ['INSERT INTO ks (KEY k) SELECT 1', { select: { key: id('k'), query: { kind: 'Select' } } } as never],
    ["INSERT INTO ks (KEY, VALUE) VALUES ('k', 1) RETURNING META().id", { returning: { raw: false, terms: [{ kind: 'Term', expr: metaId }] } } as never],
    ["INSERT INTO ks (KEY, VALUE) VALUES ('k', 1) RETURNING RAW META().id", { returning: { raw: true, terms: [{ kind: 'Term', expr: metaId }] } } as never],
    ["INSERT INTO ks (KEY, VALUE) VALUES ('k', 1) RETURNING ELEMENT x", { returning: { raw: true, terms: [{ kind: 'Term', expr: id('x') }] } } as never],
    ["INSERT INTO ks (KEY, VALUE) VALUES ('k', 1) RETURNING *, ks.*", { returning: { raw: false, terms: [{ kind: 'Star' }, { kind: 'PathStar', expr: id('ks') }] } } as never],
  ])('%s', (src, fragment) => {
    expect(stmt(src)).toMatchObject(fragment);
  });
});

describe('UPDATE / DELETE', () => {
  it('UPDATE with everything', () => {
    expect(stmt("UPDATE ks AS a USE KEYS 'k' SET a.b = 1, c[0] = 2, type = 'x' UNSET d.e, f WHERE g LIMIT 3 RETURNING RAW META().id")).toEqual({
      kind: 'Update',
      keyspace: { path: ['ks'], alias: 'a' },
      useKeys: lit('k'),
      set: [
        { path: field(id('a'), 'b'), value: lit(1) },
        { path: { kind: 'Element', target: id('c'), index: lit(0) }, value: lit(2) },
        { path: id('type'), value: lit('x') },
      ],
      unset: [field(id('d'), 'e'), id('f')],
      where: id('g'),
      limit: lit(3),
      returning: { raw: true, terms: [{ kind: 'Term', expr: metaId }] },
    });
  });

  it('UPDATE with only UNSET', () => {
    expect(stmt('UPDATE ks UNSET a')).toEqual({ kind: 'Update', keyspace: { path: ['ks'] }, set: [], unset: [id('a')] });
  });

  it('DELETE', () => {
    expect(stmt("DELETE FROM ks k USE KEYS ['a'] WHERE k.n > 5 LIMIT 1 RETURNING k.n")).toEqual({
      kind: 'Delete',
      keyspace: { path: ['ks'], alias: 'k' },
      useKeys: { kind: 'ArrayConstruct', items: [lit('a')] },
      where: bin('>', field(id('k'), 'n'), lit(5)),
      limit: lit(1),
      returning: { raw: false, terms: [{ kind: 'Term', expr: field(id('k'), 'n') }] },
    });
    expect(stmt('DELETE FROM ks')).toEqual({ kind: 'Delete', keyspace: { path: ['ks'] } });
  });
});

describe('EXPLAIN / PREPARE / EXECUTE', () => {
  it('EXPLAIN wraps any statement', () => {
    expect(stmt('EXPLAIN SELECT 1')).toMatchObject({ kind: 'Explain', statement: { kind: 'Select' } });
    expect(stmt('EXPLAIN DELETE FROM ks')).toMatchObject({ kind: 'Explain', statement: { kind: 'Delete' } });
  });

  it.each<[string, unknown]>([
    ['PREPARE SELECT 1', { kind: 'Prepare', text: 'SELECT 1', statement: { kind: 'Select' } }],
    ['PREPARE p1 FROM SELECT * FROM t WHERE a = $1', { kind: 'Prepare', name: 'p1', text: 'SELECT * FROM t WHERE a = $1' }],
    ['prepare `my q` as select ?', { kind: 'Prepare', name: 'my q', text: 'select ?' }],
    ["PREPARE 'q2' FROM SELECT 2;", { kind: 'Prepare', name: 'q2', text: 'SELECT 2' }],
  ])('%s', (src, fragment) => {
    expect(stmt(src)).toMatchObject(fragment as object);
  });

  it.each<[string, unknown]>([
    ['EXECUTE p1', { kind: 'Execute', name: 'p1' }],
    ['EXECUTE p1 USING [1, "a"]', { kind: 'Execute', name: 'p1', using: { kind: 'ArrayConstruct', items: [lit(1), lit('a')] } }],
    ['EXECUTE `p 1` USING {"x": 1}', { kind: 'Execute', name: 'p 1', using: obj(['x', 1]) }],
  ])('%s', (src, ast) => {
    expect(stmt(src)).toEqual(ast);
  });
});
