import { compileExpr } from '../../eval/index.js';
import type { Nest } from '../../planner/index.js';
import { lookupJoin } from '../join-lookup.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { afterJoin } from './join-inner.js';

/** Nest (lookup, `ON KEYS`): binds the array of the inner documents the keys name. Source: couchbase/query `execution/nest.go`. */
export function compileNest(op: Nest, cx: CompileContext): CompiledOperator {
  const spec = { keyspace: op.keyspace, alias: op._alias, keys: compileExpr(op.on_keys, cx.scope), outer: !!op.outer, nest: true, validate: !!op._validate };
  return { cx: afterJoin(cx, op._alias), run: (input, _outer, rc) => lookupJoin(input, spec, rc) };
}
