/**
 * PostgreSQL store benchmark (issue 25; docs/postgres.md "Benchmark"): the memory store beside
 * the PostgreSQL store beside PostgreSQL's own GIN lookup, on the query benchmark's generated
 * travel-like corpus (src/demo/generate-travel-like.ts), in one run:
 *
 * - load: `db.load` of the same documents into each store (documents/s; target ≥ 50,000/s on the
 *   PostgreSQL store);
 * - the token index build `CREATE INDEX … (DISTINCT ARRAY v FOR v IN TOKENS(name) END)`, beside
 *   PostgreSQL's own GIN index build on the same tokens;
 * - indexed token lookups by rare tokens, `CONTAINS_TOKEN(name, $t)` and `ANY v IN TOKENS(name)
 *   SATISFIES v = $t END` (p50/p99), beside PostgreSQL's GIN lookup `tokens @> ARRAY[$t]` on a
 *   table of the same documents' keys and tokens (server execution time, client round trip, and a
 *   `SELECT 1` round trip); target: the PostgreSQL store's p50 ≤ 2× (GIN execution + one round trip);
 * - two full scans: a COUNT with CONTAINS_TOKEN and a GROUP BY country COUNT (answers compared);
 * - query nodes: 1, then 2 processes, each its own Database on the same PostgreSQL database,
 *   running the lookup in a closed loop at once (target: 2 nodes ≥ 1.6× the throughput of 1);
 * - the memory (RSS, heapUsed) of each store's tokenql process.
 *
 * Each store runs in a child process of its own (bench/postgres/store-run.ts), one after the
 * other, so that its memory is its own; the query nodes are child processes too
 * (bench/postgres/query-node.ts). PostgreSQL 15 is a private cluster started by the benchmark
 * (bench/support/postgres.ts: no parallel workers, 256 MB shared buffers, default durability);
 * without PostgreSQL only the memory store runs. Wall time and this process's CPU time are given
 * side by side, with the PostgreSQL server's CPU time (its processes, from /proc) where it works.
 *
 *   npm run bench:postgres                        (1,000,000 documents)
 *   TOKENQL_BENCH_DOCS=50000 npm run bench:postgres    a quick run
 *   TOKENQL_BENCH_SEED  TOKENQL_BENCH_ITERS (lookups, default 200)  TOKENQL_BENCH_SCANS (full-scan
 *   runs, default 3)  TOKENQL_BENCH_BUILD_ROUNDS (default 3)  TOKENQL_BENCH_NODE_SECONDS (default 10)
 *   TOKENQL_BENCH_MEMORY=0 (no memory-store run: for a corpus it cannot hold, e.g. 10,000,000)
 */
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { generateTravelLikeDocuments } from '../src/demo/generate-travel-like.js';
import { Child } from './postgres/child.js';
import { nameTokens, rarestTokens, tokenWithShare } from './postgres/corpus.js';
import { GIN_BATCH, GinFloor } from './postgres/gin-floor.js';
import type { QueryNodeReady, QueryNodeResult, QueryNodeSettings } from './postgres/query-node.js';
import { printBuilds, printLoad, printLookups, printMemory, printNodes, printScans, verdicts, type GinFigures, type NodesRun } from './postgres/report.js';
import type { StoreRunResult, StoreRunSettings } from './postgres/store-run.js';
import { stopwatch } from './postgres/workload.js';
import { fmtInt } from './query/measure.js';
import { startPostgres, type Pg } from './support/postgres.js';

