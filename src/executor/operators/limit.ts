import type { Limit } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';
import { compileCount } from './count-value.js';

/** Limit: stops pulling its input after the first rows. Source: couchbase/query `execution/limit.go`. */
export function compileLimit(op: Limit, cx: CompileContext): CompiledOperator {
  const count = compileCount(op.expr, 'LIMIT', cx.base);
  return {
    cx,
    run: function* (input, outer, rc): RowStream {
      let left = count(rc, outer);
      if (left <= 0) return;
      for (const batch of input) {
        if (batch.length >= left) {
          yield batch.slice(0, left);
          return;
        }
        left -= batch.length;
        yield batch;
      }
    },
  };
}
