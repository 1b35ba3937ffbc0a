/**
 * One store's run of the PostgreSQL benchmark, in a child process of its own (so that its memory
 * is that store's alone): opens the memory store or the PostgreSQL store (`settings.store`, a
 * URL), loads the generated corpus with `db.load` (documents generated as they are loaded; the
 * generator's time is left out), reads its memory, runs the full scans (no secondary index yet),
 * builds the token index `rounds` times (dropped between rounds, the last kept), and times the
 * indexed lookups. On the PostgreSQL store the documents and the index definition stay in the
 * database for the query nodes (query-node.ts). Sends one `result` message (StoreRunResult).
 */
import { Database, type ObjectValue, type Value } from '../../src/index.js';
import { generateTravelLikeDocuments } from '../../src/demo/generate-travel-like.js';
import { progress, runChild, settings, tell } from './child.js';
import { latency, type Latency } from './gin-floor.js';
import { CREATE_INDEX, DROP_INDEX, fullScans, idsOf, KEYSPACE, lookup, LOOKUPS, memory, planSummary, stopwatch, type Memory, type Reading } from './workload.js';
import { percentile } from '../query/measure.js';

export interface StoreRunSettings {
  label: string;
  /** A postgres:// URL, or undefined for the memory store. */
  store?: string;
  /** The PostgreSQL data directory (server CPU), with `store`. */
  dataDir?: string;
  docs: number;
  seed: number;
  /** Search tokens of the lookups (rare), cycled. */
  tokens: string[];
  /** The full scans' search token. */
  scanToken: string;
  buildRounds: number;
  scanRuns: number;
  /** An untimed run of each full scan first. */
  scanWarmup: boolean;
  iters: number;
  warmup: number;
}

export interface ScanResult {
  label: string;
  scans: string[];
  runs: Reading[];
  /** The answer, as JSON text (compared across stores). */
  answer: string;
}

export interface LookupResult {
  label: string;
  scans: string[];
  fetch: boolean;
  wall: Latency;
  /** This process's CPU per lookup, ms (p50). */
  cpuP50: number;
  /** PostgreSQL server CPU over all timed lookups (every statement's: they run interleaved) / their number, ms (not for db.get). */
  serverPerQuery?: number;
  /** The sorted ids of each token's rows. */
  ids: Record<string, string>;
}

export interface StoreRunResult {
  type: 'result';
  label: string;
  loaded: number;
  load: Reading;
  generateMs: number;
  openMs: number;
  memoryOpen: Memory;
  memoryLoaded: Memory;
  memoryIndexed: Memory;
  scans: ScanResult[];
  builds: Reading[];
  lookups: LookupResult[];
}

