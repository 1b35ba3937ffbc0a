import { rootEnv } from '../../eval/index.js';
import type { CountScan } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';
import { COUNT_SLOT } from './index-count-scan2.js';
import { keyspaceOf } from './keyspace-of.js';

/**
 * CountScan: the number of live documents of the keyspace (its count, no scan); emits one row
 * holding it for the IndexCountProject after it. Source: couchbase/query `execution/count_scan.go`.
 */
export function compileCountScan(op: CountScan, cx: CompileContext): CompiledOperator {
  return {
    cx,
    run: function* (_input, outer, rc): RowStream {
      const env = outer ? Object.create(outer) : rootEnv();
      env[COUNT_SLOT] = keyspaceOf(rc, op.keyspace).count();
      yield [{ env }];
    },
  };
}
