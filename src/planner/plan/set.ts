import type { Expr } from '../../ast/index.js';

/** UPDATE … SET: every value is computed from the document as read, then written into the copy. Source: couchbase/query `plan/update.go` (Set). */
export interface Set {
  '#operator': 'Set';
  set_terms: { path: Expr; value: Expr }[];
}
