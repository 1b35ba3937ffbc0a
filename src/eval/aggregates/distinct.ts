import { canonicalKey, type Value } from '../../values/index.js';
import type { Accumulator } from './accumulator.js';

/**
 * `AGG(DISTINCT x)` for the aggregates that read any value (COUNT, ARRAY_AGG, MIN, MAX): passes
 * each equivalent value (by `canonicalKey`, so `1` and `1.0` are one) to `inner` once; MISSING
 * never. Source: couchbase/query `algebra/agg_*_distinct.go` (a value.Set of the values).
 */
export function distinctValues(inner: Accumulator): Accumulator {
  const seen = new Set<string>();
  return {
    add(v) {
      if (v === undefined) return;
      const k = canonicalKey(v);
      if (seen.has(k)) return;
      seen.add(k);
      inner.add(v);
    },
    result: () => inner.result(),
  };
}

/**
 * `AGG(DISTINCT x)` for the aggregates that read only numbers (SUM, AVG, COUNTN, MEDIAN, the
 * STDDEV/VARIANCE family): passes each distinct NUMBER to `inner` once, in first-seen order
 * (0 and -0 are one number); other values are dropped here, as `inner` would skip them anyway.
 * Source: couchbase/query `algebra/agg_util.go` setAdd with a numeric set.
 */
export function distinctNumbers(inner: Accumulator): Accumulator {
  // A bigint (int64 past 2^53) never equals a double, and Set compares bigints by value.
  const seen = new Set<number | bigint>();
  return {
    add(v: Value) {
      if ((typeof v !== 'number' && typeof v !== 'bigint') || seen.has(v)) return;
      seen.add(v);
      inner.add(v);
    },
    result: () => inner.result(),
  };
}
