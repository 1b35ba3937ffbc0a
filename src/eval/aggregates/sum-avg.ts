import { TWO_53, type NumberValue, type Value } from '../../values/index.js';
import { arith } from '../arith.js';
import { finiteOrNull, type Accumulator } from './accumulator.js';

/**
 * SUM(x) and AVG(x) (alias MEAN): the sum, or the sum divided by the count, of the NUMBER values,
 * added in input order as `+` adds them (IEEE doubles; int64s exactly, past 2^53 too, until
 * the sum leaves int64); values of other types (MISSING, NULL, strings …) are skipped. NULL when there is no number, or when the result overflows (tokenql has no ±Infinity).
 * Source: couchbase/query `algebra/agg_sum.go`, `agg_avg.go`.
 */
export function sumOrAvg(avg: boolean): Accumulator {
  let sum: NumberValue = 0;
  let n = 0;
  return {
    add(v: Value) {
      if (typeof v === 'number' && typeof sum === 'number') {
        const s = sum + v;
        // Below 2^53 in magnitude the double sum is exact; past it, `+` keeps int64s exact.
        sum = s < TWO_53 && s > -TWO_53 ? s : (arith('+', sum, v) as NumberValue);
        n++;
      } else if (typeof v === 'number' || typeof v === 'bigint') {
        sum = arith('+', sum, v) as NumberValue;
        n++;
      }
    },
    result: () => (n === 0 ? null : typeof sum === 'bigint' ? (avg ? Number(sum) / n : sum) : finiteOrNull(avg ? sum / n : sum)),
  };
}
