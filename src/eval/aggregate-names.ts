/** Names of the aggregate functions (lower case). Source: couchbase/query `algebra/agg_*.go`. */
export const AGGREGATE_NAMES: ReadonlySet<string> = new Set(['count', 'countn', 'sum', 'avg', 'min', 'max', 'array_agg']);

/** True if `name` (any case) is an aggregate function. */
export function isAggregateName(name: string): boolean {
  return AGGREGATE_NAMES.has(name.toLowerCase());
}
