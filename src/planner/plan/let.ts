import type { Expr } from '../../ast/index.js';

/** LET (and LETTING after a group): binds each variable in order; a later binding sees the earlier ones. Source: couchbase/query `plan/let.go`. */
export interface Let {
  '#operator': 'Let';
  bindings: { var: string; expr: Expr }[];
}
