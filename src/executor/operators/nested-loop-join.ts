import type { Expr } from '../../ast/index.js';
import { childScope, compileExpr } from '../../eval/index.js';
import type { NestedLoopJoin, NestedLoopNest } from '../../planner/index.js';
import { compileIndexProbe, indexProbeJoin } from '../join-index-probe.js';
import { nestedLoopJoin } from '../join-nested-loop.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { afterJoin, compileInner } from './join-inner.js';

/** `a AND b` of the optional parts. */
export function both(a: Expr | undefined, b: Expr | undefined): Expr | undefined {
  return a && b ? { kind: 'Binary', op: 'AND', left: a, right: b } : (a ?? b);
}

/**
 * NestedLoopJoin: the inner side (`~child`) per outer row when correlated, else read once; the
 * ON clause and pushed WHERE conjuncts (`filter`) decide the matches. An inner side that is an
 * IndexScan3 of one equality span and its Fetch is probed directly (join-index-probe.ts: one
 * index lookup per outer row, the same rows as running those operators). Source: couchbase/query
 * `execution/nl_join.go`.
 */
export function compileNestedLoopJoin(op: NestedLoopJoin | NestedLoopNest, cx: CompileContext): CompiledOperator {
  const cond = both(op.on_clause, op.filter);
  const on = cond ? compileExpr(cond, childScope(cx.scope, [op.alias])) : undefined;
  const innerFilter = op._innerFilter ? compileExpr(op._innerFilter, childScope(cx.base, [op.alias])) : undefined;
  const spec = {
    alias: op.alias,
    inner: compileInner(op['~child'], cx, op._correlated),
    on,
    outer: !!op.outer,
    nest: op['#operator'] === 'NestedLoopNest',
    ...(op._correlated ? {} : { once: { innerFilter } }),
  };
  const probe = compileIndexProbe(op, cx.base.compileSubquery);
  if (probe) return { cx: afterJoin(cx, op.alias), run: (input, outer, rc) => indexProbeJoin(input, spec, probe, rc, outer) };
  return { cx: afterJoin(cx, op.alias), run: (input, outer, rc) => nestedLoopJoin(input, spec, rc, outer) };
}
