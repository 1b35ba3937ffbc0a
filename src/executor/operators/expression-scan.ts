import { childEnv, compileExpr, rootEnv } from '../../eval/index.js';
import type { ExpressionScan } from '../../planner/index.js';
import type { Value } from '../../values/index.js';
import { blockScope, type CompileContext, type CompiledOperator } from '../operator-context.js';
import { BATCH_SIZE, due, PAUSE, type Row, type RowStream } from '../runtime.js';

/** Rows binding each element of `v` (an array; a non-array value is one element, MISSING none) to `alias`. */
export function* elementRows(outer: Record<string, Value> | undefined, alias: string, v: Value, rc: import('../runtime.js').RunContext): RowStream {
  const items = Array.isArray(v) ? v : v === undefined ? [] : [v];
  let batch: Row[] = [];
  for (const item of items) {
    const env = outer ? childEnv(outer) : rootEnv();
    env[alias] = item;
    batch.push({ env });
    if (batch.length >= BATCH_SIZE) {
      yield batch;
      batch = [];
      if (due(rc)) yield PAUSE;
    }
  }
  if (batch.length) yield batch;
}

/** ExpressionScan: `FROM expr AS alias`, the expression evaluated in the enclosing query's scope. */
export function compileExpressionScan(op: ExpressionScan, cx: CompileContext): CompiledOperator {
  const expr = compileExpr(op.expr, cx.base);
  return {
    cx: { ...cx, scope: blockScope(cx.base, [op.alias], op.alias, false), starAliases: [op.alias] },
    run: (_input, outer, rc) => elementRows(outer, op.alias, expr(outer ?? rootEnv(), rc), rc),
  };
}
