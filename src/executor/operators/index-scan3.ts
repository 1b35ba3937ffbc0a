import type { IndexScan3 } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { compileKeySourceOperator } from './key-source.js';

/** IndexScan3: the document keys it selects (key-source.ts), for the Fetch after it. Source: couchbase/query `execution/index_scan3.go`. */
export function compileIndexScan3(op: IndexScan3, cx: CompileContext): CompiledOperator {
  return compileKeySourceOperator(op, cx);
}
