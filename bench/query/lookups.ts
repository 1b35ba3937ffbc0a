/**
 * Token lookup latency of the query benchmark: each statement is checked with EXPLAIN, warmed
 * up, then timed with a different search token per run from a fixed list. The statements run
 * interleaved (round after round, every statement in every round) so that background load on a
 * shared machine affects them alike, and the rows of each are compared with the full scan's.
 */
import type { Database, Value } from '../../src/index.js';
import type { RareToken } from './datasets.js';
import { nowMs, percentile } from './measure.js';

/** One measured statement; `$t` is the search token. */
export interface LookupQuery {
  label: string;
  statement: string;
  /** `index`: expected to run on an IndexScan3; `scan`: the full-scan reference (PrimaryScan3). */
  role: 'index' | 'scan';
}

export interface LookupResult {
  query: LookupQuery;
  /** The scan operators of the plan, e.g. `IndexScan3 ix_name_tokens`. */
  scans: string[];
  /** The plan is what the role expects. */
  planOk: boolean;
  iterations: number;
  p50: number;
  p99: number;
  /** Mean rows per run. */
  rows: number;
  /** Tokens whose rows differ from the full scan's (empty when they all agree). */
  differs: string[];
  /** Tokens compared with the full scan. */
  compared: number;
}

export interface LookupSettings {
  /** Timed runs of a statement whose plan uses an index. */
  indexedRuns: number;
  /** Timed runs of a full scan (and of an "index" statement whose plan does not use the index). */
  scanRuns: number;
  /** Untimed runs of an indexed statement before timing (a full scan gets one). */
  warmup: number;
}

/** `"<operator> <index>"` for every scan operator (`…Scan…`) in a plan, in plan order. */
export function scanOperators(plan: Value): string[] {
  const out: string[] = [];
  const walk = (v: Value): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === 'object') {
      const op = v['#operator'];
      if (typeof op === 'string' && op.includes('Scan')) out.push(typeof v.index === 'string' ? `${op} ${v.index}` : op);
      Object.values(v).forEach(walk);
    }
  };
  walk(plan);
  return out;
}

interface Slot {
  q: LookupQuery;
  scans: string[];
  planOk: boolean;
  runs: number;
  times: number[];
  rows: number;
  next: number;
  /** Sorted META().id lists, by token, from the first run with that token. */
  ids: Map<string, string>;
}

async function runOnce(db: Database, s: Slot, tokens: readonly RareToken[], timed: boolean): Promise<void> {
  const t = tokens[s.next++ % tokens.length].token;
  const t0 = nowMs();
  const { results } = await db.query(s.q.statement, { params: { t } });
  const ms = nowMs() - t0;
  if (!timed) return;
  s.times.push(ms);
  s.rows += results.length;
  if (!s.ids.has(t)) s.ids.set(t, results.map((r) => String((r as { id: Value }).id)).sort().join('\n'));
}

/** Measures the statements; the last `scan` statement is the reference for rows and ratios. */
export async function measureLookups(
  db: Database,
  queries: readonly LookupQuery[],
  tokens: readonly RareToken[],
  settings: LookupSettings,
): Promise<LookupResult[]> {
  const slots: Slot[] = [];
  for (const q of queries) {
    const scans = scanOperators(await db.explain(q.statement, { params: { t: tokens[0].token } }));
    const usesIndex = scans.some((s) => s.startsWith('IndexScan3'));
    const planOk = q.role === 'index' ? usesIndex : !usesIndex && scans.some((s) => s.startsWith('PrimaryScan3'));
    const runs = q.role === 'index' && usesIndex ? settings.indexedRuns : settings.scanRuns;
    slots.push({ q, scans, planOk, runs, times: [], rows: 0, next: 0, ids: new Map() });
  }
  for (const s of slots) {
    const n = s.runs === settings.indexedRuns ? settings.warmup : 1;
    for (let i = 0; i < n; i++) await runOnce(db, s, tokens, false);
  }
  const rounds = Math.min(...slots.map((s) => s.runs));
  for (let r = 0; r < rounds; r++) {
    for (const s of slots) {
      // Spread a statement's runs evenly over the rounds.
      const quota = Math.floor(((r + 1) * s.runs) / rounds) - Math.floor((r * s.runs) / rounds);
      for (let i = 0; i < quota; i++) await runOnce(db, s, tokens, true);
    }
  }
  const ref = [...slots].reverse().find((s) => s.q.role === 'scan');
  return slots.map((s) => {
    const differs: string[] = [];
    let compared = 0;
    if (ref && ref !== s) {
      for (const [t, ids] of s.ids) {
        const want = ref.ids.get(t);
        if (want === undefined) continue;
        compared++;
        if (want !== ids) differs.push(t);
      }
    }
    return {
      query: s.q,
      scans: s.scans,
      planOk: s.planOk,
      iterations: s.times.length,
      p50: percentile(s.times, 50),
      p99: percentile(s.times, 99),
      rows: s.rows / s.times.length,
      differs,
      compared,
    };
  });
}
