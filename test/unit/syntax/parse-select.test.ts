import { describe, expect, it } from 'vitest';
import type { SelectStatement, Subselect } from '../../../src/ast/index.js';
import { bin, call, field, id, lit, stmt } from './helpers.js';

const select = (s: string) => stmt(s) as SelectStatement;
const sub = (s: string) => select(s).body as Subselect;

describe('SELECT projection', () => {
  it.each<[string, Partial<Subselect>]>([
    ['SELECT 1', { distinct: false, raw: false, projection: [{ kind: 'Term', expr: lit(1) }] }],
    ['SELECT *', { projection: [{ kind: 'Star' }] }],
    ['SELECT DISTINCT a', { distinct: true, projection: [{ kind: 'Term', expr: id('a') }] }],
    ['SELECT RAW a', { raw: true, projection: [{ kind: 'Term', expr: id('a') }] }],
    ['SELECT ELEMENT a', { raw: true, projection: [{ kind: 'Term', expr: id('a') }] }],
    ['SELECT VALUE a', { raw: true, projection: [{ kind: 'Term', expr: id('a') }] }],
    ['SELECT DISTINCT RAW a', { distinct: true, raw: true }],
    ['SELECT value', { raw: false, projection: [{ kind: 'Term', expr: id('value') }] }],
    ['SELECT value, type', { raw: false, projection: [{ kind: 'Term', expr: id('value') }, { kind: 'Term', expr: id('type') }] }],
    ['SELECT a AS b, c d', { projection: [{ kind: 'Term', expr: id('a'), alias: 'b' }, { kind: 'Term', expr: id('c'), alias: 'd' }] }],
    ['SELECT t.*, *', { projection: [{ kind: 'PathStar', expr: id('t') }, { kind: 'Star' }] }],
    ['SELECT a.b.*', { projection: [{ kind: 'PathStar', expr: field(id('a'), 'b') }] }],
    ['SELECT meta().id', { projection: [{ kind: 'Term', expr: field(call('meta'), 'id') }] }],
    ['SELECT `first name` AS `n`', { projection: [{ kind: 'Term', expr: id('first name'), alias: 'n' }] }],
    ['SELECT tokens(self)', { projection: [{ kind: 'Term', expr: call('tokens', { kind: 'Self' }) }] }],
    ['select name, id, type from t', { projection: ['name', 'id', 'type'].map((n) => ({ kind: 'Term' as const, expr: id(n) })) }],
  ])('%s', (src, fragment) => {
    expect(sub(src)).toMatchObject(fragment);
  });
});

describe('SELECT FROM', () => {
  it.each<[string, unknown]>([
    ['SELECT * FROM product', { kind: 'KeyspaceTerm', keyspace: { path: ['product'] } }],
    ['SELECT * FROM product p', { kind: 'KeyspaceTerm', keyspace: { path: ['product'], alias: 'p' } }],
    ['SELECT * FROM product AS p', { kind: 'KeyspaceTerm', keyspace: { path: ['product'], alias: 'p' } }],
    ['SELECT * FROM `travel-sample`', { kind: 'KeyspaceTerm', keyspace: { path: ['travel-sample'] } }],
    ['SELECT * FROM `travel-sample`.inventory.hotel h', { kind: 'KeyspaceTerm', keyspace: { path: ['travel-sample', 'inventory', 'hotel'], alias: 'h' } }],
    ['SELECT * FROM default:product', { kind: 'KeyspaceTerm', keyspace: { namespace: 'default', path: ['product'] } }],
    ['SELECT * FROM system:keyspaces', { kind: 'KeyspaceTerm', keyspace: { namespace: 'system', path: ['keyspaces'] } }],
    ['SELECT * FROM system:indexes', { kind: 'KeyspaceTerm', keyspace: { namespace: 'system', path: ['indexes'] } }],
    ["SELECT * FROM t USE KEYS ['a', 'b']", { kind: 'KeyspaceTerm', keyspace: { path: ['t'] }, useKeys: { kind: 'ArrayConstruct', items: [lit('a'), lit('b')] } }],
    ["SELECT * FROM t AS x USE PRIMARY KEYS 'a'", { kind: 'KeyspaceTerm', keyspace: { path: ['t'], alias: 'x' }, useKeys: lit('a') }],
    ['SELECT * FROM (SELECT RAW 1) AS s', { kind: 'ExpressionTerm', alias: 's', expr: { kind: 'Subquery' } }],
    ['SELECT * FROM [1, 2] AS x', { kind: 'ExpressionTerm', alias: 'x', expr: { kind: 'ArrayConstruct' } }],
    // A name followed by `(` is a function call, not a keyspace.
    ['SELECT RAW i FROM ARRAY_RANGE(0, 3) AS i', { kind: 'ExpressionTerm', alias: 'i', expr: { kind: 'FunctionCall', name: 'array_range' } }],
    ['SELECT * FROM array_range', { kind: 'KeyspaceTerm', keyspace: { path: ['array_range'] } }],
    [
      'SELECT * FROM t UNNEST t.a AS x',
      { kind: 'UnnestTerm', outer: false, alias: 'x', expr: field(id('t'), 'a'), left: { kind: 'KeyspaceTerm', keyspace: { path: ['t'] } } },
    ],
    [
      'SELECT * FROM t INNER UNNEST t.a x LEFT OUTER UNNEST x.b y LEFT UNNEST y.c',
      {
        kind: 'UnnestTerm', outer: true, expr: field(id('y'), 'c'),
        left: { kind: 'UnnestTerm', outer: true, alias: 'y', left: { kind: 'UnnestTerm', outer: false, alias: 'x' } },
      },
    ],
  ])('%s', (src, from) => {
    expect(sub(src).from).toMatchObject(from as object);
  });
});

