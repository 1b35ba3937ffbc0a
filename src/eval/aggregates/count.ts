import type { Value } from '../../values/index.js';
import type { Accumulator } from './accumulator.js';

/**
 * COUNT(*): the number of rows (of the group, that pass the FILTER). 0 over no rows.
 * Source: couchbase/query `algebra/agg_count.go`.
 */
export function countRows(): Accumulator {
  let n = 0;
  return { add: () => void n++, result: () => n };
}

/**
 * COUNT(x): the number of values that are neither MISSING nor NULL. 0 over no values.
 * Source: couchbase/query `algebra/agg_count.go`.
 */
export function countValues(): Accumulator {
  let n = 0;
  return { add: (v: Value) => void (v !== undefined && v !== null && n++), result: () => n };
}

/**
 * COUNTN(x): the number of NUMBER values. 0 over no values.
 * Source: couchbase/query `algebra/agg_countn.go`.
 */
export function countNumbers(): Accumulator {
  let n = 0;
  return { add: (v: Value) => void ((typeof v === 'number' || typeof v === 'bigint') && n++), result: () => n };
}
