import type { Expr } from '../../ast/index.js';

/** UNNEST: one row per element of the array `expr`, bound to `as`; `outer` keeps a row whose array is MISSING or empty. Source: couchbase/query `plan/unnest.go`. */
export interface Unnest {
  '#operator': 'Unnest';
  as: string;
  expr: Expr;
  outer?: boolean;
}
