import type { IntersectScan } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { compileKeySourceOperator } from './key-source.js';

/** IntersectScan: the document keys it selects (key-source.ts), for the Fetch after it. Source: couchbase/query `execution/intersect_scan.go`. */
export function compileIntersectScan(op: IntersectScan, cx: CompileContext): CompiledOperator {
  return compileKeySourceOperator(op, cx);
}
