import type { Expr, FunctionCall } from '../../ast/index.js';

/**
 * Grouping in three steps, as the reference plans it (couchbase/query `plan/group.go`):
 * InitialGroup groups its input and accumulates the aggregates (one per Parallel worker),
 * IntermediateGroup merges the partial groups of the workers, FinalGroup computes the aggregate
 * values and emits one row per group (one row without GROUP BY keys even for no input).
 * `group_keys` are the GROUP BY expressions, `aggregates` the distinct aggregate calls of the
 * block (projection, LETTING, HAVING, ORDER BY). `_aliases` (internal, not shown): the GROUP BY
 * `AS` names, bound after FinalGroup.
 */
interface GroupFields {
  aggregates: FunctionCall[];
  group_keys: Expr[];
  _aliases?: (string | null)[];
}

export interface InitialGroup extends GroupFields {
  '#operator': 'InitialGroup';
}
export interface IntermediateGroup extends GroupFields {
  '#operator': 'IntermediateGroup';
}
export interface FinalGroup extends GroupFields {
  '#operator': 'FinalGroup';
}
