/**
 * Compaction on the PostgreSQL store mapped onto PostgreSQL's maintenance (docs/postgres.md
 * "Compaction"): the fragmentation comes from PostgreSQL's statistics (dead row versions of
 * tokenql's tables), rises with updates and deletes and falls after a compaction (purge, VACUUM
 * (ANALYZE), REINDEX CONCURRENTLY of bloated indexes); the cluster REST API on loopback reports it
 * and its daemon compacts past the threshold; a second query node sees the auto-compaction
 * settings. Directions and bounds are asserted, not PostgreSQL's exact counts.
 */
import { describe, expect, it } from 'vitest';
import { Database } from '../../../src/index.js';
import { startClusterAdmin } from '../../../src/adapters/cluster/index.js';
import { deadFraction, fileBytesOf } from '../../../src/storage/postgres/table-fragmentation.js';
import { expectedBtreeBytes } from '../../../src/storage/postgres/index-bloat.js';
import { startFixture, ADMIN } from '../../adapters/cluster/helpers.js';
import { postgresForFile } from '../../support/postgres-for-file.js';
import { createDatabase, type PgCluster } from '../../support/postgres.js';

const postgres = postgresForFile();

const DAY = 86_400_000;
const N = 3000;
const doc = (i: number, v: number) => ({ n: (i * 7919 + v * 13) % 100_000, name: `hotel ${i} v${v}`, pad: 'x'.repeat(150) });

/**
 * Polls `read` until `ok` holds: a backend adds its counts to PostgreSQL's statistics at most once
 * a second, and when idle 10 s after its last flush (docs/postgres.md "Timing").
 */
async function until<T>(read: () => T, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  let v = read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 100));
    v = read();
  }
  return v;
}

/** The keys by the index on n and by a full scan (USE KEYS of a primary scan), sorted. */
async function indexAndScan(db: Database): Promise<[unknown[], unknown[]]> {
  const plan = JSON.stringify(await db.explain('SELECT RAW META().id FROM b WHERE n >= 0'));
  expect(plan).toContain('"index":"ix_n"');
  const indexed = (await db.query('SELECT RAW META().id FROM b WHERE n >= 0 ORDER BY META().id')).results;
  const scanned = (await db.query('SELECT RAW META().id FROM b USE KEYS (SELECT RAW META().id FROM b WHERE n IS MISSING OR n IS NOT MISSING) ORDER BY META().id')).results;
  return [indexed, scanned];
}

/** Turns PostgreSQL's autovacuum off for tokenql's tables (it would clean them between a test's steps). */
const noAutovacuum = (cluster: PgCluster, url: string): void =>
  void cluster.sql('ALTER TABLE tokenql_documents SET (autovacuum_enabled = off); ALTER TABLE tokenql_index_entries SET (autovacuum_enabled = off)', url.split('/').pop()!);

const relationBytes = (cluster: PgCluster, url: string, rel: string): number => Number(cluster.sql(`SELECT pg_relation_size('${rel}')`, url.split('/').pop()!).trim());

