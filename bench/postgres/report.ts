/**
 * The tables of the PostgreSQL benchmark (bench/postgres.bench.ts): every figure of one run, the
 * memory store beside the PostgreSQL store beside PostgreSQL's own GIN lookup, with ratios, and
 * the verdicts on the targets.
 */
import { fmtInt, fmtMB, fmtMs, fmtRatio, percentile, printTable } from '../query/measure.js';
import type { Latency } from './gin-floor.js';
import type { QueryNodeReady, QueryNodeResult } from './query-node.js';
import type { StoreRunResult } from './store-run.js';
import type { Memory, Reading } from './workload.js';

/** PostgreSQL's own figures: the GIN table's load and index build, and its lookups. */
export interface GinFigures {
  plan: string;
  insertMs: number;
  build: Reading;
  roundTrip: Latency;
  exec: Latency;
  ping: Latency;
  /** The sorted keys of each token's documents. */
  keys: Record<string, string>;
}

/** One run of the query nodes: their ready and result messages, the PostgreSQL CPU over the window. */
export interface NodesRun {
  ready: QueryNodeReady[];
  results: QueryNodeResult[];
  serverMs: number;
}

export const LOAD_TARGET = 50_000;
export const LOOKUP_TARGET = 2;
export const NODES_TARGET = 1.6;

const med = (xs: readonly number[]): number => percentile(xs, 50);
const spread = (xs: readonly number[]): string => `${fmtMs(Math.min(...xs))} / ${fmtMs(med(xs))} / ${fmtMs(Math.max(...xs))}`;
const mb = (m: Memory): string => `${fmtMB(m.rss)} / ${fmtMB(m.heapUsed)}`;
/** The memory store's run, when the benchmark ran it (not at sizes it cannot hold: TOKENQL_BENCH_MEMORY=0). */
const memoryRun = (runs: readonly StoreRunResult[]): StoreRunResult | undefined => runs.find((r) => r.label === 'memory');
/** `x / base` as a ratio, or '—' without a memory-store run to compare with. */
const vs = (x: number, base: number | undefined): string => (base === undefined ? '—' : fmtRatio(x / base));

export function printLoad(runs: StoreRunResult[]): void {
  const mem = memoryRun(runs);
  console.log('\nload (db.load of the generated documents, one run per store; the generator\'s own time left out; PostgreSQL CPU = the server\'s processes)');
  printTable(
    ['store', 'docs', 'wall ms', 'docs/s', 'tokenql CPU ms', 'docs/s of CPU', 'PostgreSQL CPU ms', 'wall vs memory', 'RSS / heapUsed MB after load'],
    runs.map((r) => [
      r.label, fmtInt(r.loaded), fmtMs(r.load.wall), fmtInt(r.loaded / (r.load.wall / 1000)), fmtMs(r.load.cpu),
      fmtInt(r.loaded / (r.load.cpu / 1000)), r === mem ? '—' : fmtMs(r.load.server), vs(r.load.wall, mem?.load.wall), mb(r.memoryLoaded),
    ]),
    [false, true, true, true, true, true, true, true, true],
  );
}

export function printBuilds(runs: StoreRunResult[], gin: GinFigures | undefined, docs: number): void {
  const mem = memoryRun(runs);
  const memMed = mem && med(mem.builds.map((b) => b.wall));
  console.log(
    `\ntoken index build (CREATE INDEX ix_name_tokens ON corpus(DISTINCT ARRAY v FOR v IN TOKENS(name) END); dropped between rounds; ` +
      `on the PostgreSQL store the build writes the index entries as rows of tokenql_index_entries; ` +
      `PostgreSQL GIN = its own CREATE INDEX … USING gin (tokens) on gin_docs, one run)`,
  );
  const rows = runs.map((r) => {
    const w = r.builds.map((b) => b.wall);
    return [r.label, String(w.length), spread(w), fmtMs(med(r.builds.map((b) => b.cpu))), r === mem ? '—' : fmtMs(med(r.builds.map((b) => b.server))), fmtInt(docs / (med(w) / 1000)), vs(med(w), memMed)];
  });
  if (gin) rows.push(['PostgreSQL GIN', '1', fmtMs(gin.build.wall), '—', fmtMs(gin.build.server), fmtInt(docs / (gin.build.wall / 1000)), vs(gin.build.wall, memMed)]);
  printTable(['build', 'runs', 'wall min / med / max ms', 'tokenql CPU med ms', 'PostgreSQL CPU med ms', 'docs/s', 'wall vs memory'], rows, [false, true, true, true, true, true, true]);
}

