import type { IndexCountProject } from '../../planner/index.js';
import type { ObjectValue } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';
import { COUNT_SLOT } from './index-count-scan2.js';

/** IndexCountProject: the result row of an IndexCountScan2 (every term is the count). */
export function compileIndexCountProject(op: IndexCountProject, cx: CompileContext): CompiledOperator {
  return {
    cx,
    run: function* (input): RowStream {
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        yield batch.map((row) => {
          const n = row.env[COUNT_SLOT];
          if (op.raw) return { env: row.env, out: n };
          const out: ObjectValue = {};
          for (const name of op._names) out[name] = n;
          return { env: row.env, out };
        });
      }
    },
  };
}
