/**
 * Timing of aggregates answered from an index (issue 19 §4), a small script (not an npm bench):
 * on TOKENQL_BENCH_DOCS (default 1,000,000) generated documents `{k, g, v}` (k = i mod 50,000,
 * g = i mod 1,000, v = i mod 97), with indexes ik(k) and igv(g, v) and a primary index, each
 * statement is timed with the pushdown (IndexCountDistinctScan2 / IndexScan3 with
 * index_group_aggs; with ORDER BY on the group key and LIMIT, index_order and a scan that stops
 * after 10 groups), with the same covering scan and the group operators (the aggregate given
 * `FILTER (WHERE TRUE)`, which the index does not compute: same rows, no pushdown), and as a
 * full scan (`USE INDEX (#primary)`). Median wall and CPU time of TOKENQL_BENCH_RUNS (default 3)
 * runs after one warm-up; the rows of the three forms are checked equal, the plans checked.
 *
 *   node --max-old-space-size=8192 --import tsx bench/index-aggregates-timing.ts
 */
import { Database } from '../src/index.js';

const N = Number(process.env.TOKENQL_BENCH_DOCS ?? 1_000_000);
const RUNS = Number(process.env.TOKENQL_BENCH_RUNS ?? 3);

function* docs() {
  for (let i = 0; i < N; i++) yield { k: i % 50_000, g: i % 1000, v: i % 97 };
}

const db = await Database.open();
let t = performance.now();
await db.load('ks', docs(), { key: 'd%k%_%g%_%v%' });
console.log(`loaded ${N} documents in ${((performance.now() - t) / 1000).toFixed(1)} s (${(await db.query('SELECT RAW COUNT(*) FROM ks')).results[0]} keys)`);
t = performance.now();
await db.query('CREATE PRIMARY INDEX ON ks');
await db.query('CREATE INDEX ik ON ks(k)');
await db.query('CREATE INDEX igv ON ks(g, v)');
console.log(`indexes built in ${((performance.now() - t) / 1000).toFixed(1)} s`);

const CASES: { name: string; pushed: string; grouped: string; full: string; op: string }[] = [
  {
    name: 'COUNT(DISTINCT k) WHERE k IS NOT MISSING',
    pushed: 'SELECT COUNT(DISTINCT k) AS c FROM ks WHERE k IS NOT MISSING',
    grouped: 'SELECT COUNT(DISTINCT k) FILTER (WHERE TRUE) AS c FROM ks WHERE k IS NOT MISSING',
    full: 'SELECT COUNT(DISTINCT k) AS c FROM ks USE INDEX (`#primary`) WHERE k IS NOT MISSING',
    op: 'IndexCountDistinctScan2',
  },
  {
    name: 'GROUP BY g: SUM(v), COUNT(*) WHERE g >= 0',
    pushed: 'SELECT g, SUM(v) AS s, COUNT(*) AS n FROM ks WHERE g >= 0 GROUP BY g',
    grouped: 'SELECT g, SUM(v) FILTER (WHERE TRUE) AS s, COUNT(*) AS n FROM ks WHERE g >= 0 GROUP BY g',
    full: 'SELECT g, SUM(v) AS s, COUNT(*) AS n FROM ks USE INDEX (`#primary`) WHERE g >= 0 GROUP BY g',
    op: 'index_group_aggs',
  },
  {
    name: 'GROUP BY g ORDER BY g LIMIT 10: SUM(v) WHERE g >= 0',
    pushed: 'SELECT g, SUM(v) AS s FROM ks WHERE g >= 0 GROUP BY g ORDER BY g LIMIT 10',
    grouped: 'SELECT g, SUM(v) FILTER (WHERE TRUE) AS s FROM ks WHERE g >= 0 GROUP BY g ORDER BY g LIMIT 10',
    full: 'SELECT g, SUM(v) AS s FROM ks USE INDEX (`#primary`) WHERE g >= 0 GROUP BY g ORDER BY g LIMIT 10',
    op: 'index_order',
  },
];

async function time(q: string): Promise<{ wall: number; cpu: number; rows: unknown[] }> {
  await db.query(q);
  const walls: number[] = [];
  const cpus: number[] = [];
  let rows: unknown[] = [];
  for (let i = 0; i < RUNS; i++) {
    const c0 = process.cpuUsage();
    const w0 = performance.now();
    rows = (await db.query(q)).results;
    walls.push(performance.now() - w0);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1000);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { wall: med(walls), cpu: med(cpus), rows };
}

const canon = (rows: unknown[]) => JSON.stringify([...rows].map((r) => JSON.stringify(r)).sort());
console.log(`load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}`);
for (const c of CASES) {
  const plan = JSON.stringify(await db.explain(c.pushed));
  if (!plan.includes(c.op)) throw new Error(`${c.pushed}: plan without ${c.op}`);
  if (JSON.stringify(await db.explain(c.grouped)).includes(c.op)) throw new Error(`${c.grouped}: pushed down`);
  const p = await time(c.pushed);
  const g = await time(c.grouped);
  const f = await time(c.full);
  if (canon(p.rows) !== canon(g.rows) || canon(p.rows) !== canon(f.rows)) throw new Error(`${c.name}: rows differ`);
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(`${c.name} (${N} docs)`);
  console.log(`  pushdown (${c.op})     wall ${ms(p.wall)}  cpu ${ms(p.cpu)}`);
  console.log(`  covering scan + groups  wall ${ms(g.wall)}  cpu ${ms(g.cpu)}  (${(g.wall / p.wall).toFixed(1)}× the pushdown)`);
  console.log(`  full scan (#primary)    wall ${ms(f.wall)}  cpu ${ms(f.cpu)}  (${(f.wall / p.wall).toFixed(1)}× the pushdown)`);
}
await db.close();
