/**
 * Where the time of one indexed token lookup on the PostgreSQL store goes
 * (`npx tsx bench/postgres/lookup-profile.bench.ts`): the PostgreSQL benchmark's corpus
 * (bench/postgres/corpus.ts, `TOKENQL_BENCH_DOCS`, default 100,000) loaded into the PostgreSQL
 * store with its token index, then the prepared `SELECT META().id FROM corpus WHERE
 * CONTAINS_TOKEN(name, $t)` run `TOKENQL_BENCH_ITERS` times (default 300, after 30 untimed) over
 * the 16 rarest tokens, and beside it:
 *
 * - the statements the lookup sends through the store's synchronous reader (count, their SQL and
 *   the time spent waiting for them), and each of them sent straight through node-postgres (a
 *   client round trip without the worker thread);
 * - `SELECT 1` through the synchronous reader (the worker hop + one round trip) and through
 *   node-postgres (one round trip);
 * - PostgreSQL's own GIN lookup (bench/postgres/gin-floor.ts): execution time, round trip, and
 *   the floor (execution p50 + `SELECT 1` p50) of the target (lookup ≤ 2× the floor).
 *
 * Medians (p50) in ms; the load average is printed before and after.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { Database, type ObjectValue, type Value } from '../../src/index.js';
import { generateTravelLikeDocuments } from '../../src/demo/generate-travel-like.js';
import { SyncReader } from '../../src/storage/postgres/sync-reader.js';
import { startPostgres } from '../support/postgres.js';
import { nameTokens, rarestTokens } from './corpus.js';
import { GIN_BATCH, GinFloor } from './gin-floor.js';

const DOCS = Number(process.env.TOKENQL_BENCH_DOCS ?? 100_000);
const ITERS = Number(process.env.TOKENQL_BENCH_ITERS ?? 300);
const WARMUP = 30;

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (ms: number) => ms.toFixed(3);
const load = () => loadavg().map((x) => x.toFixed(2)).join(' ');

/** Every statement of every SyncReader, with its wait in ms, while `recording`. */
let recording = false;
let seen: { text: string; params: unknown[]; ms: number }[] = [];
const query = SyncReader.prototype.query;
SyncReader.prototype.query = function (this: SyncReader, text: string, params: unknown[] = []) {
  if (!recording) return query.call(this, text, params);
  const t = performance.now();
  const rows = query.call(this, text, params);
  seen.push({ text, params, ms: performance.now() - t });
  return rows;
};

