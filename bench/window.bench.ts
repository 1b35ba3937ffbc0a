/**
 * Window function benchmark (`npm run bench:window`), timed in CPU time: ROW_NUMBER, RANK, a sliding
 * `SUM(x) OVER (PARTITION BY p ORDER BY o ROWS BETWEEN 100 PRECEDING AND CURRENT ROW)` and LAG
 * over a generated keyspace of n rows in 1,000 partitions, run by tokenql, by PostgreSQL (started
 * by the benchmark, bench/support/postgres.ts; its EXPLAIN ANALYZE execution time, no parallel
 * workers) and by DuckDB (`@duckdb/node-api`, one thread, in memory) on the same data in the
 * same run. Each query
 * wraps the window in `MAX(…)` over a FROM subquery, so both engines compute the window for
 * every row but return one row. Printed: min / median / max ms over the repeats, the ratios
 * tokenql / PostgreSQL and tokenql / DuckDB (medians), and the growth from the smallest to the
 * largest size per row (1.00 = linear).
 *
 * Sizes: `TOKENQL_BENCH_WINDOW=100000,300000,1000000` (the default); repeats:
 * `TOKENQL_BENCH_RUNS` (default 3). Target (issue 21 §3): within 5× of PostgreSQL, growth linear
 * in rows. tokenql and DuckDB are timed in CPU time of this process, PostgreSQL by its own
 * execution time (a server process).
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Database, type Value } from '../src/index.js';
import { Mulberry32 } from '../src/demo/mulberry32.js';
import { pgExecutionMs, startPostgres, type Pg } from './support/postgres.js';

const SIZES = (process.env.TOKENQL_BENCH_WINDOW ?? '100000,300000,1000000').split(',').map(Number);
const RUNS = Number(process.env.TOKENQL_BENCH_RUNS ?? 3);
const PARTITIONS = 1000;

interface Doc {
  id: number;
  p: number;
  o: number;
  x: number;
}

/** n rows spread over the partitions at random (seeded), `o` a random order key, `x` a small integer. */
function corpus(n: number): Doc[] {
  const prng = new Mulberry32(21);
  return Array.from({ length: n }, (_, id) => ({ id, p: Math.floor(prng.next() * PARTITIONS), o: Math.floor(prng.next() * 1e9), x: Math.floor(prng.next() * 100) }));
}

/** The window of each query, written once for both engines (N1QL names the keyspace `t`). */
const QUERIES: [name: string, window: string][] = [
  ['ROW_NUMBER', 'ROW_NUMBER() OVER (PARTITION BY t.p ORDER BY t.o)'],
  ['RANK', 'RANK() OVER (PARTITION BY t.p ORDER BY t.o)'],
  ['SUM 100 PRECEDING', 'SUM(t.x) OVER (PARTITION BY t.p ORDER BY t.o ROWS BETWEEN 100 PRECEDING AND CURRENT ROW)'],
  ['LAG', 'LAG(t.x) OVER (PARTITION BY t.p ORDER BY t.o)'],
];

const n1ql = (w: string) => `SELECT MAX(s.w) AS m FROM (SELECT ${w} AS w FROM t) AS s`;
const sql = (w: string) => `SELECT MAX(w) AS m FROM (SELECT ${w} AS w FROM t) AS s`;

/** CPU milliseconds of the process (min / median / max over the runs) and the median wall time. */
interface Timing {
  min: number;
  median: number;
  max: number;
  wall: number;
  answer: unknown;
}

/**
 * Times `f` RUNS times in CPU time of this process (user + system; DuckDB runs in-process on one
 * thread), which a loaded machine's other processes do not inflate as they do wall time.
 */
async function time(f: () => Promise<unknown>): Promise<Timing> {
  const ms: number[] = [];
  const walls: number[] = [];
  let answer: unknown;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    answer = await f();
    const d = process.cpuUsage(c);
    ms.push((d.user + d.system) / 1000);
    walls.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  walls.sort((a, b) => a - b);
  return { min: ms[0]!, median: ms[Math.floor(ms.length / 2)]!, max: ms[ms.length - 1]!, wall: walls[Math.floor(walls.length / 2)]!, answer };
}

async function tokenql(docs: Doc[]): Promise<Timing[]> {
  const db = await Database.open();
  try {
    await db.createKeyspace('t');
    await db.load('t', docs as unknown as Value[], { key: ((d: Doc) => `t${d.id}`) as never });
    const plan = JSON.stringify((await db.query(`EXPLAIN ${n1ql(QUERIES[0]![1])}`)).results);
    if (!plan.includes('WindowAggregate')) throw new Error('expected a WindowAggregate');
    const out: Timing[] = [];
    for (const [, w] of QUERIES) out.push(await time(async () => ((await db.query(n1ql(w))).results[0] as { m: unknown }).m));
    return out;
  } finally {
    await db.close();
  }
}

interface Duck {
  run(sql: string): Promise<unknown>;
  one(sql: string): Promise<unknown>;
}

