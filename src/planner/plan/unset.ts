import type { Expr } from '../../ast/index.js';

/** UPDATE … UNSET: removes each path from the copy. Source: couchbase/query `plan/update.go` (Unset). */
export interface Unset {
  '#operator': 'Unset';
  unset_terms: { path: Expr }[];
}