async function main(): Promise<void> {
  const server = await startPostgres();
  if (!server) throw new Error('PostgreSQL is not installed');
  try {
    server.sql('CREATE DATABASE corpus_db');
    const url = `postgres://postgres@127.0.0.1:${server.port}/corpus_db`;
    console.log(`${DOCS} documents; load average ${load()}`);
    const db = await Database.open({ store: url });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const docFreq = new Map<string, number>();
      const gin = await GinFloor.open(url);
      let keys: string[] = [];
      let toks: string[][] = [];
      function* values(): Generator<Value> {
        for (const d of generateTravelLikeDocuments(DOCS, 42)) {
          const t = nameTokens(d.value);
          for (const x of t) docFreq.set(x, (docFreq.get(x) ?? 0) + 1);
          keys.push(d.key);
          toks.push(t);
          yield d.value;
        }
      }
      await db.createKeyspace('corpus');
      const report = await db.load('corpus', values(), { key: (d: Value) => `${(d as ObjectValue).type as string}_${(d as ObjectValue).id as number}` });
      if (report.failures.length) throw new Error(report.failures[0]!.message);
      for (let i = 0; i < keys.length; i += GIN_BATCH) await gin.insert(keys.slice(i, i + GIN_BATCH), toks.slice(i, i + GIN_BATCH));
      keys = [];
      toks = [];
      await gin.buildIndex();
      await db.query('CREATE INDEX ix_name_tokens ON corpus(DISTINCT ARRAY v FOR v IN TOKENS(name) END)');
      await client.query('VACUUM ANALYZE');
      const tokens = rarestTokens(docFreq, 16).map((t) => t.token);
      await db.query('PREPARE lookup FROM SELECT META().id FROM corpus WHERE CONTAINS_TOKEN(name, $t)');
      console.log('plan:', JSON.stringify(await db.explain('SELECT META().id FROM corpus WHERE CONTAINS_TOKEN(name, $t)')).match(/"#operator":"[A-Za-z0-9]+"/g)!.join(' '));

      const wall: number[] = [];
      const cpu: number[] = [];
      const inReader: number[] = [];
      const perStatement = new Map<string, { ms: number[]; params: unknown[] }>();
      let statements = 0;
      let rows = 0;
      for (let i = 0; i < WARMUP + ITERS; i++) {
        const t = tokens[i % tokens.length]!;
        seen = [];
        recording = true;
        const c = process.cpuUsage();
        const t0 = performance.now();
        const r = await db.query('EXECUTE lookup', { params: { t } });
        const w = performance.now() - t0;
        const u = process.cpuUsage(c);
        recording = false;
        if (i < WARMUP) continue;
        wall.push(w);
        cpu.push((u.user + u.system) / 1000);
        rows += r.results.length;
        statements += seen.length;
        inReader.push(seen.reduce((s, x) => s + x.ms, 0));
        for (const s of seen) {
          const key = s.text.replace(/\s+/g, ' ');
          const e = perStatement.get(key) ?? { ms: [], params: s.params };
          e.ms.push(s.ms);
          perStatement.set(key, e);
        }
      }
      console.log(`\nEXECUTE lookup (prepared CONTAINS_TOKEN), ${ITERS} runs, ${(rows / ITERS).toFixed(1)} rows each:`);
      console.log(`  wall p50 ${fmt(p50(wall))}, CPU p50 ${fmt(p50(cpu))}, statements per run ${(statements / ITERS).toFixed(2)}, waiting on the reader p50 ${fmt(p50(inReader))}`);
      const reader = new SyncReader(url);
      reader.connect();
      for (const [text, e] of perStatement) {
        const direct: number[] = [];
        const again: number[] = [];
        for (let i = 0; i < 200; i++) {
          let t = performance.now();
          await client.query({ text, values: e.params, rowMode: 'array', name: `bench_${perStatement.size}_${text.length}` });
          if (i >= 20) direct.push(performance.now() - t);
          t = performance.now();
          query.call(reader, text, e.params);
          if (i >= 20) again.push(performance.now() - t);
        }
        const plan = (await client.query({ text: `EXPLAIN (ANALYZE, TIMING OFF) ${text}`, values: e.params, rowMode: 'array' })).rows.map((r) => String(r[0]));
        console.log(plan.map((l) => `    ${l}`).join('\n'));
        console.log(`  ${e.ms.length}× in the lookup: reader p50 ${fmt(p50(e.ms))} | alone: reader p50 ${fmt(p50(again))}, node-postgres (prepared) p50 ${fmt(p50(direct))} | ${text.slice(0, 150)}`);
      }
      // The hop: SELECT 1 through the synchronous reader (worker thread) and straight.
      const hop: number[] = [];
      const direct: number[] = [];
      for (let i = 0; i < 500; i++) {
        let t = performance.now();
        reader.query('SELECT 1');
        const a = performance.now() - t;
        t = performance.now();
        await client.query('SELECT 1');
        const b = performance.now() - t;
        if (i >= 50) {
          hop.push(a);
          direct.push(b);
        }
      }
      reader.close();
      console.log(`\nSELECT 1: synchronous reader p50 ${fmt(p50(hop))}, node-postgres p50 ${fmt(p50(direct))}`);
      const g = await gin.measure(tokens, 200, 20);
      const floor = g.exec.p50 + g.ping.p50;
      console.log(`GIN @>: execution p50 ${fmt(g.exec.p50)}, round trip p50 ${fmt(g.roundTrip.p50)}, SELECT 1 p50 ${fmt(g.ping.p50)}; floor ${fmt(floor)}`);
      console.log(`lookup p50 / floor: ${(p50(wall) / floor).toFixed(2)}×`);
      await gin.close();
      console.log(`load average at the end ${load()}`);
    } finally {
      await client.end();
      await db.close();
    }
  } finally {
    server.stop();
  }
}

await main();