describe('PostgreSQL store: fragmentation from PostgreSQL statistics', () => {
  it('deadFraction weights each table by its size; fileBytesOf keeps the live bytes and the percentage', () => {
    expect(deadFraction([])).toBe(0);
    expect(deadFraction([{ table: 'a', live: 0, dead: 0, bytes: 8192 }])).toBe(0);
    expect(deadFraction([{ table: 'a', live: 75, dead: 25, bytes: 1000 }])).toBe(0.25);
    expect(deadFraction([{ table: 'a', live: 50, dead: 50, bytes: 3000 }, { table: 'b', live: 100, dead: 0, bytes: 1000 }])).toBe(0.375);
    expect(fileBytesOf(600, 0.25)).toBe(800);
    expect(fileBytesOf(0, 0.5)).toBe(0);
    expect(fileBytesOf(100, 1)).toBe(10_000); // capped at 99 %
    // A B-tree of 20,000 entries of 20 data bytes: 32-byte items + 4-byte pointers in 90 % of 8,152 bytes.
    expect(expectedBtreeBytes(20_000, 20)).toBe((99 + 1 + 1) * 8192);
    expect(expectedBtreeBytes(0, 20)).toBe(2 * 8192);
  });

  it('rises with updates and deletes, falls to 0 after a compaction; bloated indexes are rebuilt; the index equals a full scan', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    let now = 1_800_000_000_000;
    const db = await Database.open({ store: url, clock: () => now });
    noAutovacuum(pg.cluster, url);
    try {
      await db.createBucket('b');
      await db.query('CREATE INDEX ix_n ON b(n)');
      await db.load('b', Array.from({ length: N }, (_, i) => ({ id: i, ...doc(i, 0) })), { key: '%id%' });
      await db.compactBucket('b');
      const fresh = db.bucketStats('b');
      expect(fresh.itemCount).toBe(N);
      expect(fresh.data.fragmentationPercent).toBe(0);
      expect(fresh.data.fileBytes).toBe(fresh.data.liveBytes);

      // Every document rewritten twice (its index entry too): about 2 dead row versions per live one.
      for (let v = 1; v <= 2; v++) await Promise.all(Array.from({ length: N }, (_, i) => db.upsert('b', String(i), doc(i, v))));
      const updated = await until(() => db.bucketStats('b').data, (d) => d.fragmentationPercent >= 40);
      expect(updated.fragmentationPercent).toBeGreaterThanOrEqual(40);
      expect(updated.fragmentationPercent).toBeLessThanOrEqual(75);
      expect(updated.fileBytes).toBeGreaterThan(updated.liveBytes);

      await Promise.all(Array.from({ length: N / 5 }, (_, i) => db.remove('b', String(5 * i + 1))));
      const deleted = await until(() => db.bucketStats('b'), (s) => s.data.fragmentationPercent > updated.fragmentationPercent);
      expect(deleted.data.fragmentationPercent).toBeGreaterThan(updated.fragmentationPercent);
      expect(deleted).toMatchObject({ itemCount: N - N / 5, tombstones: N / 5 });

      const entriesBefore = relationBytes(pg.cluster, url, 'tokenql_index_entries_pkey');
      now += 4 * DAY;
      const r = await db.compactBucket('b');
      expect(r).toMatchObject({ cancelled: false, purgedTombstones: N / 5 });
      expect(r.bytesAfter).toBeLessThan(r.bytesBefore);
      const after = db.bucketStats('b');
      expect(after).toMatchObject({ itemCount: N - N / 5, tombstones: 0 });
      expect(after.data.fragmentationPercent).toBe(0);
      // Three versions of every entry, a fifth deleted: the B-tree of the entries was rebuilt, smaller.
      expect(relationBytes(pg.cluster, url, 'tokenql_index_entries_pkey')).toBeLessThan(entriesBefore / 2);
      expect(pg.cluster.sql("SELECT count(*) FROM pg_index WHERE NOT indisvalid", url.split('/').pop()!).trim()).toBe('0');
      const [indexed, scanned] = await indexAndScan(db);
      expect(indexed).toHaveLength(N - N / 5);
      expect(indexed).toEqual(scanned);
    } finally {
      await db.close();
    }
  }, 120_000);

  it('a cancelled compaction reports cancelled and leaves the documents as they were', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const db = await Database.open({ store: createDatabase(pg.cluster) });
    try {
      await db.load('b', Array.from({ length: 500 }, (_, i) => ({ id: i, n: i })), { key: '%id%' });
      const controller = new AbortController();
      controller.abort();
      const r = await db.compactBucket('b', { signal: controller.signal });
      expect(r.cancelled).toBe(true);
      // Cancelled after the purge, before the VACUUMs.
      const c2 = new AbortController();
      const running = db.compactBucket('b', { signal: c2.signal, onProgress: (p) => p >= 30 && c2.abort() });
      expect((await running).cancelled).toBe(true);
      expect(db.count('b')).toBe(500);
      expect((await db.query('SELECT RAW COUNT(*) FROM b WHERE n >= 0')).results).toEqual([500]);
    } finally {
      await db.close();
    }
  }, 60_000);
});

