/**
 * Index DDL on two query nodes at once (one PostgreSQL database): the statements are serialized
 * (an advisory lock held for each statement), so neither node's save of the keyspace's index
 * definitions loses the other's index. Rows are literal (N1QL semantics as the reference gives them).
 */
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

describe('PostgreSQL store: index DDL on two nodes at once', () => {
  it('keeps every index either node creates, and the drops of both', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const a = await Database.open({ store: url });
    const b = await Database.open({ store: url });
    try {
      await a.createKeyspace('k');
      await a.query("INSERT INTO k (KEY, VALUE) VALUES ('d1', {'x': 1, 'y': 'p', 'z': true}), ('d2', {'x': 2, 'y': 'q', 'z': false})");
      await b.query('SELECT 1'); // b knows k
      for (let round = 0; round < 4; round++) {
        await Promise.all([
          a.query(`CREATE INDEX ia${round} ON k(x)`),
          b.query(`CREATE INDEX ib${round} ON k(y)`),
          a.query(`CREATE INDEX ic${round} ON k(z) WITH {"defer_build": true}`),
          b.query(`CREATE INDEX id${round} ON k(x, y)`),
        ]);
      }
      const fresh = await Database.open({ store: url });
      try {
        const names = (await fresh.query("SELECT RAW name FROM system:indexes WHERE keyspace_id = 'k' ORDER BY name")).results;
        expect(names).toEqual(['ia0', 'ia1', 'ia2', 'ia3', 'ib0', 'ib1', 'ib2', 'ib3', 'ic0', 'ic1', 'ic2', 'ic3', 'id0', 'id1', 'id2', 'id3']);
        expect((await fresh.query('SELECT RAW META().id FROM k USE INDEX (ib3) WHERE y = "q"')).results).toEqual(['d2']);
      } finally {
        await fresh.close();
      }
      await Promise.all([a.query('DROP INDEX ia0 ON k'), b.query('DROP INDEX ib0 ON k'), a.query('DROP INDEX id0 ON k'), b.query('BUILD INDEX ON k(ic0)')]);
      const again = await Database.open({ store: url });
      try {
        expect((await again.query("SELECT RAW [name, state] FROM system:indexes WHERE keyspace_id = 'k' AND name LIKE '%0'")).results).toEqual([['ic0', 'online']]);
        expect((await again.query("SELECT COUNT(*) AS n FROM system:indexes WHERE keyspace_id = 'k'")).results).toEqual([{ n: 13 }]);
      } finally {
        await again.close();
      }
    } finally {
      await a.close();
      await b.close();
    }
  });
});
