import type { Expr } from '../../ast/index.js';
import type { Value } from '../../values/index.js';
import type { Operator } from './operator.js';

/**
 * One binding of a With: `alias` bound to the value of `expr`. A recursive binding (split at its
 * top-level UNION) has the anchor clause in `expr` and the recursive clause in `rexpr`, run per
 * level with `alias` bound to the previous level's rows; `is_union` drops rows seen before;
 * `config` is its OPTIONS (`levels`, `documents`), `cycle` its `CYCLE … RESTRICT` fields.
 * Source: couchbase/query `algebra/with.go` (its MarshalJSON gives these names).
 */
export interface WithBinding {
  alias: string;
  expr: Expr;
  rexpr?: Expr;
  is_union?: boolean;
  /** OPTIONS, a constant object (checked when the With runs). */
  config?: Value;
  cycle?: { cycle: Expr[] };
}

/**
 * `WITH a AS (…), …` over the rest of the statement: evaluates each binding once per run (a later
 * binding sees the earlier ones) and runs its child with them bound. Source: couchbase/query
 * `plan/with.go`, `execution/with.go`.
 */
export interface With {
  '#operator': 'With';
  bindings: WithBinding[];
  recursive: boolean;
  '~child': Operator;
}
