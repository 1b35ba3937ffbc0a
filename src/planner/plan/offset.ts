import type { Expr } from '../../ast/index.js';

/** Skips the first `expr` rows (a negative value skips none; anything but an integer is error 5030). Source: couchbase/query `plan/offset.go`. */
export interface Offset {
  '#operator': 'Offset';
  expr: Expr;
}
