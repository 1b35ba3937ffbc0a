import type { Env } from '../../eval/index.js';
import type { Operator } from '../../planner/index.js';
import { NO_INPUT, type CompileContext } from '../operator-context.js';
import type { RowStream, RunContext } from '../runtime.js';

/**
 * Compiles the inner side (`~child`) of a nested-loop or hash join. A correlated one compiles in
 * the block's scope so far (its scan reads the outer row: spans, USE KEYS, a correlated
 * subquery) and runs in the outer row's environment; another compiles in the enclosing query's
 * scope and runs once, in the block's environment.
 */
export function compileInner(child: Operator, cx: CompileContext, correlated: boolean): (outer: Env | undefined, rc: RunContext) => RowStream {
  const base = correlated ? cx.scope : cx.base;
  const compiled = cx.compile(child, { ...cx, base, scope: base, starAliases: [] });
  return (outer, rc) => compiled.run(NO_INPUT, outer, rc);
}

/** The context after a join step: its alias bound, and shown by `SELECT *`. */
export function afterJoin(cx: CompileContext, alias: string): CompileContext {
  return { ...cx, scope: childScopeOf(cx, alias), starAliases: [...cx.starAliases, alias] };
}

function childScopeOf(cx: CompileContext, alias: string) {
  return { ...cx.scope, names: new Set([alias]), parent: cx.scope, aggregates: cx.scope.aggregates };
}
