import type { HashNest } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { compileHashJoin } from './hash-join.js';

/** HashNest: the inner side is built, each outer row gets the array of its matches. Source: couchbase/query `execution/hash_nest.go`. */
export function compileHashNest(op: HashNest, cx: CompileContext): CompiledOperator {
  return compileHashJoin(op, cx);
}
