/**
 * How accurate the PostgreSQL store's fragmentation is (docs/postgres.md "Compaction"): the
 * percentage tokenql reports (from `pg_stat_user_tables`) and its index bloat estimate
 * (index-bloat.ts), beside the exact figures of the `pgstattuple` extension (`pgstattuple`:
 * dead tuple bytes of each table; `pgstatindex`: leaf density of each index), after a load,
 * after updates, after deletes, and after a compaction. A private cluster (bench/support).
 *
 *   npm run bench:pg-fragmentation      # TOKENQL_BENCH_DOCS=20000
 */
import pg from 'pg';
import { Database } from '../src/index.js';
import { indexBloat } from '../src/storage/postgres/index-bloat.js';
import { startCluster } from '../test/support/postgres.js';

const N = Number(process.env.TOKENQL_BENCH_DOCS ?? 20_000);
const cluster = await startCluster(['fsync=off', 'autovacuum=off'], 'tokenql-bench-frag-');
if (!cluster) throw new Error('PostgreSQL is not installed');
let now = 1_800_000_000_000;
const url = cluster.url();
const db = await Database.open({ store: url, clock: () => now });
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query('CREATE EXTENSION pgstattuple');
try {
  await db.createBucket('b');
  await db.query('CREATE INDEX ix_n ON b(n)');
  const doc = (i: number, v: number) => ({ n: (i * 7919 + v) % 100_000, name: `hotel ${i} v${v}`, pad: 'x'.repeat(200 + (i % 50)) });
  await db.load('b', Array.from({ length: N }, (_, i) => ({ id: i, ...doc(i, 0) })), { key: '%id%' });

  const report = async (phase: string): Promise<void> => {
    await new Promise((r) => setTimeout(r, 11_000)); // the writers' statistics arrive (at most 10 s when idle: docs/postgres.md "Timing")
    const reported = db.bucketStats('b').data.fragmentationPercent;
    const tables = await admin.query<{ t: string; dead: string; live: string; pct: number; free: number; ndead: string; nlive: string }>(
      `SELECT t, (s).dead_tuple_len AS dead, (s).tuple_len AS live, (s).dead_tuple_percent AS pct, (s).free_percent AS free, n_dead_tup AS ndead, n_live_tup AS nlive
         FROM (SELECT relname AS t, pgstattuple(relid) AS s, n_dead_tup, n_live_tup FROM pg_stat_user_tables WHERE relname IN ('tokenql_documents', 'tokenql_index_entries')) x ORDER BY t`,
    );
    let deadBytes = 0;
    let allBytes = 0;
    const lines: string[] = [];
    for (const r of tables.rows) {
      deadBytes += Number(r.dead);
      allBytes += Number(r.dead) + Number(r.live);
      const statPct = (100 * Number(r.ndead)) / Math.max(1, Number(r.ndead) + Number(r.nlive));
      lines.push(`    ${r.t}: pg_stat dead ${statPct.toFixed(1)} % of rows; pgstattuple dead ${((100 * Number(r.dead)) / Math.max(1, Number(r.dead) + Number(r.live))).toFixed(1)} % of tuple bytes (${r.pct} % of the table, free ${r.free} %)`);
    }
    console.log(`${phase}: tokenql reports ${reported.toFixed(1)} %; pgstattuple: dead ${((100 * deadBytes) / Math.max(1, allBytes)).toFixed(1)} % of tuple bytes`);
    for (const l of lines) console.log(l);
    const estimates = await indexBloat(admin as unknown as pg.Pool);
    for (const ix of estimates) {
      const exact = await admin.query<{ d: number }>('SELECT avg_leaf_density AS d FROM pgstatindex($1)', [ix.name]);
      const density = Number(exact.rows[0]!.d);
      console.log(`    index ${ix.name}: ${(ix.bytes / 1024).toFixed(0)} KiB, estimated bloat ${(100 * ix.bloat).toFixed(1)} %; pgstatindex leaf density ${density.toFixed(1)} % (bloat vs a 90 % build ${(100 * Math.max(0, 1 - density / 90)).toFixed(1)} %)`);
    }
  };

  await admin.query('VACUUM (ANALYZE) tokenql_documents, tokenql_index_entries');
  await report('after load + VACUUM (ANALYZE)');
  for (let i = 0; i < N; i += 2) void db.upsert('b', String(i), doc(i, 1));
  await db.upsert('b', '0', doc(0, 2));
  await report('after updating 50 % of the documents');
  for (let i = 0; i < N; i += 2) void db.upsert('b', String(i), doc(i, 3));
  await db.upsert('b', '0', doc(0, 4));
  await report('after updating them again');
  for (let i = 1; i < N; i += 5) void db.remove('b', String(i));
  await db.upsert('b', '0', doc(0, 5));
  await report('after deleting 20 %');
  await admin.query('ANALYZE tokenql_documents, tokenql_index_entries');
  await report('the same after ANALYZE');
  await admin.query('VACUUM (ANALYZE) tokenql_documents, tokenql_index_entries');
  await report('after VACUUM (ANALYZE), before any REINDEX');
  now += 4 * 86_400_000;
  const t0 = performance.now();
  const r = await db.compactBucket('b');
  console.log(`compaction: ${(performance.now() - t0).toFixed(0)} ms, purged ${r.purgedTombstones}`);
  await report('after compaction');
} finally {
  await admin.end();
  await db.close();
  cluster.stop();
}
