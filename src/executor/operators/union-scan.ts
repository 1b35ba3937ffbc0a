import type { UnionScan } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { compileKeySourceOperator } from './key-source.js';

/** UnionScan: the document keys it selects (key-source.ts), for the Fetch after it. Source: couchbase/query `execution/union_scan.go`. */
export function compileUnionScan(op: UnionScan, cx: CompileContext): CompiledOperator {
  return compileKeySourceOperator(op, cx);
}
