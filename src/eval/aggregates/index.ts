/** The aggregate functions' accumulators (one file per aggregate family). */
export type { Accumulator } from './accumulator.js';
export { AGGREGATES, makeAccumulator, type AggregateDef } from './registry.js';
export { medianOf } from './median.js';
export { varianceOf, type VarianceKind } from './variance.js';
export { quickselect } from './quickselect.js';
