import type { Offset } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';
import { compileCount } from './count-value.js';

/** Offset: skips the first rows. Source: couchbase/query `execution/offset.go`. */
export function compileOffset(op: Offset, cx: CompileContext): CompiledOperator {
  const count = compileCount(op.expr, 'OFFSET', cx.base);
  return {
    cx,
    run: function* (input, outer, rc): RowStream {
      let skip = count(rc, outer);
      for (const batch of input) {
        if (skip === 0 || batch.length === 0) {
          yield batch;
          continue;
        }
        if (batch.length <= skip) {
          skip -= batch.length;
          continue;
        }
        yield batch.slice(skip);
        skip = 0;
      }
    },
  };
}
