import type { Expr } from '../../ast/index.js';

/** One ORDER BY term. `nulls_pos` is printed only when given in the statement. */
export interface SortTerm {
  expr: Expr;
  desc?: boolean;
  nulls_pos?: 'first' | 'last';
}

/**
 * Sorts the rows (N1QL collation, stable). With `limit` (and `offset`), only the first
 * offset+limit rows are kept, with a bounded heap (top-k) instead of a full sort.
 * Source: couchbase/query `plan/order.go`.
 */
export interface Order {
  '#operator': 'Order';
  limit?: Expr;
  offset?: Expr;
  sort_terms: SortTerm[];
}
