/**
 * A query node of the PostgreSQL benchmark's two-node run, in a child process of its own: opens
 * the PostgreSQL store at `settings.url` (which re-creates the token index from its saved
 * definition: in this step indexes are built in each node's memory from a scan of PostgreSQL),
 * warms up, says `ready` (open time, memory, plan), waits for `go`, then runs the CONTAINS_TOKEN
 * lookup in a closed loop (one statement at a time, the next token each time) for
 * `settings.durationMs` and sends its `result` (statements done, latencies, CPU).
 */
import { Database } from '../../src/index.js';
import { heard, runChild, settings, tell } from './child.js';
import { latency, type Latency } from './gin-floor.js';
import { lookup, LOOKUPS, memory, planSummary, stopwatch, type Memory } from './workload.js';

export interface QueryNodeSettings {
  label: string;
  url: string;
  tokens: string[];
  /** Where this node starts in `tokens` (the nodes do not ask the same token at once). */
  offset: number;
  durationMs: number;
  warmup: number;
}

export interface QueryNodeReady {
  type: 'ready';
  openMs: number;
  memory: Memory;
  scans: string[];
  fetch: boolean;
}

export interface QueryNodeResult {
  type: 'result';
  statements: number;
  wallMs: number;
  cpuMs: number;
  latency: Latency;
}

runChild(async () => {
  const s = settings<QueryNodeSettings>();
  const l = LOOKUPS[0]!;
  const open = stopwatch(undefined);
  const db = await Database.open({ store: s.url });
  try {
    const openMs = open().wall;
    for (let i = 0; i < s.warmup; i++) await lookup(db, l, s.tokens[(s.offset + i) % s.tokens.length]!);
    const plan = planSummary(await db.explain(l.explained));
    const go = heard('go'); // listening before saying ready: the parent may answer at once
    await tell({ type: 'ready', openMs, memory: memory(), ...plan } satisfies QueryNodeReady);
    await go;
    const ms: number[] = [];
    const w = stopwatch(undefined);
    const end = performance.now() + s.durationMs;
    for (let i = 0; performance.now() < end; i++) {
      const t = performance.now();
      await lookup(db, l, s.tokens[(s.offset + i) % s.tokens.length]!);
      ms.push(performance.now() - t);
    }
    const r = w();
    await tell({ type: 'result', statements: ms.length, wallMs: r.wall, cpuMs: r.cpu, latency: latency(ms) } satisfies QueryNodeResult);
  } finally {
    await db.close();
  }
});
