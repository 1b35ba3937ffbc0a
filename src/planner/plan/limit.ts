import type { Expr } from '../../ast/index.js';

/** Stops after `expr` rows (a negative value gives none; anything but an integer is error 5030). Source: couchbase/query `plan/limit.go`. */
export interface Limit {
  '#operator': 'Limit';
  expr: Expr;
}
