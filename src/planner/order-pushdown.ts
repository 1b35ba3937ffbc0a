import { resultNames, someExpr, type Expr, type OrderTerm, type ResultTerm } from '../ast/index.js';
import { collectWindowCalls } from './build-window.js';
import type { Catalog, IndexInfo } from './catalog.js';
import { exprEquivalent } from '../semantic/expr-equivalent.js';
import { formalize } from '../semantic/formalize.js';
import type { SelectPlan, SpanRangePlan } from './logical-plan.js';
import { spansDecideWhere } from './source-ops.js';
import { orderedSpans } from './ordered-spans.js';

/**
 * ORDER BY served by an index (couchbase/query `planner/build_select_order.go`, simplified):
 * when a single SELECT block scans one scalar index whose spans are walked in order (one span,
 * or sorted disjoint ranges of the leading key), with no join, LET or window function (UNNEST
 * and DISTINCT keep the index order), and the ORDER BY terms are the index's keys in the
 * index's directions with the default NULLS placement (from its leading key, or after keys one
 * span fixes to a value), the Order operator is dropped. With grouping,
 * the order is noted (`groupOrder`) for an index that aggregates on those keys. If the spans
 * also serve the whole WHERE, LIMIT and OFFSET are pushed into the scan ({@link pushLimitOffset}).
 */
export function pushDownOrder(plan: SelectPlan, catalog: Catalog): void {
  const b = plan.body;
  if (b.kind !== 'Subselect') return;
  if (!plan.orderBy?.length) {
    pushDownLimit(plan);
    return;
  }
  const src = b.source;
  if (src.op !== 'IndexScan' || src.scan.kind !== 'IndexScan3' || src.scan.distinct) return;
  if (b.group && (b.group.groupAs || b.group.keys.length === 0 || b.distinct || b.steps.length)) return;
  // UNNESTs keep the scan's order (a document's rows follow each other) and DISTINCT keeps each
  // row's first occurrence, so the rows stay in the index order (the reference serves such an
  // ORDER BY too); a join may reorder them.
  if (!b.steps.every((s) => s.op === 'Unnest') || b.let?.length || hasWindows(plan)) return;
  const scan = src.scan;
  const index = catalog.indexes?.(src.keyspace).find((i) => i.name === scan.index);
  // Several spans keep the index order when they are sorted and do not overlap (ordered-spans.ts).
  if (!index || !orderedSpans(scan.spans.map((s) => s.ranges), index.keys[0]?.desc)) return;
  // Grouped: served only if the index aggregates (group-scans.ts decides, from this order).
  if (b.group) {
    if (orderServedBy(plan, index, src.alias)) b.groupOrder = plan.orderBy.map((o, i) => ({ keypos: i, ...(index.keys[i].desc ? { desc: true } : {}) }));
    return;
  }
  // Keys one span fixes to one value (`team = 'gsw'` on `(team, fname DESC, …)`) do not change
  // the order of the entries within the span: the ORDER BY may start after them (the reference
  // serves `ORDER BY fname DESC` from that index).
  let fixed = 0;
  if (scan.spans.length === 1) {
    const ranges = scan.spans[0].ranges;
    while (fixed < ranges.length && pointRange(ranges[fixed])) fixed++;
  }
  let first = -1;
  for (let k = 0; k <= fixed && first < 0; k++) if (orderServedBy(plan, index, src.alias, k)) first = k;
  if (first < 0) return;
  b.orderServed = true;
  scan.indexOrder = plan.orderBy.map((_o, i) => ({ keypos: first + i, ...(index.keys[first + i].desc ? { desc: true } : {}) }));
  // Not with DISTINCT or UNNEST, which change the number of rows per entry.
  if (plan.limit && spansDecideWhere(src) && !b.distinct && !b.steps.length) pushLimitOffset(scan, plan.limit, plan.offset, orderedSpans(scan.spans.map((s) => s.ranges)));
}

/** True if a span range selects one value of its key (`inclusion` 3, the same bound on both sides). */
function pointRange(r: SpanRangePlan): boolean {
  return r.inclusion === 3 && !!r.low && !!r.high && JSON.stringify(r.low) === JSON.stringify(r.high);
}

/**
 * LIMIT and OFFSET into a scan whose spans decide the result: OFFSET as the scan's own `offset`
 * (it skips that many entries; then `limit` is LIMIT alone) when the scan's spans are walked in
 * order, each entry once (`ordered`: ordered-spans.ts) over a scalar index (the reference's
 * `CanPushDownOffset`: entries are the rows, none counted twice); otherwise OFFSET+LIMIT as its
 * `limit`, and the Offset operator skips.
 */
