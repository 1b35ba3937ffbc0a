/**
 * Run counts and replay parameters from the environment, for `fc.assert(property, params())`:
 *
 *   TOKENQL_PROPERTY_RUNS=5000   more runs (long / nightly runs)
 *   TOKENQL_PROPERTY_SEED=S TOKENQL_PROPERTY_PATH=P   replay one failure exactly
 */
import type fc from 'fast-check';

/** `TOKENQL_PROPERTY_RUNS` when set (a positive integer), else `defaultRuns`. */
export function propertyRuns(defaultRuns: number): number {
  const n = Number(process.env.TOKENQL_PROPERTY_RUNS);
  return Number.isInteger(n) && n > 0 ? n : defaultRuns;
}

/** fast-check parameters: `numRuns` from {@link propertyRuns}, seed and path from the environment. */
export function propertyParameters<T>(defaultRuns: number, extra: fc.Parameters<T> = {}): fc.Parameters<T> {
  const seed = process.env.TOKENQL_PROPERTY_SEED;
  const path = process.env.TOKENQL_PROPERTY_PATH;
  return {
    numRuns: propertyRuns(defaultRuns),
    ...(seed !== undefined && seed !== '' ? { seed: Number(seed) } : {}),
    ...(path ? { path } : {}),
    ...extra,
  };
}
