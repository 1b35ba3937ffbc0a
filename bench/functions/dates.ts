/**
 * Throughput of the date functions beside their JavaScript baselines, in the same run:
 * - DATE_FORMAT_STR(s, '2006-01-02T15:04:05.000Z07:00') vs `new Date(Date.parse(s)).toISOString()`
 *   (both parse an ISO string and write it back),
 * - STR_TO_MILLIS(s) vs `Date.parse(s)`,
 * - DATE_ADD_STR(s, 1, 'day') vs `new Date(Date.parse(s) + 86400000).toISOString()`.
 * Each is called through the function registry (`callFunction`, as the evaluator does) over `n`
 * ISO strings of random instants (1970–2100, UTC); each measurement is repeated and the median
 * taken. `npx tsx bench/functions/dates.ts [n]` prints the table.
 */
import { callFunction, lookupFunction } from '../../src/eval/functions/registry.js';
import type { FunctionContext } from '../../src/eval/functions/function-def.js';
import type { Value } from '../../src/values/index.js';
import { median, timed, type Timed } from './clock.js';

export interface BenchRow {
  name: string;
  baseline: string;
  /** Median time of the function, ms. */
  ms: number;
  /** Median time of the baseline, ms. */
  baselineMs: number;
  /** Every timed run of the function and of the baseline, wall ms (for min/median/max). */
  runs: number[];
  baselineRuns: number[];
  /** The same runs' CPU time, ms (clock.ts). */
  cpuRuns: number[];
  baselineCpuRuns: number[];
}

const REPEATS = 5;

/** Wall and CPU times of `f` over REPEATS runs (after one warm-up run). */
function time(f: () => unknown): Timed[] {
  f();
  const runs: Timed[] = [];
  for (let r = 0; r < REPEATS; r++) runs.push(timed(f));
  return runs;
}

/** A row from the runs of a function and of its baseline. */
function row(name: string, baseline: string, runs: Timed[], baselineRuns: Timed[]): BenchRow {
  const wall = runs.map((r) => r.wall);
  const baselineWall = baselineRuns.map((r) => r.wall);
  return {
    name,
    baseline,
    ms: median(wall),
    baselineMs: median(baselineWall),
    runs: wall,
    baselineRuns: baselineWall,
    cpuRuns: runs.map((r) => r.cpu),
    baselineCpuRuns: baselineRuns.map((r) => r.cpu),
  };
}

/** Deterministic pseudo-random instants (mulberry32). */
function instants(n: number): number[] {
  let seed = 0x2545f491;
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    let t = (seed += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out.push(Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * 4102444800000));
  }
  return out;
}

/** Runs the three measurements over `n` values; rows give the function and its baseline times. */
export function benchDates(n: number): BenchRow[] {
  const ctx: FunctionContext = { warn: () => {}, now: Date.now() };
  const strs = instants(n).map((t) => new Date(t).toISOString());
  const fmt = lookupFunction('DATE_FORMAT_STR')!;
  const parse = lookupFunction('STR_TO_MILLIS')!;
  const add = lookupFunction('DATE_ADD_STR')!;
  let sink: Value = 0;
  const layout = '2006-01-02T15:04:05.000Z07:00';
  const rows: BenchRow[] = [
    row(
      "DATE_FORMAT_STR(s, '2006-01-02T15:04:05.000Z07:00')",
      'new Date(Date.parse(s)).toISOString()',
      time(() => {
        for (let i = 0; i < n; i++) sink = callFunction(fmt, [strs[i], layout], ctx);
      }),
      time(() => {
        for (let i = 0; i < n; i++) sink = new Date(Date.parse(strs[i])).toISOString();
      }),
    ),
    row(
      'STR_TO_MILLIS(s)',
      'Date.parse(s)',
      time(() => {
        for (let i = 0; i < n; i++) sink = callFunction(parse, [strs[i]], ctx);
      }),
      time(() => {
        for (let i = 0; i < n; i++) sink = Date.parse(strs[i]);
      }),
    ),
    row(
      "DATE_ADD_STR(s, 1, 'day')",
      'new Date(Date.parse(s) + 86400000).toISOString()',
      time(() => {
        for (let i = 0; i < n; i++) sink = callFunction(add, [strs[i], 1, 'day'], ctx);
      }),
      time(() => {
        for (let i = 0; i < n; i++) sink = new Date(Date.parse(strs[i]) + 86400000).toISOString();
      }),
    ),
  ];
  if (sink === undefined) console.log('');
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.TZ ??= 'UTC';
  const n = Number(process.argv[2] ?? 1000000);
  for (const r of benchDates(n)) {
    console.log(`${r.name.padEnd(55)} ${r.ms.toFixed(0).padStart(7)} ms   ${r.baseline.padEnd(50)} ${r.baselineMs.toFixed(0).padStart(6)} ms   ${(r.ms / r.baselineMs).toFixed(2)}x`);
  }
}
