import type { Expr } from '../../ast/index.js';
import type { Operator } from './operator.js';

/**
 * ANSI JOIN by hash: the build side's rows are hashed by `build_exprs`, the probe side's looked
 * up by `probe_exprs`; `~child` reads the inner side once. `_build`: which side is built
 * (`smaller`: the smaller input by count at run time, inner joins only); `_innerExprs` /
 * `_outerExprs` are the equi-join pairs. Source: couchbase/query `plan/hash_join.go`.
 */
export interface HashJoin {
  '#operator': 'HashJoin';
  build_aliases: string[];
  build_exprs: Expr[];
  filter?: Expr;
  on_clause?: Expr;
  outer?: boolean;
  probe_aliases: string[];
  probe_exprs: Expr[];
  '~child': Operator;
  _alias: string;
  _build: 'inner' | 'outer' | 'smaller';
  _innerExprs: Expr[];
  _outerExprs: Expr[];
  /** The condition is exactly the equi-join pairs (see the executor's `exact`). */
  _exact?: boolean;
  /**
   * An inner join whose alias the rest of the block never reads (planner/alias-read.ts): the
   * rows it passes on need not bind it (a `COUNT(*)` over the join counts them alone).
   */
  _unread?: boolean;
}
