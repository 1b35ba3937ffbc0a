import type { Accumulator } from './accumulator.js';
import { arrayAgg } from './array-agg.js';
import { countNumbers, countRows, countValues } from './count.js';
import { distinctNumbers, distinctValues } from './distinct.js';
import { median } from './median.js';
import { minOrMax } from './min-max.js';
import { sumOrAvg } from './sum-avg.js';
import { variance, type VarianceKind } from './variance.js';

/** One aggregate function of the registry. */
export interface AggregateDef {
  /** Makes an accumulator for one group, without DISTINCT. */
  create(): Accumulator;
  /** True if the aggregate reads only NUMBER values (its DISTINCT form dedupes numbers). */
  numeric: boolean;
}

const v = (kind: VarianceKind): AggregateDef => ({ create: () => variance(kind), numeric: true });
const SAMPLE_OR_ZERO: VarianceKind = { sqrt: false, sample: true, nullForOne: false };
const SAMPLE: VarianceKind = { sqrt: false, sample: true, nullForOne: true };
const POPULATION: VarianceKind = { sqrt: false, sample: false, nullForOne: false };

/**
 * The aggregate functions (lower-case names), as the reference's registry: every one allows
 * DISTINCT and FILTER; only COUNT takes `*`. MEAN is AVG; VARIANCE_POP is VAR_POP; VARIANCE_SAMP
 * is VAR_SAMP. The window-only functions (ROW_NUMBER, RANK, LAG …) and the AI aggregates are
 * not here. Source: couchbase/query `algebra/agg_registry.go`.
 */
export const AGGREGATES: ReadonlyMap<string, AggregateDef> = new Map<string, AggregateDef>([
  ['array_agg', { create: arrayAgg, numeric: false }],
  ['avg', { create: () => sumOrAvg(true), numeric: true }],
  ['count', { create: countValues, numeric: false }],
  ['countn', { create: countNumbers, numeric: true }],
  ['max', { create: () => minOrMax(true), numeric: false }],
  ['mean', { create: () => sumOrAvg(true), numeric: true }],
  ['median', { create: median, numeric: true }],
  ['min', { create: () => minOrMax(false), numeric: false }],
  ['stddev', v({ ...SAMPLE_OR_ZERO, sqrt: true })],
  ['stddev_pop', v({ ...POPULATION, sqrt: true })],
  ['stddev_samp', v({ ...SAMPLE, sqrt: true })],
  ['sum', { create: () => sumOrAvg(false), numeric: true }],
  ['variance', v(SAMPLE_OR_ZERO)],
  ['var_pop', v(POPULATION)],
  ['variance_pop', v(POPULATION)],
  ['var_samp', v(SAMPLE)],
  ['variance_samp', v(SAMPLE)],
]);

/**
 * Makes the accumulator of aggregate `name` (lower-case, registered), for `COUNT(*)` when
 * `star`, deduplicating its input when `distinct`.
 */
export function makeAccumulator(name: string, distinct: boolean, star: boolean): Accumulator {
  if (star) return countRows();
  const def = AGGREGATES.get(name);
  if (!def) throw new Error(`not an aggregate: ${name}`);
  const inner = def.create();
  if (!distinct) return inner;
  return def.numeric ? distinctNumbers(inner) : distinctValues(inner);
}
