/**
 * Index entries as rows of the PostgreSQL store (docs/postgres.md "Index entries"): maintained
 * in the write's transaction, built in chunks, scanned in PostgreSQL, seen by every query node,
 * kept across a reopen. Expected rows are literal (N1QL semantics as the reference gives them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { createDatabase, startTestPostgres, type TestPostgres } from '../../support/postgres.js';

let pg: TestPostgres | undefined;
beforeAll(async () => {
  pg = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  await pg?.stop();
});

/** The number of rows of the entries table of the database at `url`. */
const entryRows = (url: string): string => pg!.cluster.sql('SELECT count(*) FROM tokenql_index_entries', url.split('/').pop()).trim();

const ids = async (db: Database, q: string): Promise<unknown[]> => (await db.query(q)).results;

describe('PostgreSQL store: index entries', () => {
  it('an index is rows, maintained by writes and scanned in PostgreSQL', async (ctx) => {
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const db = await Database.open({ store: url });
    try {
      await db.createKeyspace('b');
      await db.query("INSERT INTO b (KEY, VALUE) VALUES ('a', {'n': 1, 'tag': 'x'}), ('b', {'n': 2, 'tag': 'y'}), ('c', {'n': 3, 'tag': 'x'})");
      await db.query('CREATE INDEX ix_n ON b(n)');
      expect(entryRows(url)).toBe('3');
      expect(await ids(db, 'SELECT RAW META().id FROM b WHERE n > 1 ORDER BY n')).toEqual(['b', 'c']);
      await db.query("UPDATE b SET n = 0 WHERE META().id = 'c'");
      await db.query("INSERT INTO b (KEY, VALUE) VALUES ('d', {'n': 5})");
      await db.query("DELETE FROM b WHERE META().id = 'b'");
      expect(await ids(db, 'SELECT RAW META().id FROM b WHERE n >= 0 ORDER BY n')).toEqual(['c', 'a', 'd']);
      expect(entryRows(url)).toBe('3');
      await db.query('DROP INDEX ix_n ON b');
      expect(entryRows(url)).toBe('0');
    } finally {
      await db.close();
    }
  });
});
