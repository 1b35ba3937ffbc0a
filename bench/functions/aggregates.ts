/**
 * Throughput of the MEDIAN and STDDEV accumulators (src/eval/aggregates) over n numbers, each
 * beside a plain JavaScript baseline in the same run: MEDIAN beside copy + `sort((a, b) => a - b)`
 * + pick the middle, STDDEV beside a two-pass loop over the array (sum, then squared deviations).
 * Each accumulator and its baseline run 9 times, interleaved, after one warm-up run (see
 * `timePair`); times are in milliseconds and cover feeding the n values one by one (`add`) and
 * computing the result, as a group does. `npm run bench:functions` runs it with n = 1,000,000
 * and checks the median against the target, ≤ 5× the baseline's median.
 * STDDEV's floor: the accumulator is handed the numbers one call at a time and must keep them
 * (Float64Array chunks) to give the reference's exact two-pass result, so it pays one store and
 * one counter update per value (a load–store chain through the accumulator's position field,
 * about 2 ns) on top of the same two passes as the baseline, which reads an array already in
 * memory: about 3–4× on an idle machine. Longer runs suffer more from a loaded machine (they
 * are preempted more often), so the ratio grows with load.
 * `BENCH_VERBOSE=1` prints every sample.
 */
import { makeAccumulator } from '../../src/eval/aggregates/index.js';
import type { Value } from '../../src/values/index.js';
import { median, timed, type Timed } from './clock.js';

/** One measured function beside its baseline. */
export interface AggregateBenchRow {
  name: string;
  baseline: string;
  /** Median time of the accumulator, ms. */
  ms: number;
  /** Median time of the baseline, ms. */
  baselineMs: number;
  /** Every timed run of the accumulator and of the baseline, wall ms (for min/median/max). */
  runs: number[];
  baselineRuns: number[];
  /** The same runs' CPU time, ms (clock.ts). */
  cpuRuns: number[];
  baselineCpuRuns: number[];
}

const REPEATS = 9;

/** `global.gc` under `node --expose-gc`: a clean heap before each pair of series. */
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
 * Times \`f(xs)\` and \`baseline(xs)\` \`REPEATS\` times each, interleaved (so that both meet the same
 * machine load), after one warm-up run of each and one full GC (when node runs with
 * --expose-gc); returns every run's wall and CPU time. No GC is forced between the runs: a
 * forced GC dropped the type feedback of the functions that run once per group
 * (\`makeAccumulator\`, \`result\`), so that every timed accumulator run started unoptimized and
 * deoptimized twice (--trace-deopt showed 24 deoptimizations of \`feedStddev\` in 11 runs) and
 * paid the sweeper threads' work, a cost no query pays (its accumulators run in one hot
 * operator); the baseline, one small function, was not affected. Garbage of earlier runs is
 * collected as V8 decides, in either side's runs; the median absorbs the runs that meet a GC.
 */
function timePair(f: (xs: number[]) => Value, baseline: (xs: number[]) => Value, xs: number[]): [runs: Timed[], baselineRuns: Timed[]] {
  const sink: { v?: Value } = { v: f(xs) };
  baseline(xs);
  gc();
  const a: Timed[] = [];
  const b: Timed[] = [];
  for (let i = 0; i < REPEATS; i++) {
    a.push(timed(() => f(xs), sink));
    b.push(timed(() => baseline(xs), sink));
  }
  if (process.env.BENCH_VERBOSE) console.log(a.map((x) => x.wall.toFixed(1)).join(' '), '|', b.map((x) => x.wall.toFixed(1)).join(' '));
  return [a, b];
}

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
  const medianValue = feedMedian(xs);
  if (medianValue !== sortAndPick(xs)) throw new Error(`MEDIAN ${String(medianValue)} ≠ sort-and-pick ${sortAndPick(xs)}`);
  const stddev = feedStddev(xs);
  if (stddev !== twoPassStddev(xs)) throw new Error(`STDDEV ${String(stddev)} ≠ two-pass ${twoPassStddev(xs)}`);
  const [medianRuns, sortRuns] = timePair(feedMedian, sortAndPick, xs);
  const [stddevRuns, loopRuns] = timePair(feedStddev, twoPassStddev, xs);
  const row = (name: string, baseline: string, runs: Timed[], baselineRuns: Timed[]): AggregateBenchRow => ({
    name,
    baseline,
    ms: median(runs.map((r) => r.wall)),
    baselineMs: median(baselineRuns.map((r) => r.wall)),
    runs: runs.map((r) => r.wall),
    baselineRuns: baselineRuns.map((r) => r.wall),
    cpuRuns: runs.map((r) => r.cpu),
    baselineCpuRuns: baselineRuns.map((r) => r.cpu),
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
