import { describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';

describe('QueryError', () => {
  it('points at the offending token with line, column and a caret', async () => {
    const db = await Database.open();
    const statement = 'SELECT name\nFROM t\nWHERE name = "x" ORDER name';
    const err = (await db.query(statement).catch((e: unknown) => e)) as QueryError;
    expect(err).toBeInstanceOf(QueryError);
    expect(err.code).toBe(3000);
    expect(err.phase).toBe('parse');
    expect(err.line).toBe(3);
    expect(err.column).toBe(24); // ORDER is fine; `name` is where BY was expected
    expect(err.message).toMatch(/BY/);
    const lines = err.format().split('\n');
    expect(lines[0]).toMatch(/^error 3000: /);
    expect(lines[2]).toBe('3 | WHERE name = "x" ORDER name');
    expect(lines[3].indexOf('^')).toBe(lines[2].lastIndexOf('name'));
    expect(err.toJSON()).toEqual({ code: 3000, msg: expect.stringContaining('line 3, column 24') });
    await db.close();
  });

  it('gives semantic errors a position too', async () => {
    const db = await Database.open();
    const err = (await db.query('SELECT 1,\n  nosuch(2)').catch((e: unknown) => e)) as QueryError;
    expect(err.code).toBe(3000); // the reference's parser raises Invalid function
    expect(err.phase).toBe('semantic');
    expect(err.message).toBe('Invalid function nosuch (resolving to default:nosuch)');
    expect([err.line, err.column]).toEqual([2, 3]);
    expect(err.format().split('\n').slice(2)).toEqual(['2 |   nosuch(2)', '  |   ' + '^'.repeat(err.length ?? 1)]);
    await db.close();
  });

  it('points a duplicate LET name (3081, as the reference) at the second binding', async () => {
    const db = await Database.open();
    await db.createKeyspace('ks');
    for (const [statement, column] of [
      ['SELECT 1 FROM ks LET x = 1,\n x = 2', 2],
      ['SELECT 1 FROM ks AS x\nLET x = 1', 5],
    ] as const) {
      const err = (await db.query(statement).catch((e: unknown) => e)) as QueryError;
      expect(err.code, statement).toBe(3081);
      expect(err.message).toBe(`Duplicate variable: 'x' already in scope (near line 2, column ${column}).`);
      expect([err.line, err.column], statement).toEqual([2, column]);
    }
    await db.close();
  });
});
