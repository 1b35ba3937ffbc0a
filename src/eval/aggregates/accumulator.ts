import type { Value } from '../../values/index.js';

/**
 * Accumulates one aggregate over the rows of a group: `add` is called once per row that passes
 * the aggregate's FILTER (with the argument's value, or NULL for `COUNT(*)`), `result` once at
 * the end. An accumulator must not be used after `result`.
 */
export interface Accumulator {
  add(v: Value): void;
  result(): Value;
}