export function pushLimitOffset(scan: { limit?: Expr; offset?: Expr; distinct?: boolean }, limit: Expr, offset: Expr | undefined, ordered: boolean): void {
  if (offset && ordered && !scan.distinct) {
    scan.limit = limit;
    scan.offset = offset;
  } else scan.limit = scanLimit(limit, offset);
}

/**
 * True when the ORDER BY terms are the index's keys from key `first` on (0: its leading keys),
 * in the index's directions, with the default NULLS placement (a direction or NULLS position
 * given by a parameter is known only when the query runs): the index order is the ORDER BY's.
 * `alias`: the scanned FROM alias.
 */
export function orderServedBy(plan: SelectPlan, index: IndexInfo, alias: string, first = 0): boolean {
  const b = plan.body;
  if (b.kind !== 'Subselect' || !plan.orderBy?.length || first + plan.orderBy.length > index.keys.length) return false;
  const aliases = b.raw ? new Map<string, Expr>() : shadowingAliases(b.terms);
  return plan.orderBy.every((o: OrderTerm, i) => {
    const key = index.keys[first + i];
    if (!key || o.direction || o.nullsPosition) return false;
    const nullsDefault = o.nulls === undefined || o.nulls === (o.desc ? 'LAST' : 'FIRST');
    const expr = resolveAliases(o.expr, aliases);
    return nullsDefault && o.desc === key.desc && !!expr && exprEquivalent(formalize(expr, alias), formalize(key.expr, index.alias));
  });
}

/**
 * The result names of a projection that stand for something other than the field of the same
 * name (`SELECT b AS a`), with their expressions: ORDER BY sees result names first.
 */
function shadowingAliases(terms: ResultTerm[]): Map<string, Expr> {
  const out = new Map<string, Expr>();
  const names = resultNames(terms);
  terms.forEach((t, i) => {
    const name = names[i];
    if (t.kind === 'Term' && name !== undefined && !(t.expr.kind === 'Identifier' && t.expr.name === name)) out.set(name, t.expr);
  });
  return out;
}

/**
 * An ORDER BY term with its result names resolved: a bare result name becomes the projected
 * expression; undefined (not served) if a result name appears inside a larger expression.
 */
function resolveAliases(e: Expr, aliases: ReadonlyMap<string, Expr>): Expr | undefined {
  if (e.kind === 'Identifier' && aliases.has(e.name)) return aliases.get(e.name);
  return someExpr(e, (x) => x.kind === 'Identifier' && aliases.has(x.name)) ? undefined : e;
}

/**
 * The scan's limit for LIMIT and OFFSET: `limit + offset`, where a negative offset counts as 0
 * (as the Offset operator reads it), so the scan never stops before the rows OFFSET skips and LIMIT keeps.
 */
export function scanLimit(limit: Expr, offset: Expr | undefined): Expr {
  if (!offset) return limit;
  const zero: Expr = { kind: 'Literal', value: 0 };
  const nonNegative: Expr = { kind: 'Case', whens: [{ when: { kind: 'Binary', op: '>', left: offset, right: zero }, then: offset }], else: zero };
  return { kind: 'Binary', op: '+', left: limit, right: nonNegative };
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
  if (src.op !== 'IndexScan' || src.scan.kind === 'IntersectScan' || !spansDecideWhere(src)) return;
  if (b.group || b.distinct || b.steps.length || b.let?.length || hasWindows(plan)) return;
  // A UnionScan stops after OFFSET+LIMIT documents; the Offset operator skips.
  if (src.scan.kind === 'UnionScan') {
    src.scan.limit = scanLimit(plan.limit, plan.offset);
    return;
  }
  pushLimitOffset(src.scan, plan.limit, plan.offset, orderedSpans(src.scan.spans.map((s) => s.ranges)));
}

/** True if the block computes window functions: they need every row, and change the rows' order. */
function hasWindows(plan: SelectPlan): boolean {
  const b = plan.body;
  if (b.kind !== 'Subselect') return false;
  return collectWindowCalls([...b.terms.flatMap((t) => (t.kind === 'Star' ? [] : [t.expr])), ...(plan.orderBy ?? []).map((o) => o.expr)]).length > 0;
}
