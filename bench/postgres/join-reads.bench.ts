/**
 * The PostgreSQL store's reads in joins (`npx tsx bench/postgres/join-reads.bench.ts`): bench:join's
 * route/airline corpus (outer `route` documents naming an `airline` uniformly at random) on a
 * private PostgreSQL (bench/support/postgres.ts, default durability), and per join the number of
 * statements of the store's synchronous reader (each one round trip to PostgreSQL) and the wall
 * and CPU time (this process's `process.cpuUsage`, the reader's worker thread included) of:
 *
 * - the lookup join `JOIN airline a ON KEYS r.airlineid` (its batch read, `getMany`),
 * - the index nested-loop join `JOIN airline a ON r.aid = a.aid` over `ix_aid ON airline(aid)`
 *   (its index probe, `lookupMany`, and the Fetch of the probed documents),
 * - the outer side's full scan alone, for reference.
 *
 * Sizes: `TOKENQL_BENCH_JOIN=outer×inner` (default `10000x1000`), `TOKENQL_BENCH_RUNS` timed runs
 * (default 3, after one untimed run): medians printed.
 */
import { loadavg } from 'node:os';
import { Database } from '../../src/index.js';
import { SyncReader } from '../../src/storage/postgres/sync-reader.js';
import { Mulberry32 } from '../../src/demo/mulberry32.js';
import { startPostgres } from '../support/postgres.js';

const [OUTER, INNER] = (process.env.TOKENQL_BENCH_JOIN ?? '10000x1000').split('x').map(Number) as [number, number];
const RUNS = Number(process.env.TOKENQL_BENCH_RUNS ?? 3);

/** Statements of every SyncReader of this process. */
let statements = 0;
const query = SyncReader.prototype.query;
SyncReader.prototype.query = function (this: SyncReader, text: string, params?: unknown[]) {
  statements++;
  return query.call(this, text, params);
};

const QUERIES: [string, string, string][] = [
  ['lookup join (ON KEYS)', 'SELECT COUNT(*) AS n FROM route r JOIN airline a ON KEYS r.airlineid', 'Join'],
  ['index nested-loop join', 'SELECT COUNT(*) AS n FROM route r JOIN airline a ON r.aid = a.aid', 'NestedLoopJoin'],
  ['index NL join, a field of the inner side', 'SELECT MAX(a.name) AS n FROM route r JOIN airline a ON r.aid = a.aid', 'NestedLoopJoin'],
  ['outer full scan', 'SELECT COUNT(*) AS n FROM route r WHERE r.stops IS NOT MISSING', 'PrimaryScan3'],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const pg = await startPostgres();
  if (!pg) throw new Error('PostgreSQL is not installed');
  try {
    pg.sql('CREATE DATABASE joins');
    const db = await Database.open({ store: `postgres://postgres@127.0.0.1:${pg.port}/joins` });
    try {
      const prng = new Mulberry32(19);
      await db.createKeyspace('route');
      await db.createKeyspace('airline');
      const airlines = Array.from({ length: INNER }, (_, i) => ({ id: i, aid: i, name: `Airline ${i}`, country: ['France', 'United States', 'United Kingdom'][i % 3]! }));
      const routes = Array.from({ length: OUTER }, (_, i) => {
        const aid = Math.floor(prng.next() * INNER);
        return { id: i, airlineid: `airline_${aid}`, aid, stops: Math.floor(prng.next() * 3) };
      });
      await db.load('route', routes, { key: ((d: { id: number }) => `route_${d.id}`) as never });
      await db.load('airline', airlines, { key: ((d: { id: number }) => `airline_${d.id}`) as never });
      await db.query('CREATE INDEX ix_aid ON airline(aid)');
      console.log(`PostgreSQL store, ${OUTER} routes × ${INNER} airlines, ${RUNS} runs; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
      console.log('| join | rows | statements | wall ms | CPU ms |');
      console.log('|---|---|---|---|---|');
      for (const [label, q, op] of QUERIES) {
        const plan = JSON.stringify(await db.explain(q));
        if (!plan.includes(`"${op}"`)) throw new Error(`${label}: expected ${op} in ${plan}`);
        const first = (await db.query(q)).results[0] as { n: unknown };
        const wall: number[] = [];
        const cpu: number[] = [];
        let stmts = 0;
        for (let i = 0; i < RUNS; i++) {
          statements = 0;
          const c = process.cpuUsage();
          const t = performance.now();
          await db.query(q);
          wall.push(performance.now() - t);
          const u = process.cpuUsage(c);
          cpu.push((u.user + u.system) / 1000);
          stmts = statements;
        }
        console.log(`| ${label} | ${JSON.stringify(first.n)} | ${stmts} | ${median(wall).toFixed(1)} | ${median(cpu).toFixed(1)} |`);
      }
      console.log(`load average at the end ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    } finally {
      await db.close();
    }
  } finally {
    pg.stop();
  }
}

await main();
