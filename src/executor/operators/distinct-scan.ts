import type { DistinctScan } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { compileKeySourceOperator } from './key-source.js';

/** DistinctScan: the document keys it selects (key-source.ts), for the Fetch after it. Source: couchbase/query `execution/distinct_scan.go`. */
export function compileDistinctScan(op: DistinctScan, cx: CompileContext): CompiledOperator {
  return compileKeySourceOperator(op, cx);
}
