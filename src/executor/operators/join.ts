import { compileExpr } from '../../eval/index.js';
import type { Join } from '../../planner/index.js';
import { lookupJoin } from '../join-lookup.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { afterJoin } from './join-inner.js';

/** Join (lookup, `ON KEYS`): fetches the inner documents by key for each outer row. Source: couchbase/query `execution/join.go`. */
export function compileJoin(op: Join, cx: CompileContext): CompiledOperator {
  const spec = { keyspace: op.keyspace, alias: op._alias, keys: compileExpr(op.on_keys, cx.scope), outer: !!op.outer, nest: false, validate: !!op._validate, unread: !!op._unread };
  return { cx: afterJoin(cx, op._alias), run: (input, _outer, rc) => lookupJoin(input, spec, rc) };
}
