import { rootEnv } from '../../eval/index.js';
import type { Advise } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';

/** Advise: emits its one row, `{"#operator": "Advise", advice, query}` (couchbase/query `execution/advise.go`). */
export function compileAdvise(op: Advise, cx: CompileContext): CompiledOperator {
  return {
    cx,
    run: function* (): RowStream {
      yield [{ env: rootEnv(), out: { '#operator': 'Advise', advice: op.advice, query: op.query } }];
    },
  };
}
