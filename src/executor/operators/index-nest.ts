import type { IndexNest } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { compileIndexJoin } from './index-join.js';

/** IndexNest (`NEST … ON KEY inner.field FOR outer`): as IndexJoin, the matches nested in an array. Source: couchbase/query `execution/index_nest.go`. */
export function compileIndexNest(op: IndexNest, cx: CompileContext): CompiledOperator {
  return compileIndexJoin(op, cx);
}
