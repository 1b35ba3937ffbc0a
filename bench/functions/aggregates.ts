/**
 * Throughput of the MEDIAN and STDDEV accumulators (src/eval/aggregates) over n numbers, each
 * beside a plain JavaScript baseline in the same run: MEDIAN beside copy + `sort((a, b) => a - b)`
 * + pick the middle, STDDEV beside a two-pass loop over the array (sum, then squared deviations).
 * Each figure is the median of 9 repeats (after one warm-up; accumulator and baseline interleaved; a full GC
 * before each when node runs with --expose-gc),
 * in milliseconds, and covers
 * feeding the n values one by one (`add`) and computing the result, as a group does.
 * `npm run bench:functions` runs it with n = 1,000,000; the target is ≤ 5× the baseline.
 * STDDEV's floor: the accumulator is handed the numbers one call at a time and must keep them
 * (a Float64Array) to give the reference's exact two-pass result, while the baseline only reads
 * an array already in memory; a bare loop that copies into a preallocated Float64Array is
 * already ~3× the baseline, so the ratio is about 4–7× and grows with machine load.
 * `BENCH_VERBOSE=1` prints every sample.
 */
import { makeAccumulator } from '../../src/eval/aggregates/index.js';
import type { Value } from '../../src/values/index.js';

/** One measured function beside its baseline. */
export interface AggregateBenchRow {
  name: string;
  baseline: string;
  /** Median time of the accumulator, ms. */
  ms: number;
  /** Median time of the baseline, ms. */
  baselineMs: number;
  /** Every timed run of the accumulator and of the baseline, ms (for min/median/max). */
  runs: number[];
  baselineRuns: number[];
}

const REPEATS = 9;

/** `global.gc` under `node --expose-gc`: run before each timed sample so that no sample pays for the last one's garbage. */
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

/** n pseudo-random doubles in [-1e6, 1e6) from a fixed seed (a 32-bit LCG), so runs compare. */
function numbers(n: number): number[] {
  const out = new Array<number>(n);
  let s = 0x2545f491;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = (s / 2 ** 32) * 2e6 - 1e6;
  }
  return out;
}

/**
 * Times `f` and `baseline` `REPEATS` times each, interleaved (so that both meet the same machine
 * load), after one warm-up run of each; returns the median of each, in ms.
 */
function timePair(f: () => Value, baseline: () => Value): [runs: number[], baselineRuns: number[]] {
  const sink: Value[] = [f(), baseline()];
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    gc();
    let t0 = performance.now();
    sink[0] = f();
    a.push(performance.now() - t0);
    gc();
    t0 = performance.now();
    sink[1] = baseline();
    b.push(performance.now() - t0);
  }
  if (process.env.BENCH_VERBOSE) console.log(a.map((x) => x.toFixed(1)).join(' '), '|', b.map((x) => x.toFixed(1)).join(' '));
  return [a, b];
}

const middle = (xs: number[]) => [...xs].sort((x, y) => x - y)[xs.length >> 1];

// One feeding loop per aggregate, as each group's accumulator is fed by its own slot.
function feedMedian(xs: number[]): Value {
  const acc = makeAccumulator('median', false, false);
  for (let i = 0; i < xs.length; i++) acc.add(xs[i]);
  return acc.result();
}

function feedStddev(xs: number[]): Value {
  const acc = makeAccumulator('stddev', false, false);
  for (let i = 0; i < xs.length; i++) acc.add(xs[i]);
  return acc.result();
}

function sortAndPick(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const k = s.length >> 1;
  return s.length % 2 ? s[k] : (s[k - 1] + s[k]) / 2;
}

function twoPassStddev(xs: number[]): number {
  let sum = 0;
  for (let i = 0; i < xs.length; i++) sum += xs[i];
  const mean = sum / xs.length;
  let acc = 0;
  for (let i = 0; i < xs.length; i++) {
    const d = xs[i] - mean;
    acc += d * d;
  }
  return Math.sqrt(acc / (xs.length - 1));
}

/**
 * Measures MEDIAN and STDDEV over `n` numbers beside their baselines.
 * @throws Error if an accumulator and its baseline disagree (the benchmark checks itself)
 */
export function benchAggregates(n: number): AggregateBenchRow[] {
  const xs = numbers(n);
  const median = feedMedian(xs);
  if (median !== sortAndPick(xs)) throw new Error(`MEDIAN ${String(median)} ≠ sort-and-pick ${sortAndPick(xs)}`);
  const stddev = feedStddev(xs);
  if (stddev !== twoPassStddev(xs)) throw new Error(`STDDEV ${String(stddev)} ≠ two-pass ${twoPassStddev(xs)}`);
  const [medianRuns, sortRuns] = timePair(() => feedMedian(xs), () => sortAndPick(xs));
  const [stddevRuns, loopRuns] = timePair(() => feedStddev(xs), () => twoPassStddev(xs));
  const row = (name: string, baseline: string, runs: number[], baselineRuns: number[]): AggregateBenchRow => ({
    name,
    baseline,
    ms: middle(runs),
    baselineMs: middle(baselineRuns),
    runs,
    baselineRuns,
  });
  return [
    row('MEDIAN', 'Array copy + sort((a, b) => a - b) + middle', medianRuns, sortRuns),
    row('STDDEV', 'two-pass loop (sum, squared deviations)', stddevRuns, loopRuns),
  ];
}

// Run directly: `tsx bench/functions/aggregates.ts [n]` prints the rows and ratios.
if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[2] ?? 1_000_000);
  for (const r of benchAggregates(n)) {
    console.log(`${r.name.padEnd(8)} ${r.ms.toFixed(1).padStart(8)} ms   ${r.baseline}: ${r.baselineMs.toFixed(1)} ms   ratio ${(r.ms / r.baselineMs).toFixed(2)}x`);
  }
}
