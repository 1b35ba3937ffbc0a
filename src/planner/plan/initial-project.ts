import type { Expr } from '../../ast/index.js';

/** One projection term as EXPLAIN shows it: `expr` (`self` for `*`), `as`, `star` for `*` and `path.*`. */
export type ProjectionTerm = { expr: Expr | 'self'; as?: string; star?: boolean };

/**
 * Computes each row's result value from the projection (RAW: the single term's value; a
 * MISSING term is left out of the row). `_bindAliases` (internal): an Order follows, which may
 * name the result aliases, so they are bound in the row. Source: couchbase/query
 * `plan/project.go` (InitialProject; the reference's FinalProject is not printed at this version).
 */
export interface InitialProject {
  '#operator': 'InitialProject';
  discard_original?: boolean;
  distinct?: boolean;
  preserve_order?: boolean;
  raw?: boolean;
  result_terms: ProjectionTerm[];
  /** `SELECT … EXCLUDE e, …`: the paths removed from each result (see executor/exclude.ts). */
  exclude?: Expr[];
  _bindAliases?: boolean;
}