describe('PostgreSQL store: the cluster REST API', () => {
  it('reports the fragmentation on loopback, the daemon compacts past the threshold, a second node sees the settings', async (ctx) => {
    const pg = postgres();
    if (!pg) return ctx.skip();
    const url = createDatabase(pg.cluster);
    const db = await Database.open({ store: url });
    noAutovacuum(pg.cluster, url);
    const c = await startFixture({ daemon: false, clock: () => new Date(2026, 10, 22, 12, 0) }, db);
    let db2: Database | undefined;
    let node2: Awaited<ReturnType<typeof startClusterAdmin>> | undefined;
    try {
      await db.query('CREATE INDEX ix_n ON default(n)');
      for (let v = 0; v < 3; v++) await Promise.all(Array.from({ length: N }, (_, i) => db.upsert('default', `k${i}`, doc(i, v))));
      const stats = async () => ((await c.get('/pools/default/buckets/default')).json() as { basicStats: { itemCount: number; diskUsed: number; dataUsed: number } }).basicStats;
      const fragmentation = async () => {
        const s = await stats();
        return 100 * (1 - s.dataUsed / s.diskUsed);
      };
      const end = Date.now() + 15_000;
      let before = await fragmentation();
      while (before < 40 && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 100));
        before = await fragmentation();
      }
      expect(before).toBeGreaterThanOrEqual(40);
      expect((await stats()).itemCount).toBe(N);
      const rows = (await db.query('SELECT RAW n FROM default WHERE n >= 0 ORDER BY n')).results;

      // Threshold above the fragmentation: nothing happens.
      expect((await c.post('/controller/setAutoCompaction', 'parallelDBAndViewCompaction=false&databaseFragmentationThreshold[percentage]=90')).status).toBe(200);
      await c.server.daemon.runOnce();
      expect(await fragmentation()).toBeGreaterThanOrEqual(40);

      // A second query node on the same database sees the settings, global and per bucket.
      expect((await c.post('/pools/default/buckets/other', 'autoCompactionDefined=true&parallelDBAndViewCompaction=false&databaseFragmentationThreshold[percentage]=55&purgeInterval=2')).status).toBe(200);
      db2 = await Database.open({ store: url });
      node2 = await startClusterAdmin(db2, { port: 0, daemon: false });
      const get = async (path: string) => (await fetch(`${node2!.url}${path}`, { headers: { authorization: `Basic ${Buffer.from(ADMIN).toString('base64')}` } })).json() as Promise<any>;
      expect((await get('/settings/autoCompaction')).autoCompactionSettings.databaseFragmentationThreshold.percentage).toBe(90);
      const other = await get('/pools/default/buckets/other');
      expect(other.autoCompactionSettings.databaseFragmentationThreshold.percentage).toBe(55);
      expect(other.purgeInterval).toBe(2);
      expect((await get('/pools/default/buckets/default')).basicStats.itemCount).toBe(N);

      // Threshold below, set on node 2: node 1's daemon compacts (VACUUM), and both nodes report it.
      const set = await fetch(`${node2.url}/controller/setAutoCompaction`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(ADMIN).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'parallelDBAndViewCompaction=false&databaseFragmentationThreshold[percentage]=30',
      });
      expect(set.status).toBe(200);
      await c.server.daemon.runOnce();
      expect(await fragmentation()).toBeLessThan(5);
      const seen = (await get('/pools/default/buckets/default')).basicStats;
      expect(100 * (1 - seen.dataUsed / seen.diskUsed)).toBeLessThan(5);
      expect((await db.query('SELECT RAW n FROM default WHERE n >= 0 ORDER BY n')).results).toEqual(rows);
    } finally {
      await node2?.close();
      await db2?.close();
      await c.close();
      await db.close();
    }
  }, 120_000);
});