describe('SELECT clauses', () => {
  it('LET, WHERE, GROUP BY, LETTING, HAVING', () => {
    const s = sub('SELECT a FROM t LET x = 1, y = x + 1 WHERE a > 1 GROUP BY a AS g, b LETTING n = COUNT(*) HAVING n > 2');
    expect(s.let).toEqual([{ name: 'x', expr: lit(1) }, { name: 'y', expr: bin('+', id('x'), lit(1)) }]);
    expect(s.where).toEqual(bin('>', id('a'), lit(1)));
    expect(s.groupBy).toEqual({
      keys: [{ expr: id('a'), alias: 'g' }, { expr: id('b') }],
      letting: [{ name: 'n', expr: { kind: 'FunctionCall', name: 'count', args: [], star: true } }],
      having: bin('>', id('n'), lit(2)),
    });
  });

  it('ORDER BY, LIMIT, OFFSET', () => {
    const s = select('SELECT a FROM t ORDER BY a, b DESC, c ASC NULLS LAST, d DESC NULLS FIRST LIMIT 10 OFFSET $o');
    expect(s.orderBy).toEqual([
      { expr: id('a'), desc: false },
      { expr: id('b'), desc: true },
      { expr: id('c'), desc: false, nulls: 'LAST' },
      { expr: id('d'), desc: true, nulls: 'FIRST' },
    ]);
    expect(s.limit).toEqual(lit(10));
    expect(s.offset).toEqual({ kind: 'NamedParam', name: 'o' });
  });

  it('set operations are left-associative; ORDER BY/LIMIT apply to the whole', () => {
    const s = select('SELECT RAW a FROM t UNION ALL SELECT RAW b FROM u EXCEPT SELECT RAW c FROM v INTERSECT ALL SELECT 1 ORDER BY 1 LIMIT 2');
    expect(s.body).toMatchObject({
      kind: 'SetOperation', op: 'INTERSECT', all: true,
      left: { kind: 'SetOperation', op: 'EXCEPT', all: false, left: { kind: 'SetOperation', op: 'UNION', all: true } },
    });
    expect(s.orderBy).toHaveLength(1);
    expect(s.limit).toEqual(lit(2));
  });

  it('accepts parenthesised set operands', () => {
    expect(select('(SELECT 1) UNION (SELECT 2)').body).toMatchObject({ kind: 'SetOperation', op: 'UNION', left: { kind: 'Subselect' }, right: { kind: 'Subselect' } });
  });

  it('keywords are case-insensitive and a trailing ; is allowed', () => {
    expect(stmt('sElEcT DiStInCt a FrOm t WhErE a iS nOt NuLl;')).toEqual(stmt('SELECT DISTINCT a FROM t WHERE a IS NOT NULL'));
  });

  it('skips comments', () => {
    expect(stmt('SELECT /* all */ a -- the field\nFROM t')).toEqual(stmt('SELECT a FROM t'));
  });

  it('parses subqueries in expressions', () => {
    const s = sub('SELECT a FROM t WHERE a IN (SELECT RAW b FROM u) AND EXISTS (SELECT 1)');
    expect(s.where).toMatchObject({ kind: 'Binary', op: 'AND', left: { kind: 'In', collection: { kind: 'Subquery' } }, right: { kind: 'Exists', operand: { kind: 'Subquery' } } });
  });
});
