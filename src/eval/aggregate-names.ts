import { AGGREGATES } from './aggregates/registry.js';

/** Names of the aggregate functions (lower case). Source: couchbase/query `algebra/agg_registry.go`. */
export const AGGREGATE_NAMES: ReadonlySet<string> = new Set(AGGREGATES.keys());

/** True if `name` (any case) is an aggregate function. */
export function isAggregateName(name: string): boolean {
  return AGGREGATES.has(name.toLowerCase());
}
