import type { Value } from '../../values/index.js';
import { finiteOrNull, type Accumulator } from './accumulator.js';
import { NumberBuffer } from './number-buffer.js';

/**
 * Which statistic a {@link variance} accumulator gives:
 * - `variance`: VARIANCE, VAR_SAMP, VARIANCE_SAMP (divide by n − 1), VAR_POP, VARIANCE_POP (by n);
 * - `stddev`: the square root of the same (STDDEV, STDDEV_SAMP, STDDEV_POP).
 * `sample` divides by n − 1; `nullForOne` gives NULL instead of 0 for a single value (the
 * `_SAMP` names; plain VARIANCE and STDDEV give 0).
 */
export interface VarianceKind {
  sqrt: boolean;
  sample: boolean;
  nullForOne: boolean;
}

/**
 * The STDDEV/VARIANCE family over the NUMBER values (others skipped): NULL over no number; for one
 * number 0, or NULL for the `_SAMP` names; else Σ(x − mean)² / (n − 1) (sample) or / n
 * (population), and its square root for STDDEV*.
 *
 * The rows are read once: each number goes into a Float64Array and a running sum (in input
 * order). `result()` then computes the mean as sum / n and the squared deviations from it in a
 * second loop over the buffer — the textbook two-pass method, numerically stable (no
 * catastrophic cancellation of Σx² − n·mean²), and exactly the reference's computation, so the
 * doubles are bit-for-bit the reference's. (A one-pass Welford update gives the same value up to
 * rounding but differs from the reference in the last digit for about half of random inputs.)
 * Overflow gives NULL (the reference's "+Infinity": tokenql has no non-finite numbers).
 * Source: couchbase/query `algebra/agg_util.go` addStddevVariance, computeVariance;
 * `agg_variance.go`, `agg_varpop.go`, `agg_varsamp.go`, `agg_stddev*.go`.
 */
export function variance(kind: VarianceKind): Accumulator {
  return new VarianceAccumulator(kind);
}

// A class (not a closure object): one hidden class and prototype methods keep `add` monomorphic.
class VarianceAccumulator implements Accumulator {
  private readonly buf = new NumberBuffer();
  private sum = 0;
  constructor(private readonly kind: VarianceKind) {}

  add(v: Value): void {
    // An int64 past 2^53 counts as its nearest double (float64 statistics, as the reference).
    const x = typeof v === 'bigint' ? Number(v) : v;
    if (typeof x === 'number') {
      this.buf.push(x);
      this.sum += x;
    }
  }

  result(): Value {
    const v = varianceOf(this.buf.view(), this.sum, this.kind);
    return v === null ? null : finiteOrNull(this.kind.sqrt ? Math.sqrt(v) : v);
  }
}

/**
 * The variance of `xs` whose sum (added in order) is `sum`, by {@link variance}'s rules (without
 * the square root).
 */
export function varianceOf(xs: Float64Array, sum: number, kind: Pick<VarianceKind, 'sample' | 'nullForOne'>): number | null {
  const n = xs.length;
  if (n === 0) return null;
  if (n === 1) return kind.nullForOne ? null : 0;
  const mean = sum / n;
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const d = xs[i] - mean;
    acc += d * d;
  }
  return acc / (kind.sample ? n - 1 : n);
}
