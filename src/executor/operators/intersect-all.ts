import type { IntersectAll } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { afterSetOperation, intersectOrExcept, outputRows } from './set-operation.js';

/** IntersectAll: rows of `first` also in `second` (`distinct`: INTERSECT). Source: couchbase/query `execution/intersect_all.go`. */
export function compileIntersectAll(op: IntersectAll, cx: CompileContext): CompiledOperator {
  const first = cx.compile(op.first, { ...cx, scope: cx.base }).run;
  const second = cx.compile(op.second, { ...cx, scope: cx.base }).run;
  return {
    cx: afterSetOperation(cx),
    run: (input, outer, rc) => outputRows(intersectOrExcept(true, !!op.distinct, first(input, outer, rc), second(input, outer, rc))),
  };
}
