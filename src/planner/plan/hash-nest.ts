import type { Expr } from '../../ast/index.js';
import type { Operator } from './operator.js';

/** ANSI NEST by hash: the inner side (`build_alias`) is built, the outer rows probe it. Source: couchbase/query `plan/hash_nest.go`. */
export interface HashNest {
  '#operator': 'HashNest';
  build_alias: string;
  build_exprs: Expr[];
  filter?: Expr;
  on_clause?: Expr;
  outer?: boolean;
  probe_aliases: string[];
  probe_exprs: Expr[];
  '~child': Operator;
  _innerExprs: Expr[];
  _outerExprs: Expr[];
  _exact?: boolean;
}
