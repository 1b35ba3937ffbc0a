import type { OrderedIntersectScan } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { compileKeySourceOperator } from './key-source.js';

/**
 * OrderedIntersectScan: the document keys every scan selects, in the first scan's order
 * (key-source.ts keeps the first scan's order for every intersection), for the Fetch after it.
 * Source: couchbase/query `execution/intersect_scan_ordered.go`.
 */
export function compileOrderedIntersectScan(op: OrderedIntersectScan, cx: CompileContext): CompiledOperator {
  return compileKeySourceOperator(op, cx);
}
