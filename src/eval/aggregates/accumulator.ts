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

/**
 * `x`, or NULL when it is NaN or ±Infinity: tokenql has no non-finite numbers (docs/functions.md,
 * "Differences from the reference"), where the reference would answer `"+Infinity"`.
 */
export function finiteOrNull(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}
