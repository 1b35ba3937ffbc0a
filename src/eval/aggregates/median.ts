import type { Value } from '../../values/index.js';
import { finiteOrNull, type Accumulator } from './accumulator.js';
import { NumberBuffer } from './number-buffer.js';
import { maxOf, quickselect } from './quickselect.js';

/**
 * MEDIAN(x): the middle NUMBER value in ascending order; for an even count the mean of the two
 * middle values (`(a + b) / 2` in doubles, so `MEDIAN` of 1e308 and 1.5e308 overflows: the
 * reference's "+Infinity", NULL in tokenql). Non-numbers are skipped; NULL when there is no number.
 * The numbers are kept in a Float64Array and the middle found by quickselect (expected O(n),
 * worst O(n log n)), not by sorting: the reference likewise selects (median of medians).
 * Source: couchbase/query `algebra/agg_median.go`, `agg_util.go` medianOfMedian.
 */
export function median(): Accumulator {
  return new MedianAccumulator();
}

class MedianAccumulator implements Accumulator {
  private readonly buf = new NumberBuffer();

  add(v: Value): void {
    if (typeof v === 'number') this.buf.push(v);
    else if (typeof v === 'bigint') this.buf.push(Number(v)); // float64 statistics, as the reference
  }

  result(): Value {
    return medianOf(this.buf.view());
  }
}

/**
 * The median of `a` (reordered in place), or NULL when `a` is empty. See {@link median}.
 */
export function medianOf(a: Float64Array): number | null {
  const n = a.length;
  if (n === 0) return null;
  const k = n >>> 1;
  quickselect(a, k);
  if (n & 1) return a[k];
  // The lower middle is the greatest value left of k (quickselect put only values ≤ a[k] there).
  return finiteOrNull((a[k] + maxOf(a, k)) / 2);
}
