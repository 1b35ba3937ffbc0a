import type { Expr, OrderTerm } from '../ast/index.js';
import type { Catalog } from './catalog.js';
import { exprEquivalent } from './expr-equivalent.js';
import { formalize } from './formalize.js';
import type { SelectPlan } from './plan.js';

/**
 * ORDER BY served by an index (couchbase/query `planner/build_select_order.go`, simplified):
 * when a single SELECT block scans one scalar index with one span, without grouping,
 * DISTINCT, UNNEST or LET, and the ORDER BY terms are the index's leading keys in the index's
 * directions with the default NULLS placement, the Order operator is dropped. If the spans
 * also serve the whole WHERE, OFFSET+LIMIT is pushed into the scan as its `limit`.
 */
export function pushDownOrder(plan: SelectPlan, catalog: Catalog): void {
  const b = plan.body;
  if (b.kind !== 'Subselect') return;
  if (!plan.orderBy?.length) {
    pushDownLimit(plan);
    return;
  }
  const src = b.source;
  if (src.op !== 'IndexScan' || src.scan.kind !== 'IndexScan3' || src.scan.distinct || src.scan.spans.length !== 1) return;
  if (b.group || b.distinct || b.unnests.length || b.let?.length) return;
  const scan = src.scan;
  const index = catalog.indexes?.(src.keyspace).find((i) => i.name === scan.index);
  if (!index || plan.orderBy.length > index.keys.length) return;
  const served = plan.orderBy.every((o: OrderTerm, i) => {
    const key = index.keys[i];
    const nullsDefault = o.nulls === undefined || o.nulls === (o.desc ? 'LAST' : 'FIRST');
    return nullsDefault && o.desc === key.desc && exprEquivalent(formalize(o.expr, src.alias), formalize(key.expr, index.alias));
  });
  if (!served) return;
  b.orderServed = true;
  if (plan.limit && scan.servesWhere) {
    scan.limit = plan.offset ? ({ kind: 'Binary', op: '+', left: plan.limit, right: plan.offset } as Expr) : plan.limit;
  }
}

/**
 * LIMIT without ORDER BY: any rows will do, so when the spans alone decide the result (exact,
 * serving every conjunct) the scan stops after OFFSET+LIMIT documents (reference
 * `checkPushDowns`). Not with grouping, DISTINCT, UNNEST or LET, which change the row count.
 */
function pushDownLimit(plan: SelectPlan): void {
  const b = plan.body;
  if (b.kind !== 'Subselect' || !plan.limit) return;
  const src = b.source;
  if (src.op !== 'IndexScan' || src.scan.kind !== 'IndexScan3' || !src.scan.servesWhere) return;
  if (b.group || b.distinct || b.unnests.length || b.let?.length) return;
  src.scan.limit = plan.offset ? ({ kind: 'Binary', op: '+', left: plan.limit, right: plan.offset } as Expr) : plan.limit;
}
