import type { Expr } from '../../ast/index.js';
import type { Operator } from './operator.js';

/** ANSI NEST by nested loop: as NestedLoopJoin, the matches nested in an array. Source: couchbase/query `plan/nl_nest.go`. */
export interface NestedLoopNest {
  '#operator': 'NestedLoopNest';
  alias: string;
  filter?: Expr;
  on_clause?: Expr;
  outer?: boolean;
  '~child': Operator;
  _correlated: boolean;
  _innerFilter?: Expr;
}
