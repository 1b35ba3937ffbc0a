import type { Expr } from '../../ast/index.js';
import type { Operator } from './operator.js';

/**
 * ANSI JOIN by nested loop: `~child` (the inner side's scan and Fetch) runs for each outer row
 * when `_correlated` (its spans or terms read the outer row), else once, its rows filtered by
 * `_innerFilter` (the ON conjuncts on the inner alias alone). `on_clause` and `filter` (WHERE
 * conjuncts evaluated at an inner join) decide the matches. Source: couchbase/query `plan/nl_join.go`.
 */
export interface NestedLoopJoin {
  '#operator': 'NestedLoopJoin';
  alias: string;
  filter?: Expr;
  on_clause?: Expr;
  outer?: boolean;
  '~child': Operator;
  _correlated: boolean;
  _innerFilter?: Expr;
}
