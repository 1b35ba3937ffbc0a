import { childScope, compileExpr } from '../../eval/index.js';
import type { HashJoin, HashNest } from '../../planner/index.js';
import { hashJoin } from '../join-hash.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { afterJoin, compileInner } from './join-inner.js';
import { both } from './nested-loop-join.js';

/**
 * HashJoin: reads the inner side (`~child`) once, hashes the build side by its join keys and
 * probes it with the other side's. Source: couchbase/query `execution/hash_join.go`.
 */
export function compileHashJoin(op: HashJoin | HashNest, cx: CompileContext): CompiledOperator {
  const nest = op['#operator'] === 'HashNest';
  const alias = op['#operator'] === 'HashNest' ? op.build_alias : op._alias;
  const full = childScope(cx.scope, [alias]);
  const innerScope = childScope(cx.base, [alias]);
  const cond = both(op.on_clause, op.filter);
  const spec = {
    alias,
    inner: compileInner(op['~child'], cx, false),
    innerKeys: op._innerExprs.map((e) => compileExpr(e, innerScope)),
    outerKeys: op._outerExprs.map((e) => compileExpr(e, cx.scope)),
    on: cond ? compileExpr(cond, full) : undefined,
    outer: !!op.outer,
    nest,
    build: op['#operator'] === 'HashJoin' ? op._build : ('inner' as const),
    exact: !!op._exact,
    unread: op['#operator'] === 'HashJoin' && !!op._unread,
  };
  return { cx: afterJoin(cx, alias), run: (input, outer, rc) => hashJoin(input, spec, outer, rc) };
}
