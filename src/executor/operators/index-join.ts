import type { Expr } from '../../ast/index.js';
import { childScope, compileExpr } from '../../eval/index.js';
import type { IndexJoin, IndexNest } from '../../planner/index.js';
import { sequence } from '../../planner/index.js';
import { nestedLoopJoin } from '../join-nested-loop.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { afterJoin, compileInner } from './join-inner.js';

/**
 * IndexJoin (`ON KEY inner.field FOR outer`): for each outer row, the index scan `_scan` (its span
 * the outer document's key) and a Fetch of the inner documents whose ON KEY is that key (none
 * when the scan covers the join: it binds documents rebuilt from the entries).
 * Source: couchbase/query `execution/index_join.go`.
 */
export function compileIndexJoin(op: IndexJoin | IndexNest, cx: CompileContext): CompiledOperator {
  const alias = op.as;
  // A covered index join's scan binds the inner rows itself (key-source.ts): no Fetch.
  const covered = op._scan['#operator'] === 'IndexScan3' && op._scan._coverPaths !== undefined;
  const child = sequence(covered ? [op._scan] : [op._scan, { '#operator': 'Fetch', ...(alias !== op.keyspace ? { as: alias } : {}), keyspace: op.keyspace, namespace: op.namespace }]);
  const metaId: Expr = { kind: 'Field', target: { kind: 'FunctionCall', name: 'meta', args: [{ kind: 'Identifier', name: op.for }] }, name: 'id' };
  const on = compileExpr({ kind: 'Binary', op: '=', left: op.on_key, right: metaId }, childScope(cx.scope, [alias]));
  const spec = { alias, inner: compileInner(child, cx, true), on, outer: !!op.outer, nest: op['#operator'] === 'IndexNest' };
  return { cx: afterJoin(cx, alias), run: (input, _outer, rc) => nestedLoopJoin(input, spec, rc) };
}
