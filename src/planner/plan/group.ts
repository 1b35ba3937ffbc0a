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

/**
 * `GROUP AS name`: InitialGroup collects, per group, one object of the FROM aliases
 * (`group_as_fields`) for each input row; FinalGroup binds the array to `name` (`_group_as`,
 * internal: the reference prints it on InitialGroup and IntermediateGroup only).
 */
export interface InitialGroup extends GroupFields {
  '#operator': 'InitialGroup';
  group_as?: string;
  group_as_fields?: string[];
}
export interface IntermediateGroup extends GroupFields {
  '#operator': 'IntermediateGroup';
  group_as?: string;
}
export interface FinalGroup extends GroupFields {
  '#operator': 'FinalGroup';
  _group_as?: string;
}
