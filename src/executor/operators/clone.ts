import { cloneValue } from '../../values/index.js';
import type { Clone } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';

/** Clone: a copy of each row's document, which Set and Unset change and SendUpdate writes. Source: couchbase/query `execution/clone.go`. */
export function compileClone(_op: Clone, cx: CompileContext): CompiledOperator {
  const alias = cx.starAliases[0];
  return {
    cx,
    run: function* (input): RowStream {
      for (const batch of input) {
        for (const row of batch) row.clone = cloneValue(row.env[alias]);
        yield batch;
      }
    },
  };
}
