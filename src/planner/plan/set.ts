import type { Binding, Expr } from '../../ast/index.js';

/** UPDATE … SET: every value is computed from the document as read, then written into the copy. Source: couchbase/query `plan/update.go` (Set). */
export interface Set {
  '#operator': 'Set';
  /** `for`: `SET path = value FOR v IN arr [WHEN cond] END`. */
  set_terms: { path: Expr; value: Expr; for?: { bindings: Binding[]; when?: Expr } }[];
}
