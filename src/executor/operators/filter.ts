import { compileExpr } from '../../eval/index.js';
import type { Filter } from '../../planner/index.js';
import { truth } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { Row, RowStream } from '../runtime.js';

/** Filter: keeps the rows whose condition is TRUE (MISSING, NULL and FALSE drop the row). */
export function compileFilter(op: Filter, cx: CompileContext): CompiledOperator {
  // The scan's spans decide the condition (its filter_covers): every row it yields passes.
  if (op._covered) return { cx, run: (input) => input };
  const cond = compileExpr(op.condition, cx.scope);
  return {
    cx,
    run: function* (input, _outer, rc): RowStream {
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        const out: Row[] = [];
        for (const row of batch) if (truth(cond(row.env, rc))) out.push(row);
        if (out.length) yield out;
      }
    },
  };
}
