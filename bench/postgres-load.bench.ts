/**
 * PostgreSQL store load and read benchmark (docs/postgres.md "Store layout"): loads N generated
 * travel-like documents (the query benchmark's corpus) with `Database.load` into the PostgreSQL
 * store on a private cluster with PostgreSQL's default durability (fsync on, synchronous commit),
 * and reports documents/s (wall and this process's CPU), then point-get latency (p50/p99 of
 * `db.get` on random keys), a full primary scan (documents/s) and `count`.
 *
 *   node --max-old-space-size=8192 --import tsx bench/postgres-load.bench.ts
 *   TOKENQL_BENCH_DOCS=n    documents to load (default 200000)
 *   TOKENQL_BENCH_INDEXES=1 create three indexes before the load (country; type, id; a TOKENS
 *                           index of name), so that the load writes their entries too
 *
 * Besides wall time it prints this process's CPU time and the PostgreSQL server's (its
 * postmaster and backends, from /proc), and the load average.
 */
import { loadavg } from 'node:os';
import { Database } from '../src/index.js';
import { generateTravelLikeDocuments } from '../src/demo/generate-travel-like.js';
import { startCluster } from '../test/support/postgres.js';
import { serverCpuMs } from './postgres/server-cpu.js';

const N = Number(process.env.TOKENQL_BENCH_DOCS ?? 200_000);
const INDEXES = process.env.TOKENQL_BENCH_INDEXES === '1';
const cluster = await startCluster(['shared_buffers=512MB', 'max_wal_size=4GB'], 'tokenql-bench-pg-');
if (!cluster) {
  console.log('PostgreSQL is not installed: nothing to measure');
  process.exit(0);
}
const pct = (xs: number[], p: number) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;
try {
  const db = await Database.open({ store: cluster.url() });
  const dataDir = `${cluster.dir}/data`;
  if (INDEXES) {
    await db.createKeyspace('travel');
    await db.query('CREATE INDEX ix_country ON travel(country)');
    await db.query('CREATE INDEX ix_type_id ON travel(type, id)');
    await db.query('CREATE INDEX ix_name_tokens ON travel(DISTINCT ARRAY v FOR v IN TOKENS(name) END)');
    console.log('indexes: ix_country, ix_type_id, ix_name_tokens (created before the load)');
  }
  console.log(`load average before: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  // The documents are generated as they are loaded (as a file is read): only their keys are kept.
  const keys: string[] = [];
  const values = (function* () {
    for (const d of generateTravelLikeDocuments(N, 7)) {
      keys.push(d.key);
      yield d.value;
    }
  })();
  const cpu0 = process.cpuUsage();
  const server0 = serverCpuMs(dataDir);
  let t = performance.now();
  const report = await db.load('travel', values, { key: ((_v: unknown, i: number) => keys[i]!) as never });
  let ms = performance.now() - t;
  const cpu = process.cpuUsage(cpu0);
  const server = serverCpuMs(dataDir) - server0;
  console.log(`load: ${report.loaded} documents in ${(ms / 1000).toFixed(2)} s = ${Math.round((report.loaded / ms) * 1000)} documents/s (generation included; tokenql CPU ${((cpu.user + cpu.system) / 1000 / 1000).toFixed(2)} s, PostgreSQL server CPU ${(server / 1000).toFixed(2)} s), failures ${report.failures.length}`);
  console.log(`load average after the load: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  const lat: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const key = keys[(i * 7919) % N]!;
    t = performance.now();
    db.get('travel', key);
    lat.push(performance.now() - t);
  }
  console.log(`get: p50 ${(pct(lat, 50) * 1000).toFixed(0)} µs, p99 ${(pct(lat, 99) * 1000).toFixed(0)} µs`);
  t = performance.now();
  let n = 0;
  for (const _ of db.scan('travel')) n++;
  ms = performance.now() - t;
  console.log(`scan: ${n} documents in ${(ms / 1000).toFixed(2)} s = ${Math.round((n / ms) * 1000)} documents/s`);
  t = performance.now();
  const c = db.count('travel');
  console.log(`count: ${c} in ${(performance.now() - t).toFixed(1)} ms`);
  console.log(`load average after: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  await db.close();
} finally {
  cluster.stop();
}
