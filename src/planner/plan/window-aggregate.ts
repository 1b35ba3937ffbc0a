import type { FunctionCall } from '../../ast/index.js';

/**
 * Computes window function calls (`f(…) OVER (…)`) on rows that arrive sorted by the window's
 * PARTITION BY keys then its ORDER BY terms (an Order before it sorts them; windows whose
 * partitioning and ordering fit one sort share it). Every call of one WindowAggregate has the
 * same PARTITION BY keys; the operator holds one partition at a time, computes each call's
 * value for every row of it and binds it in the row, then passes the rows on in the same order.
 * `aggregates` are printed as the reference prints them
 * (`sum((`t`.`x`)) OVER (PARTITION BY (`t`.`p`) ORDER BY (`t`.`o`))`).
 * Source: couchbase/query `plan/window_aggregate.go`, `planner/build_window.go`.
 */
export interface WindowAggregate {
  '#operator': 'WindowAggregate';
  aggregates: FunctionCall[];
}
