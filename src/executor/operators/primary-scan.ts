import { childEnv, rootEnv } from '../../eval/index.js';
import type { PrimaryScan } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { batched } from '../runtime.js';
import { systemKey, systemRows } from '../system-scan.js';

/** PrimaryScan of a `system:` keyspace: its rows (the Fetch of namespace `system` binds them). */
export function compilePrimaryScan(op: PrimaryScan, cx: CompileContext): CompiledOperator {
  return {
    cx,
    run: (_input, outer, rc) => batched(systemRows(op.keyspace, rc).map((item) => ({ env: outer ? childEnv(outer) : rootEnv(), item, key: systemKey(op.keyspace, item) }))),
  };
}