async function duckdb(docs: Doc[]): Promise<Timing[] | string> {
  type Reader = { getRows(): unknown[][] };
  let api: { DuckDBInstance: { create(path: string): Promise<{ connect(): Promise<{ run(sql: string): Promise<unknown>; runAndReadAll(sql: string): Promise<Reader>; appender?: unknown }> }> } };
  try {
    api = (await import('@duckdb/node-api' as string)) as typeof api;
  } catch {
    return 'not installed (npm install --save-dev @duckdb/node-api)';
  }
  const con = await (await api.DuckDBInstance.create(':memory:')).connect();
  const duck: Duck = { run: (s) => con.run(s), one: async (s) => (await con.runAndReadAll(s)).getRows()[0]?.[0] };
  await duck.run('SET threads TO 1');
  await duck.run('CREATE TABLE t (id INTEGER, p INTEGER, o INTEGER, x INTEGER)');
  for (let i = 0; i < docs.length; i += 10_000) {
    const values = docs.slice(i, i + 10_000).map((d) => `(${d.id},${d.p},${d.o},${d.x})`).join(',');
    await duck.run(`INSERT INTO t VALUES ${values}`);
  }
  const out: Timing[] = [];
  for (const [, w] of QUERIES) out.push(await time(() => duck.one(sql(w.replaceAll('t.', '')))));
  return out;
}

/** The same rows as a PostgreSQL table (COPY from a CSV file), each query's execution time in ms. */
function postgres(pg: Pg, docs: Doc[]): number[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'tokenql-bench-window-'));
  chmodSync(dir, 0o777);
  try {
    const file = path.join(dir, 't.csv');
    writeFileSync(file, docs.map((d) => `${d.id},${d.p},${d.o},${d.x}`).join('\n') + '\n');
    chmodSync(file, 0o644);
    pg.sql('DROP TABLE IF EXISTS t; CREATE TABLE t (id int, p int, o int, x int);');
    pg.sql(`COPY t FROM '${file}' WITH (FORMAT csv)`);
    pg.sql('ANALYZE t;');
    return QUERIES.map(([, w]) => pgExecutionMs(pg, sql(w.replaceAll('t.', '')), RUNS));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(0));

const pg = await startPostgres().catch((e: unknown) => {
  console.warn(`PostgreSQL: could not start (${(e as Error).message.split('\n')[0]})`);
  return undefined;
});
const results: { n: number; tq: Timing[]; duck: Timing[] | string; pg?: number[] }[] = [];
try {
  for (const n of SIZES) {
    const docs = corpus(n);
    const tq = await tokenql(docs);
    const duck = await duckdb(docs);
    const pgMs = pg ? postgres(pg, docs) : undefined;
    for (let q = 0; q < QUERIES.length && typeof duck !== 'string'; q++) {
      if (Number(tq[q]!.answer) !== Number(duck[q]!.answer)) throw new Error(`${QUERIES[q]![0]} at ${n}: tokenql ${tq[q]!.answer}, DuckDB ${duck[q]!.answer}`);
    }
    results.push({ n, tq, duck, pg: pgMs });
    // Progress on stderr (a large run takes minutes): medians of this size.
    console.error(`${n} rows: tokenql ${tq.map((t) => fmt(t.median)).join(' / ')} ms; PostgreSQL ${pgMs ? pgMs.map(fmt).join(' / ') : '—'} ms; DuckDB ${typeof duck === 'string' ? duck : duck.map((t) => fmt(t.median)).join(' / ')} ms`);
  }
} finally {
  pg?.stop();
}

console.log(`Window functions over n rows in ${PARTITIONS} partitions; CPU ms over ${RUNS} runs (min / median / max), and the median wall ms; PostgreSQL: median execution ms (no parallel workers). Target: within 5x of PostgreSQL.`);
const head = ['query', 'rows', 'tokenql min', 'median', 'max', 'wall', 'PostgreSQL', 'tokenql/PG', 'DuckDB min', 'median', 'max', 'wall', 'tokenql/DuckDB'];
const rows: string[][] = [];
for (let q = 0; q < QUERIES.length; q++) {
  for (const r of results) {
    const t = r.tq[q]!;
    const d = typeof r.duck === 'string' ? undefined : r.duck[q]!;
    const p = r.pg?.[q];
    rows.push([QUERIES[q]![0], String(r.n), fmt(t.min), fmt(t.median), fmt(t.max), fmt(t.wall), p !== undefined ? fmt(p) : '—', p !== undefined ? (t.median / p).toFixed(1) + 'x' : '—', d ? fmt(d.min) : '—', d ? fmt(d.median) : '—', d ? fmt(d.max) : '—', d ? fmt(d.wall) : '—', d ? (t.median / d.median).toFixed(1) + 'x' : '—']);
  }
}
const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) => '| ' + cells.map((c, i) => c.padEnd(width[i]!)).join(' | ') + ' |';
console.log(line(head));
console.log('|' + width.map((w) => '-'.repeat(w + 2)).join('|') + '|');
for (const r of rows) console.log(line(r));
if (typeof results[0]!.duck === 'string') console.warn(`DuckDB: ${results[0]!.duck}`);

if (results.length > 1) {
  const a = results[0]!;
  const b = results[results.length - 1]!;
  console.log(`\nGrowth ${a.n} → ${b.n} rows (${(b.n / a.n).toFixed(1)}x the rows): time ratio, and per row (1.00 = linear)`);
  for (let q = 0; q < QUERIES.length; q++) {
    const r = b.tq[q]!.median / a.tq[q]!.median;
    console.log(`  ${QUERIES[q]![0].padEnd(18)} ${r.toFixed(2)}x time, ${(r / (b.n / a.n)).toFixed(2)} per row`);
  }
}
