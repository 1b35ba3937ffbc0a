import type { Expr, FunctionCall } from '../../ast/index.js';

/**
 * One GROUP BY key the index scan groups on (the reference's `IndexGroupKey`): `id` is the
 * entry-key id the scan returns it under, `keypos` the index key it is (-1 for an expression
 * over index keys), `depends` the index keys it reads. Source: couchbase/query
 * `plan/index_group_aggs.go`.
 */
export interface IndexGroupKey {
  depends?: number[];
  expr: Expr;
  id: number;
  keypos: number;
}

/**
 * One aggregate the index scan computes (the reference's `IndexAggregate`): `aggregate` is
 * COUNT, COUNTN, SUM, MIN, MAX or AVG; `distinct` for the DISTINCT forms; `expr` its operand
 * (`1` for COUNT(*)); `id`, `keypos` and `depends` as for {@link IndexGroupKey}.
 */
export interface IndexAggregate {
  aggregate: 'AVG' | 'COUNT' | 'COUNTN' | 'MAX' | 'MIN' | 'SUM';
  depends?: number[];
  distinct?: boolean;
  expr: Expr;
  id: number;
  keypos: number;
}

/**
 * `index_group_aggs` of an IndexScan3: the scan groups the entries its spans select and
 * computes the block's aggregates itself, emitting one row per group (no Fetch, Filter or
 * Initial/Intermediate/FinalGroup follow). `depends`: every index key read. `partial`: the
 * index's order does not complete the groups (a GROUP BY key that is not one of the leading
 * index keys, or a `PARTITION BY HASH` key that is not a GROUP BY key: index-group-aggs.ts); the
 * reference's indexer then returns partial aggregates that the query merges, while tokenql's
 * scan (one partition) completes the groups itself in a hash table over the walk. Either way no
 * ORDER BY, OFFSET or LIMIT is pushed into a `partial` scan (its groups are not emitted in
 * index order, as the reference plans it).
 * Internal (not printed): `_aggregates`, the block's aggregate calls in the order the
 * projection, LETTING, HAVING and ORDER BY read their values (as FinalGroup binds them);
 * `_group_keys`, the GROUP BY expressions as written; `_aliases`, their `AS` names.
 * Source: couchbase/query `plan/index_group_aggs.go`, `planner/build_scan_indexgroup.go`.
 */
export interface IndexGroupAggregates {
  aggregates?: IndexAggregate[];
  depends?: number[];
  group?: IndexGroupKey[];
  partial?: boolean;
  _aggregates: FunctionCall[];
  _group_keys: Expr[];
  _aliases?: (string | null)[];
}
