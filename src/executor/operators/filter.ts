import { compileExpr } from '../../eval/index.js';
import type { Filter } from '../../planner/index.js';
import { truth } from '../../values/index.js';
import { runsSubquery, type CompileContext, type CompiledOperator } from '../operator-context.js';
import { due, PAUSE, type Row, type RowStream } from '../runtime.js';

/** Filter: keeps the rows whose condition is TRUE (MISSING, NULL and FALSE drop the row). */
export function compileFilter(op: Filter, cx: CompileContext): CompiledOperator {
  // The scan's spans decide the condition (its filter_covers): every row it yields passes.
  if (op._covered) return { cx, run: (input) => input };
  const cond = compileExpr(op.condition, cx.scope);
  const perRow = runsSubquery(op.condition);
  return {
    cx,
    run: function* (input, _outer, rc): RowStream {
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        let out: Row[] = [];
        for (let bi = 0, bn = batch.length; bi < bn; bi++) {
          const row = batch[bi]!;
          if (truth(cond(row.env, rc))) out.push(row);
          if (perRow && due(rc)) {
            if (out.length) yield out;
            out = [];
            yield PAUSE;
          }
        }
        if (out.length) yield out;
      }
    },
  };
}
