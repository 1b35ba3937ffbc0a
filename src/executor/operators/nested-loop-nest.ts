import type { NestedLoopNest } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { compileNestedLoopJoin } from './nested-loop-join.js';

/** NestedLoopNest: as NestedLoopJoin, the matches of each outer row nested in an array. Source: couchbase/query `execution/nl_nest.go`. */
export function compileNestedLoopNest(op: NestedLoopNest, cx: CompileContext): CompiledOperator {
  return compileNestedLoopJoin(op, cx);
}
