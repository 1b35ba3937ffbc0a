import { compileExpr } from '../../eval/index.js';
import type { SetOp } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';
import { applyPath } from '../set-path.js';
import { compileUpdatePath, updateTarget } from '../xattrs.js';

/** Set: every value is computed from the document as read, then written into the copy. Source: couchbase/query `execution/set.go`. */
export function compileSet(op: SetOp, cx: CompileContext): CompiledOperator {
  const alias = cx.starAliases[0];
  const sets = op.set_terms.map((s) => ({ ...compileUpdatePath(s.path, alias, cx.scope), value: compileExpr(s.value, cx.scope) }));
  return {
    cx,
    run: function* (input, _outer, rc): RowStream {
      for (const batch of input) {
        for (const row of batch) {
          const values = sets.map((s) => s.value(row.env, rc));
          sets.forEach((s, i) => applyPath(updateTarget(row, alias, s.xattr), s.path, values[i], row.env, rc));
        }
        yield batch;
      }
    },
  };
}
