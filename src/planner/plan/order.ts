import type { Expr } from '../../ast/index.js';

/** One ORDER BY term. `nulls_pos` is printed only when given in the statement. */
export interface SortTerm {
  expr: Expr;
  desc?: boolean;
  nulls_pos?: 'first' | 'last';
  /** A direction given by a parameter: "asc" / "desc" when the query runs (overrides `desc`). */
  _direction?: Expr;
  /** A NULLS position given by a parameter: "first" / "last" when the query runs (overrides `nulls_pos`). */
  _nulls?: Expr;
}

/**
 * Sorts the rows (N1QL collation, stable). With `limit` (and `offset`), only the first
 * offset+limit rows are kept, with a bounded heap (top-k) instead of a full sort.
 * Source: couchbase/query `plan/order.go`.
 */
export interface Order {
  '#operator': 'Order';
  /**
   * The reference's bit set of the statement's ORDER BY (couchbase/query `plan/order.go`): 2
   * "clip values" (the sort holds each row's values, not the annotated documents they came
   * from) and 4 "can spill"; the statement's Order prints 6, as the reference's does. tokenql's
   * Order always holds plain row values and counts them against the request's memory quota:
   * it does not spill to disk, so the 4 bit changes nothing here (docs/compatibility.md).
   */
  flags?: number;
  limit?: Expr;
  offset?: Expr;
  sort_terms: SortTerm[];
}
