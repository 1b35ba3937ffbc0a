import { describe, expect, it } from 'vitest';
import type { SelectStatement, Subselect } from '../../../src/ast/index.js';
import { parseStatement } from '../../../src/syntax/index.js';
import { id, stmt } from './helpers.js';

const sub = (s: string) => (stmt(s) as SelectStatement).body as Subselect;

describe('soft keywords are names outside their own positions', () => {
  it('as bare field names in projections, WHERE and ORDER BY', () => {
    const s = sub('SELECT first, array, object, key, keys, index, primary, nulls, valued, unknown, options FROM t WHERE first = 1 ORDER BY value');
    expect(s.projection.map((t) => t.kind === 'Term' && t.expr)).toEqual(
      ['first', 'array', 'object', 'key', 'keys', 'index', 'primary', 'nulls', 'valued', 'unknown', 'options'].map(id),
    );
    expect(s.where).toMatchObject({ left: id('first') });
  });

  it('VALUE is the RAW modifier only when an expression follows', () => {
    expect(sub('SELECT value FROM t')).toMatchObject({ raw: false, projection: [{ expr: id('value') }] });
    expect(sub('SELECT value AS v, type FROM t')).toMatchObject({ raw: false, projection: [{ expr: id('value'), alias: 'v' }, { expr: id('type') }] });
    expect(sub('SELECT VALUE value FROM t')).toMatchObject({ raw: true, projection: [{ expr: id('value') }] });
    expect(sub('SELECT VALUE a.b FROM t')).toMatchObject({ raw: true });
  });

  it('ARRAY, FIRST and OBJECT start their FOR forms only before an expression', () => {
    expect(sub('SELECT array.x, first.y FROM t').projection).toMatchObject([{ expr: { kind: 'Field', target: id('array') } }, { expr: { kind: 'Field', target: id('first') } }]);
    expect(sub('SELECT ARRAY x FOR x IN a END').projection).toMatchObject([{ expr: { kind: 'ArrayFor', first: false } }]);
  });

  it('as aliases', () => {
    expect(sub('SELECT a key FROM t keys USE KEYS "k"')).toMatchObject({ projection: [{ alias: 'key' }], from: { keyspace: { alias: 'keys' }, useKeys: { kind: 'Literal' } } });
  });
});

describe('locations', () => {
  it('give line, column, offset and length of each node', () => {
    const text = 'SELECT a.b + f(x) AS y\nFROM t WHERE x IS NULL';
    const s = parseStatement(text) as SelectStatement;
    const body = s.body as Subselect;
    const term = body.projection[0]!;
    const at = (loc: { offset: number; length?: number } | undefined) => loc && text.slice(loc.offset, loc.offset + (loc.length ?? 0));
    expect(s.loc).toMatchObject({ line: 1, column: 1, offset: 0, length: text.length });
    expect(term.kind === 'Term' && at(term.expr.loc)).toBe('a.b + f(x)');
    expect(body.where!.loc).toMatchObject({ line: 2, column: 14 });
    expect(at(body.where!.loc)).toBe('x IS NULL');
    expect(body.from!.loc).toMatchObject({ line: 2, column: 6, length: 1 });
  });
});
