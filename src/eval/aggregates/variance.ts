import type { Value } from '../../values/index.js';
import { finiteOrNull, type Accumulator } from './accumulator.js';
import { NumberChunks } from './number-chunks.js';

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
 * Each number is appended to a {@link NumberChunks} list (no copy, no boxing); `result()` then
 * sums them in input order, divides by n for the mean and sums the squared deviations from it
 * in a second pass — the textbook two-pass method, numerically stable (no catastrophic
 * cancellation of Σx² − n·mean²) and exactly the reference's computation, so the doubles are
 * bit-for-bit the reference's. (A one-pass Welford or Σx/Σx² update gives the same value up to
 * rounding but differs from the reference in the last digit for about half of random inputs,
 * so the numbers must be kept; the sum is taken in `result()` rather than per row, where a
 * running double field would cost more than the extra pass.)
 * Overflow gives NULL (the reference's "+Infinity": tokenql has no non-finite numbers).
 * Source: couchbase/query `algebra/agg_util.go` addStddevVariance, computeVariance;
 * `agg_variance.go`, `agg_varpop.go`, `agg_varsamp.go`, `agg_stddev*.go`.
 */
export function variance(kind: VarianceKind): Accumulator {
  return new VarianceAccumulator(kind);
}

// A class (not a closure object): one hidden class and prototype methods keep `add` monomorphic.
class VarianceAccumulator implements Accumulator {
  private readonly nums = new NumberChunks();
  constructor(private readonly kind: VarianceKind) {}

  add(v: Value): void {
    if (typeof v === 'number') this.nums.push(v);
    // An int64 past 2^53 counts as its nearest double (float64 statistics, as the reference).
    else if (typeof v === 'bigint') this.nums.push(Number(v));
  }

  result(): Value {
    const v = varianceOfChunks(this.nums.chunks(), this.kind);
    return v === null ? null : finiteOrNull(this.kind.sqrt ? Math.sqrt(v) : v);
  }
}

/** {@link varianceOf} over numbers kept in chunks (in order): the sum, then the squared deviations. */
function varianceOfChunks(chunks: Float64Array[], kind: Pick<VarianceKind, 'sample' | 'nullForOne'>): number | null {
  let n = 0;
  let sum = 0;
  for (const c of chunks) {
    n += c.length;
    for (let i = 0; i < c.length; i++) sum += c[i];
  }
  if (n === 0) return null;
  if (n === 1) return kind.nullForOne ? null : 0;
  const mean = sum / n;
  let acc = 0;
  for (const c of chunks) {
    for (let i = 0; i < c.length; i++) {
      const d = c[i] - mean;
      acc += d * d;
    }
  }
  return acc / (kind.sample ? n - 1 : n);
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
