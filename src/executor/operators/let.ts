import { childScope, compileExpr, siblingEnv, type Evaluator } from '../../eval/index.js';
import type { Let } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { Row, RowStream } from '../runtime.js';

/** Let (LET, and LETTING after a group): binds each variable in order; a later one sees the earlier ones. */
export function compileLet(op: Let, cx: CompileContext): CompiledOperator {
  let scope = cx.scope;
  const bindings: { name: string; expr: Evaluator }[] = [];
  for (const b of op.bindings) {
    bindings.push({ name: b.var, expr: compileExpr(b.expr, scope) });
    scope = { ...childScope(scope, [b.var], true) };
  }
  return {
    cx: { ...cx, scope },
    run: function* (input, _outer, rc): RowStream {
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        const out: Row[] = new Array(batch.length);
        for (let i = 0; i < batch.length; i++) {
          // A copy of the row's names (siblingEnv), not a child: no prototype per row.
          const env = siblingEnv(batch[i].env);
          for (const b of bindings) env[b.name] = b.expr(env, rc);
          out[i] = { env, out: batch[i].out };
        }
        yield out;
      }
    },
  };
}
