import type { ExceptAll } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { afterSetOperation, intersectOrExcept, outputRows } from './set-operation.js';

/** ExceptAll: rows of `first` not in `second` (`distinct`: EXCEPT). Source: couchbase/query `execution/except_all.go`. */
export function compileExceptAll(op: ExceptAll, cx: CompileContext): CompiledOperator {
  const first = cx.compile(op.first, { ...cx, scope: cx.base }).run;
  const second = cx.compile(op.second, { ...cx, scope: cx.base }).run;
  return {
    cx: afterSetOperation(cx),
    run: (input, outer, rc) => outputRows(intersectOrExcept(false, !!op.distinct, first(input, outer, rc), second(input, outer, rc))),
  };
}
