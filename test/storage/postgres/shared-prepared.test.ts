/**
 * Prepared statements on two query nodes sharing one PostgreSQL database: a statement prepared
 * on one node runs on the other, which prepares it again from its saved text (as the reference's
 * query nodes do); `system:prepareds` lists the statements a node holds (per node, as the
 * reference's rows are per node). Errors are the reference's: 4040 "No such prepared statement:
 * …" (errors/prepared), 4060 "Unable to add name: duplicate name: …".
 */
import { describe, expect, it } from 'vitest';
import { Database, QueryError } from '../../../src/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

async function error(p: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof QueryError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('no error');
}

describe('PostgreSQL store: prepared statements on two query nodes', () => {
  it('PREPARE on one node, EXECUTE on another', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const a = await Database.open({ store: url });
    const b = await Database.open({ store: url });
    const c = await Database.open({ store: url });
    try {
      await a.createKeyspace('k');
      await a.query("INSERT INTO k (KEY, VALUE) VALUES ('x', {'n': 1}), ('y', {'n': 2}), ('z', {'n': 3})");
      await a.query('PREPARE p1 FROM SELECT RAW META().id FROM k WHERE n >= $1 ORDER BY n');
      expect((await b.query('EXECUTE p1 USING [2]')).results).toEqual(['y', 'z']);
      expect((await b.query('EXECUTE p1', { args: [3] })).results).toEqual(['z']);
      // An unnamed PREPARE: its name (derived from the text) runs on the other node too.
      const name = (await b.query('PREPARE SELECT RAW COUNT(*) FROM k')).results[0] as { name: string };
      expect((await a.query(`EXECUTE \`${name.name}\``)).results).toEqual([3]);
      // system:prepareds: the statements each node holds, with its own uses.
      expect((await b.query("SELECT RAW [p.name, p.uses] FROM system:prepareds p WHERE p.name = 'p1'")).results).toEqual([['p1', 2]]);
      expect((await c.query('SELECT RAW p.name FROM system:prepareds p')).results).toEqual([]);
      // The name is taken on every node: another text under it is refused, the same text answered.
      expect(await error(c.query('PREPARE p1 FROM SELECT 1'))).toEqual({ code: 4060, message: 'Unable to add name: duplicate name: p1' });
      expect(((await c.query('PREPARE p1 FROM SELECT RAW META().id FROM k WHERE n >= $1 ORDER BY n')).results[0] as { name: string }).name).toBe('p1');
      await c.query('PREPARE p2 FROM SELECT RAW 2');
      expect((await a.query('EXECUTE p2')).results).toEqual([2]);
      // Deleted from system:prepareds: gone for a node that does not hold it.
      await a.query("DELETE FROM system:prepareds WHERE name = 'p2'");
      expect(await error(b.query('EXECUTE p2'))).toEqual({ code: 4040, message: 'No such prepared statement: p2' });
      expect(await error(b.query('EXECUTE nope'))).toEqual({ code: 4040, message: 'No such prepared statement: nope' });
    } finally {
      await a.close();
      await b.close();
      await c.close();
    }
  });

  it('a restricted caller (a server\'s client) has names of its own on every node', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const a = await Database.open({ store: url });
    const b = await Database.open({ store: url });
    try {
      await a.query('PREPARE p FROM SELECT RAW "internal"');
      await a.query('PREPARE p FROM SELECT RAW "client"', { restricted: true });
      expect((await b.query('EXECUTE p', { restricted: true })).results).toEqual(['client']);
      expect((await b.query('EXECUTE p')).results).toEqual(['internal']);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
