import { childEnv, rootEnv } from '../../eval/index.js';
import type { Alias } from '../../planner/index.js';
import { blockScope, type CompileContext, type CompiledOperator } from '../operator-context.js';
import type { Row, RowStream } from '../runtime.js';

/** Alias: binds each row's value (a FROM subquery's result row) to `as`, in a new row of the block. */
export function compileAlias(op: Alias, cx: CompileContext): CompiledOperator {
  return {
    cx: { ...cx, scope: blockScope(cx.base, [op.as], op.as, false), starAliases: [op.as] },
    run: function* (input, outer): RowStream {
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        const out: Row[] = new Array(batch.length);
        for (let i = 0; i < batch.length; i++) {
          const env = outer ? childEnv(outer) : rootEnv();
          env[op.as] = batch[i].out;
          out[i] = { env };
        }
        yield out;
      }
    },
  };
}
