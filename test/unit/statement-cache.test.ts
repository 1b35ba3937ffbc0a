import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';
import type { Statement } from '../../src/ast/index.js';
import { parseCached, type EngineDeps } from '../../src/engine.js';
import { Database, QueryError } from '../../src/index.js';

/** Engine dependencies with only the statement cache (all `parseCached` reads). */
function depsWithCache(): EngineDeps {
  return { statements: new LRUCache<string, Statement>({ max: 8 }) } as unknown as EngineDeps;
}

describe('the statement cache', () => {
  it('gives the same statement for the same text, deep-frozen, and parses other texts apart', () => {
    const deps = depsWithCache();
    const text = 'SELECT a.b FROM ks AS a WHERE ANY v IN TOKENS(a.name, {"case": "lower"}) SATISFIES v = $t END';
    const first = parseCached(text, deps);
    expect(parseCached(text, deps)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(JSON.stringify(first)).toContain('"lower"');
    expect(parseCached(`${text} `, deps)).not.toBe(first);
  });

  it('does not keep statements longer than 4,096 characters, nor syntax errors', () => {
    const deps = depsWithCache();
    const long = `SELECT RAW [${'1, '.repeat(1500)}1]`;
    expect(long.length).toBeGreaterThan(4096);
    expect(parseCached(long, deps)).not.toBe(parseCached(long, deps));
    for (let i = 0; i < 2; i++) {
      const err = (() => {
        try {
          parseCached('SELECT * FORM ks', deps);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(QueryError);
      expect((err as QueryError).code).toBe(3000);
      expect((err as QueryError).column).toBe(10);
    }
    expect(deps.statements.size).toBe(0);
  });

  it('runs a statement again with other parameters, and an index built again after a drop, from the cached statement', async () => {
    const db = await Database.open();
    await db.createBucket('ks');
    for (let i = 0; i < 50; i++) await db.upsert('ks', `k${i}`, { name: `alpha w${i}`, n: i });
    const create = 'CREATE INDEX ix ON ks(DISTINCT ARRAY v FOR v IN TOKENS(name) END)';
    const lookup = 'SELECT RAW n FROM ks WHERE ANY v IN TOKENS(name) SATISFIES v = $t END ORDER BY n';
    for (let round = 0; round < 3; round++) {
      await db.query(create);
      expect((await db.query(lookup, { params: { t: 'w7' } })).results).toEqual([7]);
      expect((await db.query(lookup, { params: { t: 'w42' } })).results).toEqual([42]);
      expect((await db.query(lookup, { params: { t: 'alpha' } })).results).toHaveLength(50);
      await db.query('DROP INDEX ix ON ks');
    }
    await db.close();
  });
});