/** The floor of an indexed lookup: PostgreSQL's GIN execution time plus one round trip (`SELECT 1`), p50s. */
export const floorOf = (gin: GinFigures): number => gin.exec.p50 + gin.ping.p50;

export function printLookups(runs: StoreRunResult[], gin: GinFigures | undefined, tokenNote: string): void {
  console.log(
    `\nindexed token lookup (${tokenNote}; the statements interleaved, a different token each run; ms; floor = PostgreSQL GIN execution p50 + SELECT 1 round trip p50` +
      (gin ? ` = ${fmtMs(floorOf(gin))}` : '') +
      `; on the PostgreSQL store IndexScan3 reads the index entries in PostgreSQL, then Fetch reads the documents from PostgreSQL)`,
  );
  const fl = gin ? floorOf(gin) : undefined;
  const rows: string[][] = [];
  for (const r of runs) {
    for (const l of r.lookups) {
      rows.push([
        r.label, l.label, l.scans.join(' + ') + (l.fetch ? ' + Fetch' : '') || '—', String(l.wall.runs), (l.wall.rows ?? 0).toFixed(1), fmtMs(l.wall.p50), fmtMs(l.wall.p99),
        fmtMs(l.cpuP50), r.label === 'memory' || l.serverPerQuery == null ? '—' : fmtMs(l.serverPerQuery), fl ? fmtRatio(l.wall.p50 / fl) : '—',
      ]);
    }
  }
  if (gin) {
    const row = (what: string, plan: string, l: Latency): string[] => [
      'PostgreSQL', what, plan, String(l.runs), l.rows === undefined ? '—' : l.rows.toFixed(1), fmtMs(l.p50), fmtMs(l.p99), '—', '—', fmtRatio(l.p50 / fl!),
    ];
    rows.push(row('GIN @> client round trip (pg)', gin.plan, gin.roundTrip));
    rows.push(row('GIN @> server execution', 'EXPLAIN ANALYZE Execution Time', gin.exec));
    rows.push(row('SELECT 1 round trip (pg)', '—', gin.ping));
  }
  printTable(
    ['store', 'statement', 'plan', 'runs', 'rows/run', 'p50', 'p99', 'tokenql CPU p50', 'PostgreSQL CPU/lookup', 'p50 / floor'],
    rows,
    [false, false, false, true, true, true, true, true, true, true],
  );
}

export function printScans(runs: StoreRunResult[]): string[] {
  const mem = memoryRun(runs);
  const first = mem ?? runs[0]!;
  const differs: string[] = [];
  console.log('\nfull scans (no secondary index; ms)');
  const rows: string[][] = [];
  first.scans.forEach((m, i) => {
    for (const r of runs) {
      const s = r.scans[i]!;
      const wall = med(s.runs.map((x) => x.wall));
      const cpu = med(s.runs.map((x) => x.cpu));
      const same = r === first ? '(reference)' : s.answer === m.answer ? 'yes' : 'NO';
      if (same === 'NO') differs.push(`${s.label}: ${r.label} answers ${s.answer.slice(0, 120)}, ${first.label} ${m.answer.slice(0, 120)}`);
      const memRuns = mem?.scans[i]!.runs;
      rows.push([
        m.label, r.label, s.scans.join(' + '), String(s.runs.length), spread(s.runs.map((x) => x.wall)), fmtMs(cpu), r === mem ? '—' : fmtMs(med(s.runs.map((x) => x.server))),
        vs(wall, memRuns && med(memRuns.map((x) => x.wall))), vs(cpu, memRuns && med(memRuns.map((x) => x.cpu))), same,
      ]);
    }
  });
  printTable(
    ['statement', 'store', 'plan', 'runs', 'wall min / med / max', 'tokenql CPU med', 'PostgreSQL CPU med', 'wall vs memory', 'CPU vs memory', 'same answer'],
    rows,
    [false, false, false, true, true, true, true, true, true, false],
  );
  return differs;
}

