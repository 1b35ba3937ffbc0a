import type { UnionAll } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';
import { afterSetOperation, outputRows } from './set-operation.js';

/** UnionAll: the rows of each child in turn (each compiled in the enclosing scope). Source: couchbase/query `execution/union_all.go`. */
export function compileUnionAll(op: UnionAll, cx: CompileContext): CompiledOperator {
  const children = op['~children'].map((c) => cx.compile(c, { ...cx, scope: cx.base }).run);
  return {
    cx: afterSetOperation(cx),
    run: (input, outer, rc) =>
      outputRows(
        (function* (): RowStream {
          for (const c of children) yield* c(input, outer, rc);
        })(),
      ),
  };
}
