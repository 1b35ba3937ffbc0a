import type { IndexScan3 } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { compileIndexGroupAggs } from './index-group-aggs.js';
import { compileKeySourceOperator } from './key-source.js';

/**
 * IndexScan3: the document keys it selects (key-source.ts), for the Fetch after it; with
 * `index_group_aggs`, the groups and aggregates it computes from the entries (index-group-aggs.ts).
 * Source: couchbase/query `execution/index_scan3.go`.
 */
export function compileIndexScan3(op: IndexScan3, cx: CompileContext): CompiledOperator {
  return op.index_group_aggs ? compileIndexGroupAggs(op, cx) : compileKeySourceOperator(op, cx);
}
