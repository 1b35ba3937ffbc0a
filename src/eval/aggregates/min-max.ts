import { collate, type Value } from '../../values/index.js';
import type { Accumulator } from './accumulator.js';

/**
 * MIN(x) / MAX(x): the least / greatest value by N1QL collation (FALSE < TRUE < numbers <
 * strings < arrays < objects), MISSING and NULL skipped. NULL when every value is MISSING or NULL.
 * Source: couchbase/query `algebra/agg_min.go`, `agg_max.go`.
 */
export function minOrMax(max: boolean): Accumulator {
  let best: Value = undefined;
  const sign = max ? -1 : 1;
  return {
    add(v) {
      if (v === undefined || v === null) return;
      if (best === undefined || sign * collate(v, best) < 0) best = v;
    },
    result: () => (best === undefined ? null : best),
  };
}
