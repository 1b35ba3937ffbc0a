/**
 * Index entries as rows of the PostgreSQL store (docs/postgres.md "Index entries"): maintained
 * in the write's transaction, built in chunks, scanned in PostgreSQL, seen by every query node,
 * kept across a reopen. Expected rows are literal (N1QL semantics as the reference gives them).
 */
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase } from '../../support/postgres.js';

const postgres = postgresForFile();

/** The number of rows of the entries table of the database at `url`. */
const entryRows = (url: string): string => postgres()!.cluster.sql('SELECT count(*) FROM tokenql_index_entries', url.split('/').pop()).trim();

const ids = async (db: Database, q: string): Promise<unknown[]> => (await db.query(q)).results;

describe('PostgreSQL store: index entries', () => {
  it('an index is rows, maintained by writes and scanned in PostgreSQL', async (ctx) => {
    const pg = postgres();
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

  it('two query nodes: an index one creates is maintained by the other\'s writes', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const one = await Database.open({ store: url });
    const two = await Database.open({ store: url });
    try {
      await one.createKeyspace('b');
      await two.query("INSERT INTO b (KEY, VALUE) VALUES ('a', {'n': 1}), ('b', {'n': 2})");
      await one.query('CREATE INDEX ix_n ON b(n)');
      // The second node opened before the index existed; its writes still maintain it.
      await two.query("INSERT INTO b (KEY, VALUE) VALUES ('c', {'n': 3})");
      await two.query("UPDATE b SET n = 10 WHERE META().id = 'a'");
      await two.query("DELETE FROM b WHERE META().id = 'b'");
      expect(JSON.stringify(await one.explain('SELECT RAW META().id FROM b WHERE n > 0'))).toContain('"index":"ix_n"');
      expect(await ids(one, 'SELECT RAW META().id FROM b WHERE n > 0 ORDER BY n')).toEqual(['c', 'a']);
      expect(await ids(one, 'SELECT RAW META().id FROM b WHERE n = 2')).toEqual([]);
      // The second node knows the index too (system:indexes, and its own scans).
      expect(await ids(two, "SELECT RAW state FROM system:indexes WHERE name = 'ix_n'")).toEqual(['online']);
      expect(await ids(two, 'SELECT RAW META().id FROM b WHERE n > 0 ORDER BY n')).toEqual(['c', 'a']);
      // Dropped by the second node: the first forgets it at its next write; the rows are gone.
      await two.query('DROP INDEX ix_n ON b');
      expect(entryRows(url)).toBe('0');
      await one.query("INSERT INTO b (KEY, VALUE) VALUES ('d', {'n': 4})");
      expect(entryRows(url)).toBe('0');
      expect(await ids(one, "SELECT RAW name FROM system:indexes WHERE name = 'ix_n'")).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('a reopen does not rebuild an index (its entries are rows already)', { timeout: 120_000 }, async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const db = await Database.open({ store: url });
    const n = 6000;
    let built: number;
    try {
      await db.createKeyspace('b');
      for (let i = 0; i < n; i += 500) {
        const rows = Array.from({ length: 500 }, (_, j) => `('k${i + j}', {'n': ${i + j}, 's': 'v${(i + j) % 97}'})`).join(', ');
        await db.query(`INSERT INTO b (KEY, VALUE) VALUES ${rows}`);
      }
      const t0 = performance.now();
      await db.query('CREATE INDEX ix_s ON b(s, n)');
      built = performance.now() - t0;
    } finally {
      await db.close();
    }
    const inserted = pg.cluster.sql("SELECT max(xmin::text::int8) FROM tokenql_index_entries", url.split('/').pop()).trim();
    const t0 = performance.now();
    const again = await Database.open({ store: url });
    const reopened = performance.now() - t0;
    try {
      expect(entryRows(url)).toBe(String(n));
      // No entry was written again (same newest transaction id), and the reopen took a fraction of the build.
      expect(pg.cluster.sql("SELECT max(xmin::text::int8) FROM tokenql_index_entries", url.split('/').pop()).trim()).toBe(inserted);
      console.info(`index build of ${n} documents: ${built.toFixed(0)} ms; reopen: ${reopened.toFixed(0)} ms`);
      expect(reopened).toBeLessThan(built / 2);
      expect(await ids(again, "SELECT RAW META().id FROM b WHERE s = 'v5' AND n < 300 ORDER BY n")).toEqual(['k5', 'k102', 'k199', 'k296']);
    } finally {
      await again.close();
    }
  });

  it('a TOKENS index: CONTAINS_TOKEN and its COUNT from PostgreSQL rows', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const db = await Database.open({ store: url });
    try {
      await db.createKeyspace('h');
      await db.query(
        "INSERT INTO h (KEY, VALUE) VALUES ('1', {'name': 'Grand Hotel Inn'}), ('2', {'name': 'Inn at the Park'}), ('3', {'name': 'Park Hotel'}), ('4', {'name': 'Innsbruck Lodge'}), ('5', {'name': 42})",
      );
      await db.query('CREATE INDEX ix_tok ON h(DISTINCT ARRAY t FOR t IN TOKENS(name) END)');
      const q = "SELECT RAW META().id FROM h WHERE CONTAINS_TOKEN(name, 'Inn') ORDER BY META().id";
      expect(JSON.stringify(await db.explain(q))).toContain('"index":"ix_tok"');
      expect(await ids(db, q)).toEqual(['1', '2']);
      expect(await ids(db, "SELECT RAW COUNT(*) FROM h WHERE CONTAINS_TOKEN(name, 'Hotel')")).toEqual([2]);
      expect(await ids(db, "SELECT RAW META().id FROM h WHERE CONTAINS_TOKEN_LIKE(name, 'Inn%') ORDER BY META().id")).toEqual(['1', '2', '4']);
      // COUNT(*) by PostgreSQL: a prefix span counts each document once; so do two spans.
      expect(JSON.stringify(await db.explain("SELECT COUNT(*) FROM h WHERE CONTAINS_TOKEN_LIKE(name, 'Inn%')"))).toContain('IndexCountScan2');
      expect(await ids(db, "SELECT RAW COUNT(*) FROM h WHERE CONTAINS_TOKEN_LIKE(name, 'Inn%')")).toEqual([3]);
      expect(await ids(db, "SELECT RAW COUNT(*) FROM h WHERE ANY t IN TOKENS(name) SATISFIES t IN ['Inn', 'Park'] END")).toEqual([3]);
      await db.query("UPDATE h SET name = 'Hotel Central' WHERE META().id = '2'");
      expect(await ids(db, q)).toEqual(['1']);
      expect(await ids(db, "SELECT RAW COUNT(*) FROM h WHERE CONTAINS_TOKEN(name, 'Hotel')")).toEqual([3]);
    } finally {
      await db.close();
    }
  });

  it('a key too long for PostgreSQL\'s B-tree fails the write with a clear error; other writes go on', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const db = await Database.open({ store: url });
    try {
      await db.createKeyspace('b');
      await db.query("INSERT INTO b (KEY, VALUE) VALUES ('small', {'s': 'x'})");
      await db.query('CREATE INDEX ix_s ON b(s)');
      const long = 'y'.repeat(3000);
      const err = await db.query(`INSERT INTO b (KEY, VALUE) VALUES ('big', {'s': '${long}'}), ('ok', {'s': 'z'})`).then(
        () => undefined,
        (e: unknown) => e as { code: number; message: string },
      );
      expect(err?.code).toBe(12009);
      expect(err?.message).toContain('Failed to perform INSERT on key big');
      expect(err?.message).toContain("in index ix_s is 3003 bytes encoded");
      expect(await ids(db, 'SELECT RAW META().id FROM b ORDER BY META().id')).toEqual(['ok', 'small']);
      expect(await ids(db, "SELECT RAW META().id FROM b WHERE s >= 'a' ORDER BY s")).toEqual(['small', 'ok']);
    } finally {
      await db.close();
    }
  });

  it('an index whose build left out a document with a key too long is not scanned', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const db = await Database.open({ store: url });
    try {
      await db.createKeyspace('b');
      const long = 'y'.repeat(3000);
      await db.query(`INSERT INTO b (KEY, VALUE) VALUES ('big', {'k': 1, 's': '${long}'}), ('small', {'k': 1, 's': 'x'})`);
      // The build leaves `big` out (its entry is 3,000+ bytes): a scan of ix would miss it.
      await db.query('CREATE INDEX ix ON b(k, s)');
      const q = 'SELECT RAW META().id FROM b WHERE k = 1 ORDER BY META().id';
      expect(JSON.stringify(await db.explain(q))).not.toContain('IndexScan3');
      expect(await ids(db, q)).toEqual(['big', 'small']);
    } finally {
      await db.close();
    }
  });

  it('a build left `building` (a crash) is finished on open', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const name = url.split('/').pop();
    const db = await Database.open({ store: url });
    try {
      await db.createKeyspace('b');
      await db.query("INSERT INTO b (KEY, VALUE) VALUES ('a', {'n': 1}), ('b', {'n': 2}), ('c', {'n': 3})");
      await db.query('CREATE INDEX ix_n ON b(n)');
    } finally {
      await db.close();
    }
    // What a process killed in the middle of the build leaves: the definition still building, some entries missing.
    pg.cluster.sql(`UPDATE tokenql_catalog SET value = replace(value, '"state":"online"', '"state":"building"') WHERE kind = 'indexes'`, name);
    pg.cluster.sql("DELETE FROM tokenql_index_entries WHERE doc_key <> 'a'", name);
    expect(entryRows(url)).toBe('1');
    const again = await Database.open({ store: url });
    try {
      expect(entryRows(url)).toBe('3');
      expect(await ids(again, "SELECT RAW state FROM system:indexes WHERE name = 'ix_n'")).toEqual(['online']);
      expect(pg.cluster.sql("SELECT value LIKE '%\"state\":\"online\"%' FROM tokenql_catalog WHERE kind = 'indexes'", name).trim()).toBe('t');
      expect(await ids(again, 'SELECT RAW META().id FROM b WHERE n > 1 ORDER BY n')).toEqual(['b', 'c']);
    } finally {
      await again.close();
    }
  });

  it('a N1QL transaction sees its own writes through an index in PostgreSQL', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const db = await Database.open({ store: url });
    try {
      await db.createKeyspace('b');
      await db.query("INSERT INTO b (KEY, VALUE) VALUES ('a', {'n': 1}), ('b', {'n': 2})");
      await db.query('CREATE INDEX ix_n ON b(n)');
      const tx = (await db.query('BEGIN WORK')).results[0] as { txid: string };
      await db.query("UPDATE b SET n = 5 WHERE META().id = 'a'", { txid: tx.txid });
      expect((await db.query('SELECT RAW META().id FROM b WHERE n > 1 ORDER BY n', { txid: tx.txid })).results).toEqual(['b', 'a']);
      expect(await ids(db, 'SELECT RAW META().id FROM b WHERE n > 1 ORDER BY n')).toEqual(['b']);
      await db.query('COMMIT', { txid: tx.txid });
      expect(await ids(db, 'SELECT RAW META().id FROM b WHERE n > 1 ORDER BY n')).toEqual(['b', 'a']);
    } finally {
      await db.close();
    }
  });
});