/** Total statements per second of a run of nodes (each node's count over its own window). */
export const throughput = (n: NodesRun): number => n.results.reduce((a, r) => a + r.statements / (r.wallMs / 1000), 0);

export function printNodes(runs: NodesRun[], seconds: number): void {
  const one = throughput(runs[0]!);
  console.log(
    `\nquery nodes (child processes, each its own Database on the same PostgreSQL database, whose token index is the rows in PostgreSQL (nothing rebuilt on open); ` +
      `CONTAINS_TOKEN lookups in a closed loop for ${seconds} s, started together)`,
  );
  printTable(
    ['nodes', 'statements', 'statements/s', 'per node/s', 'p50 ms', 'p99 ms', 'tokenql CPU/stmt ms', 'PostgreSQL CPU/stmt ms', 'vs 1 node', 'CPU/stmt vs 1 node', 'open ms per node', 'RSS / heapUsed MB per node'],
    runs.map((n) => {
      const cpuPerStmt = (x: NodesRun): number => x.results.reduce((a, r) => a + r.cpuMs, 0) / x.results.reduce((a, r) => a + r.statements, 0);
      return [
        String(n.results.length), fmtInt(n.results.reduce((a, r) => a + r.statements, 0)), fmtInt(throughput(n)), n.results.map((r) => fmtInt(r.statements / (r.wallMs / 1000))).join(', '),
        n.results.map((r) => fmtMs(r.latency.p50)).join(', '), n.results.map((r) => fmtMs(r.latency.p99)).join(', '),
        fmtMs(cpuPerStmt(n)), fmtMs(n.serverMs / n.results.reduce((a, r) => a + r.statements, 0)), fmtRatio(throughput(n) / one), fmtRatio(cpuPerStmt(n) / cpuPerStmt(runs[0]!)),
        n.ready.map((r) => fmtInt(r.openMs)).join(', '), n.ready.map((r) => mb(r.memory)).join('; '),
      ];
    }),
    [true, true, true, true, true, true, true, true, true, true, true, false],
  );
}

export function printMemory(runs: StoreRunResult[]): void {
  console.log('\nmemory of the tokenql process (RSS / heapUsed MB, after a full GC)');
  printTable(
    ['store', 'opened, empty', 'after load', 'after the token index'],
    runs.map((r) => [r.label, mb(r.memoryOpen), mb(r.memoryLoaded), mb(r.memoryIndexed)]),
    [false, true, true, true],
  );
}

/** The verdicts on the targets. */
export function verdicts(runs: StoreRunResult[], gin: GinFigures | undefined, nodes: NodesRun[] | undefined): string[] {
  const out: string[] = [];
  const pg = runs.find((r) => r.label !== 'memory');
  if (!pg) return ['PostgreSQL store: SKIP (PostgreSQL is not installed)'];
  const rate = pg.loaded / (pg.load.wall / 1000);
  out.push(`load ≥ ${fmtInt(LOAD_TARGET)} documents/s on the PostgreSQL store: ${fmtInt(rate)} ${rate >= LOAD_TARGET ? 'PASS' : 'FAIL'}`);
  if (gin) {
    for (const l of pg.lookups.filter((x) => x.scans.length > 0)) {
      const r = l.wall.p50 / floorOf(gin);
      out.push(`${l.label} p50 ≤ ${LOOKUP_TARGET}× (GIN execution + one round trip): ${fmtMs(l.wall.p50)} ms = ${fmtRatio(r)} ${r <= LOOKUP_TARGET ? 'PASS' : 'FAIL'}`);
    }
  }
  if (nodes && nodes.length === 2) {
    const r = throughput(nodes[1]!) / throughput(nodes[0]!);
    out.push(`2 query nodes ≥ ${NODES_TARGET}× the throughput of 1: ${fmtRatio(r)} ${r >= NODES_TARGET ? 'PASS' : 'FAIL'}`);
  }
  return out;
}
