import type { Expr } from '../ast/index.js';
import { compileExpr, type Env, type Scope } from '../eval/index.js';
import type { FromStepPlan, SourcePlan } from '../planner/plan.js';
import { hashJoin } from './hash-join.js';
import { lookupJoin } from './lookup-join.js';
import { nestedLoopJoin } from './nested-loop-join.js';
import type { RowStream, RunContext } from './runtime.js';
import { compileSource } from './scan.js';
import { unnest } from './unnest.js';

/** A compiled FROM step: transforms the stream of rows of the terms before it. */
export type CompiledStep = (input: RowStream, blockEnv: Env | undefined, rc: RunContext) => RowStream;

type SubqueryCompiler = Parameters<typeof compileSource>[2];

/**
 * Compiles one UNNEST / JOIN / NEST step of a block in `scope` (which binds every alias before
 * it; `enclosing` is the enclosing query's scope). A correlated inner side is compiled in
 * `scope`, so it may read the outer row (a correlated subquery, an index scan whose spans are the
 * outer row's values); any other is compiled in `enclosing` and read once.
 */
export function compileStep(st: FromStepPlan, scope: Scope, enclosing: Scope | undefined, compileSubquery: SubqueryCompiler): CompiledStep {
  const innerScope: Scope = { ...scope, defaultAlias: undefined };
  const innerOf = (src: SourcePlan) => compileSource(src, innerScope, compileSubquery);
  const withInner = (alias: string): Scope => ({ ...scope, names: new Set([...scope.names, alias]) });
  switch (st.op) {
    case 'Unnest': {
      const expr = compileExpr(st.expr, scope);
      return (s, _env, rc) => unnest(s, expr, st.alias, st.outer, rc);
    }
    case 'Join':
    case 'Nest': {
      const spec = { keyspace: st.keyspace, alias: st.alias, keys: compileExpr(st.onKeys, scope), outer: st.outer, nest: st.op === 'Nest', validate: !!st.validate };
      return (s, _env, rc) => lookupJoin(s, spec, rc);
    }
    case 'IndexJoin':
    case 'IndexNest': {
      const inner = innerOf({ op: 'IndexScan', keyspace: st.keyspace, namespace: 'default', alias: st.alias, scan: st.scan });
      const on = compileExpr({ kind: 'Binary', op: '=', left: st.onKey, right: { kind: 'Field', target: { kind: 'FunctionCall', name: 'meta', args: [{ kind: 'Identifier', name: st.forAlias }] }, name: 'id' } }, withInner(st.alias));
      const spec = { alias: st.alias, inner, on, outer: st.outer, nest: st.op === 'IndexNest' };
      return (s, _env, rc) => nestedLoopJoin(s, spec, rc);
    }
    case 'NestedLoopJoin':
    case 'NestedLoopNest': {
      const cond = both(st.on, st.filter);
      const on = cond ? compileExpr(cond, withInner(st.alias)) : undefined;
      const nest = st.op === 'NestedLoopNest';
      if (st.correlated) {
        const spec = { alias: st.alias, inner: innerOf(st.inner), on, outer: st.outer, nest };
        return (s, _env, rc) => nestedLoopJoin(s, spec, rc);
      }
      const alone = blockScope(enclosing, scope);
      const innerFilter = st.innerFilter ? compileExpr(st.innerFilter, { ...alone, names: new Set([st.alias]) }) : undefined;
      const spec = { alias: st.alias, inner: compileSource(st.inner, alone, compileSubquery), on, outer: st.outer, nest, once: { innerFilter } };
      return (s, env, rc) => nestedLoopJoin(s, spec, rc, env);
    }
    case 'HashJoin':
    case 'HashNest': {
      const full = withInner(st.alias);
      const spec = {
        alias: st.alias,
        inner: compileSource(st.inner, blockScope(enclosing, scope), compileSubquery),
        innerKeys: st.innerExprs.map((e) => compileExpr(e, full)),
        outerKeys: st.outerExprs.map((e) => compileExpr(e, scope)),
        on: both(st.on, st.filter) ? compileExpr(both(st.on, st.filter)!, full) : undefined,
        outer: st.outer,
        nest: st.op === 'HashNest',
        build: st.build,
      };
      return (s, env, rc) => hashJoin(s, spec, env, rc);
    }
  }
}

/** `a AND b` of the optional parts. */
function both(a: Expr | undefined, b: Expr | undefined): Expr | undefined {
  return a && b ? { kind: 'Binary', op: 'AND', left: a, right: b } : (a ?? b);
}

/** The scope of the enclosing query only (no alias of this block): for an inner side read once. */
function blockScope(enclosing: Scope | undefined, scope: Scope): Scope {
  return { names: new Set(), keyspaceAliases: [], parent: enclosing, compileSubquery: scope.compileSubquery };
}
