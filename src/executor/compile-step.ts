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
 * it). The inner side of a join is compiled in the same scope, so it may read the outer row
 * (a correlated subquery, an index scan whose spans are the outer row's values).
 */
export function compileStep(st: FromStepPlan, scope: Scope, compileSubquery: SubqueryCompiler): CompiledStep {
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
      const spec = { alias: st.alias, inner: innerOf(st.inner), on: st.on ? compileExpr(st.on, withInner(st.alias)) : undefined, outer: st.outer, nest: st.op === 'NestedLoopNest' };
      return (s, _env, rc) => nestedLoopJoin(s, spec, rc);
    }
    case 'HashJoin':
    case 'HashNest': {
      const full = withInner(st.alias);
      const spec = {
        alias: st.alias,
        inner: compileSource(st.inner, { names: new Set(), keyspaceAliases: [], parent: scope.parent, compileSubquery: scope.compileSubquery }, compileSubquery),
        innerKeys: st.innerExprs.map((e) => compileExpr(e, full)),
        outerKeys: st.outerExprs.map((e) => compileExpr(e, scope)),
        on: st.on ? compileExpr(st.on, full) : undefined,
        outer: st.outer,
        nest: st.op === 'HashNest',
        build: st.build,
      };
      return (s, env, rc) => hashJoin(s, spec, env, rc);
    }
  }
}
