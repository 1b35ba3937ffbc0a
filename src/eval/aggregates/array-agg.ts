import { collate, type Value } from '../../values/index.js';
import type { Accumulator } from './accumulator.js';

/**
 * ARRAY_AGG(x): the array of the values that are not MISSING (NULL kept), sorted by collation as
 * the reference's ComputeFinal sorts them. NULL when every value is MISSING.
 * Source: couchbase/query `algebra/agg_array.go`.
 */
export function arrayAgg(): Accumulator {
  const out: Value[] = [];
  return { add: (v) => void (v !== undefined && out.push(v)), result: () => (out.length ? out.sort(collate) : null) };
}
