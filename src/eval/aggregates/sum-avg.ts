import type { Value } from '../../values/index.js';
import { finiteOrNull, type Accumulator } from './accumulator.js';

/**
 * SUM(x) and AVG(x) (alias MEAN): the sum, or the sum divided by the count, of the NUMBER values,
 * added in input order as IEEE doubles; values of other types (MISSING, NULL, strings …) are
 * skipped. NULL when there is no number, or when the result overflows (tokenql has no ±Infinity).
 * Source: couchbase/query `algebra/agg_sum.go`, `agg_avg.go`.
 */
export function sumOrAvg(avg: boolean): Accumulator {
  let sum = 0;
  let n = 0;
  return {
    add(v: Value) {
      if (typeof v === 'number') {
        sum += v;
        n++;
      }
    },
    result: () => (n === 0 ? null : finiteOrNull(avg ? sum / n : sum)),
  };
}