runChild(async () => {
  const s = settings<StoreRunSettings>();
  let watch = stopwatch(s.dataDir);
  const db = await Database.open(s.store ? { store: s.store } : {});
  const openMs = watch().wall;
  try {
    const memoryOpen = memory();
    progress(`${s.label}: loading ${s.docs.toLocaleString('en-US')} documents`);
    const gen = generateTravelLikeDocuments(s.docs, s.seed);
    let generate = { wall: 0, cpu: 0 };
    function* values(): Generator<Value> {
      for (;;) {
        const t = performance.now();
        const c = process.cpuUsage();
        const next = gen.next();
        const dc = process.cpuUsage(c);
        generate = { wall: generate.wall + performance.now() - t, cpu: generate.cpu + (dc.user + dc.system) / 1000 };
        if (next.done) return;
        yield next.value.value;
      }
    }
    watch = stopwatch(s.dataDir);
    const report = await db.load(KEYSPACE, values(), { key: (d: Value) => `${(d as ObjectValue).type as string}_${(d as ObjectValue).id as number}` });
    const total = watch();
    if (report.failures.length > 0) throw new Error(`${report.failures.length} documents failed to load, e.g. ${report.failures[0]!.message}`);
    const load = { wall: total.wall - generate.wall, cpu: total.cpu - generate.cpu, server: total.server };
    const memoryLoaded = memory();
    progress(`${s.label}: loaded in ${Math.round(load.wall)} ms; full scans`);

    const scans: ScanResult[] = [];
    for (const f of fullScans(s.scanToken)) {
      const { scans: ops } = planSummary(await db.explain(f.statement));
      let answer = s.scanWarmup ? JSON.stringify((await db.query(f.statement)).results) : '';
      const runs: Reading[] = [];
      for (let i = 0; i < s.scanRuns; i++) {
        const w = stopwatch(s.dataDir);
        answer = JSON.stringify((await db.query(f.statement)).results);
        runs.push(w());
      }
      scans.push({ label: f.label, scans: ops, runs, answer });
    }

    progress(`${s.label}: building the token index (${s.buildRounds} rounds)`);
    const builds: Reading[] = [];
    for (let r = 0; r < s.buildRounds; r++) {
      if (r > 0) await db.query(DROP_INDEX);
      const w = stopwatch(s.dataDir);
      await db.query(CREATE_INDEX);
      builds.push(w());
    }
    const memoryIndexed = memory();

    progress(`${s.label}: lookups (${s.warmup} warm-up + ${s.iters} runs of each)`);
    const slots = LOOKUPS.map((l) => ({ l, wall: [] as number[], cpu: [] as number[], rows: 0, ids: {} as Record<string, string> }));
    for (const l of LOOKUPS) if (l.prepare) await db.query(l.prepare);
    const plans = await Promise.all(LOOKUPS.map(async (l) => planSummary(await db.explain(l.explained))));
    let server = stopwatch(s.dataDir);
    for (let i = 0; i < s.warmup + s.iters; i++) {
      if (i === s.warmup) server = stopwatch(s.dataDir);
      const token = s.tokens[i % s.tokens.length]!;
      for (const slot of slots) {
        const w = stopwatch(undefined);
        const rows = await lookup(db, slot.l, token);
        const r = w();
        if (i < s.warmup) continue;
        slot.wall.push(r.wall);
        slot.cpu.push(r.cpu);
        slot.rows += rows.length;
        if (!(token in slot.ids)) slot.ids[token] = idsOf(rows);
      }
    }
    const serverPerQuery = server().server / (s.iters * slots.length);
    const lookups: LookupResult[] = slots.map((x, i) => ({
      label: x.l.label,
      scans: plans[i]!.scans,
      fetch: plans[i]!.fetch,
      wall: latency(x.wall, x.rows / x.wall.length),
      cpuP50: percentile(x.cpu, 50),
      serverPerQuery,
      ids: x.ids,
    }));
    // The store's own read of the same documents, without a statement: what a Fetch of one key costs.
    const keys = [...new Set(Object.values(slots[0]!.ids).flatMap((x) => x.split('\n')))].filter((k) => k !== '');
    const gets: number[] = [];
    const getCpu: number[] = [];
    for (let i = 0; i < s.warmup + s.iters && keys.length > 0; i++) {
      const w = stopwatch(undefined);
      if (db.get(KEYSPACE, keys[i % keys.length]!) === undefined) throw new Error(`no document ${keys[i % keys.length]!}`);
      const r = w();
      if (i < s.warmup) continue;
      gets.push(r.wall);
      getCpu.push(r.cpu);
    }
    if (gets.length) lookups.push({ label: 'db.get(key) of those documents (no statement)', scans: [], fetch: false, wall: latency(gets, 1), cpuP50: percentile(getCpu, 50), ids: {} });
    const result: StoreRunResult = { type: 'result', label: s.label, loaded: report.loaded, load, generateMs: generate.wall, openMs, memoryOpen, memoryLoaded, memoryIndexed, scans, builds, lookups };
    await tell(result);
  } finally {
    await db.close();
  }
});
