import type { Expr } from '../../ast/index.js';

/**
 * Keeps the rows whose condition is TRUE (MISSING, NULL and FALSE drop the row). `_covered`
 * (internal): the index scan before it covers the condition (its `filter_covers`: the spans
 * select exactly the rows it accepts), so every row passes without evaluating it.
 * Source: couchbase/query `plan/filter.go`.
 */
export interface Filter {
  '#operator': 'Filter';
  /** The FROM alias whose rows it filters before the UNNESTs of its block (printed, as the reference's). */
  alias?: string;
  condition: Expr;
  _covered?: boolean;
}