const envInt = (name: string, dflt: number): number => {
  const n = Number(process.env[name] ?? dflt);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer`);
  return n;
};
const DOCS = envInt('TOKENQL_BENCH_DOCS', 1_000_000);
const SEED = envInt('TOKENQL_BENCH_SEED', 42);
const ITERS = envInt('TOKENQL_BENCH_ITERS', 200);
const SCANS = envInt('TOKENQL_BENCH_SCANS', 3);
const BUILD_ROUNDS = envInt('TOKENQL_BENCH_BUILD_ROUNDS', 3);
const NODE_SECONDS = envInt('TOKENQL_BENCH_NODE_SECONDS', 10);
/** `TOKENQL_BENCH_MEMORY=0` leaves the memory store out: a corpus it cannot hold (10M documents). */
const MEMORY_STORE = process.env.TOKENQL_BENCH_MEMORY !== '0';
const WARMUP = 20;
const RARE_TOKENS = 16;
/** The share of the documents whose name has the full scans' search token. */
const SCAN_SHARE = 0.01;

const log = (s: string): void => console.error(`… ${s}`);
const load = (): string => loadavg().map((x) => x.toFixed(2)).join(' ');

/** One pass over the corpus: the GIN table (keys and name tokens), and each token's document count. */
async function corpusPass(gin: GinFloor | undefined): Promise<{ docFreq: Map<string, number>; insertMs: number }> {
  const docFreq = new Map<string, number>();
  let keys: string[] = [];
  let toks: string[][] = [];
  let insertMs = 0;
  const flush = async (): Promise<void> => {
    if (gin && keys.length) {
      const t = performance.now();
      await gin.insert(keys, toks);
      insertMs += performance.now() - t;
    }
    keys = [];
    toks = [];
  };
  for (const d of generateTravelLikeDocuments(DOCS, SEED)) {
    const t = nameTokens(d.value);
    for (const x of t) docFreq.set(x, (docFreq.get(x) ?? 0) + 1);
    keys.push(d.key);
    toks.push(t);
    if (keys.length === GIN_BATCH) await flush();
  }
  await flush();
  return { docFreq, insertMs };
}

async function storeRun(s: StoreRunSettings): Promise<StoreRunResult> {
  const child = new Child('store-run.ts', s, log);
  const r = await child.next<StoreRunResult>('result');
  await child.exited();
  return r;
}

/** Runs `n` query nodes at once for NODE_SECONDS and collects their figures. */
async function nodes(n: number, url: string, tokens: string[], dataDir: string): Promise<NodesRun> {
  const children = Array.from({ length: n }, (_, i) => {
    const s: QueryNodeSettings = { label: `node ${i + 1}`, url, tokens, offset: Math.floor((i * tokens.length) / n), durationMs: NODE_SECONDS * 1000, warmup: WARMUP };
    return new Child('query-node.ts', s, log);
  });
  try {
    const ready = await Promise.all(children.map((c) => c.next<QueryNodeReady>('ready')));
    log(`${n} node(s) ready (load average ${load()}); running ${NODE_SECONDS} s`);
    const w = stopwatch(dataDir);
    for (const c of children) c.send({ type: 'go' });
    const results = await Promise.all(children.map((c) => c.next<QueryNodeResult>('result')));
    const serverMs = w().server;
    return { ready, results, serverMs };
  } finally {
    await Promise.all(children.map((c) => c.exited()));
  }
}

async function main(): Promise<void> {
  console.log(
    `PostgreSQL store benchmark: ${fmtInt(DOCS)} generated docs (TOKENQL_BENCH_DOCS), seed ${SEED}; lookups ${ITERS} runs (+${WARMUP}); ` +
      `full scans ${SCANS} runs; builds ${BUILD_ROUNDS}; query nodes ${NODE_SECONDS} s; node ${process.version}; ${availableParallelism()} cores; load average ${load()}`,
  );
  const pg: Pg | undefined = await startPostgres().catch((e: unknown) => {
    log(`PostgreSQL: could not start (${(e as Error).message.split('\n')[0]})`);
    return undefined;
  });
  try {
    let url: string | undefined;
    let gin: GinFloor | undefined;
    const dataDir = pg ? path.join(pg.host, 'data') : undefined;
    if (pg) {
      pg.sql('CREATE DATABASE tokenql_bench');
      pg.sql('CREATE DATABASE gin_floor');
      url = `postgres://postgres@127.0.0.1:${pg.port}/tokenql_bench`;
      gin = await GinFloor.open(`postgres://postgres@127.0.0.1:${pg.port}/gin_floor`);
    } else console.log('PostgreSQL is NOT installed: the memory store alone');

    log(`generating the corpus, counting tokens${gin ? ' and filling the GIN table' : ''}`);
    const { docFreq, insertMs } = await corpusPass(gin);
    const ginBuild = gin ? await (async () => {
      const w = stopwatch(dataDir);
      await gin.buildIndex();
      return w();
    })() : undefined;
    const rare = rarestTokens(docFreq, RARE_TOKENS);
    const scanToken = tokenWithShare(docFreq, DOCS, SCAN_SHARE);
    const counts = rare.map((t) => t.docs);
    const tokenNote = `${rare.length} rare tokens of name in ${Math.min(...counts)}–${Math.max(...counts)} docs each (${rare.slice(0, 4).map((t) => t.token).join(', ')}, …)`;
    const common = { docs: DOCS, seed: SEED, tokens: rare.map((t) => t.token), scanToken: scanToken.token, buildRounds: BUILD_ROUNDS, scanRuns: SCANS, scanWarmup: DOCS < 500_000, iters: ITERS, warmup: WARMUP };

    const runs: StoreRunResult[] = [];
    if (MEMORY_STORE) {
      log(`memory store (load average ${load()})`);
      runs.push(await storeRun({ label: 'memory', ...common }));
    }
    let figures: GinFigures | undefined;
    let nodeRuns: NodesRun[] | undefined;
    if (url && gin && dataDir) {
      log(`PostgreSQL store (load average ${load()})`);
      runs.push(await storeRun({ label: 'PostgreSQL', store: url, dataDir, ...common }));
      log(`PostgreSQL GIN lookups (load average ${load()})`);
      const m = await gin.measure(common.tokens, ITERS, WARMUP);
      const keys: Record<string, string> = {};
      for (const t of common.tokens) keys[t] = await gin.keys(t);
      figures = { plan: await gin.plan(common.tokens[0]!), insertMs, build: ginBuild!, ...m, keys };
      await gin.close();
      nodeRuns = [];
      for (const n of [1, 2]) {
        log(`${n} query node(s) (load average ${load()})`);
        nodeRuns.push(await nodes(n, url, common.tokens, dataDir));
      }
    }

    console.log(`\ncorpus: ${fmtInt(DOCS)} docs; full-scan token '${scanToken.token}' in ${fmtInt(scanToken.docs)} names; ${tokenNote}` + (figures ? `; GIN table filled in ${fmtInt(figures.insertMs)} ms` : ''));
    printLoad(runs);
    printBuilds(runs, figures, DOCS);
    printLookups(runs, figures, tokenNote);
    const differs = printScans(runs);
    if (nodeRuns) printNodes(nodeRuns, NODE_SECONDS);
    printMemory(runs);

    // The lookups' answers: every store's, and PostgreSQL's GIN, must be the same documents.
    for (const r of runs) {
      for (const l of r.lookups) {
        for (const [t, ids] of Object.entries(l.ids)) {
          if (ids !== runs[0]!.lookups[0]!.ids[t]) differs.push(`${r.label} ${l.label} '${t}': other rows than the ${runs[0]!.label} store's CONTAINS_TOKEN`);
          if (figures && figures.keys[t] !== ids) differs.push(`${r.label} ${l.label} '${t}': other rows than PostgreSQL's GIN lookup`);
        }
      }
    }
    console.log(`\nload average at the end: ${load()}`);
    console.log('\ntargets:');
    for (const v of verdicts(runs, figures, nodeRuns)) console.log('  ' + v);
    console.log(`  same answers on every store (and PostgreSQL's GIN lookup): ${differs.length === 0 ? 'PASS' : 'FAIL'}`);
    for (const d of differs.slice(0, 10)) console.log('    ' + d);
  } finally {
    pg?.stop();
  }
}

await main();
