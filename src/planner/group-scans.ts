import type { Expr } from '../ast/index.js';
import { readsOnlyIndexKeys } from './index-group-aggs.js';
import type { SelectPlan, SubselectPlan } from './logical-plan.js';
import { formalize } from '../semantic/formalize.js';
import { pushLimitOffset } from './order-pushdown.js';
import { orderedSpans } from './ordered-spans.js';
import { collectWindowCalls } from './build-window.js';
import { type IndexScan3, type Operator } from './plan/index.js';
import { spansDecideWhere } from './source-ops.js';

/**
 * Grouped blocks answered by the index: the IndexScan3 that aggregates for a block, and the
 * ORDER BY and LIMIT that the order in which it emits groups serves.
 */

/**
 * The covering IndexScan3 of a grouped block the index could aggregate for: the block's only
 * source, its spans decide the WHERE, no join, UNNEST, LET, GROUP AS or window function.
 */
export function pushedGroupAggs(p: SubselectPlan, ops: Operator[], aggregateSources: Expr[]): IndexScan3 | undefined {
  if (ops.length !== 1 || p.steps.length || p.let?.length || p.preFilter || p.group?.groupAs || !spansDecideWhere(p.source)) return undefined;
  const scan = ops[0];
  if (scan['#operator'] !== 'IndexScan3' || !scan._coverPaths) return undefined;
  if (collectWindowCalls([...p.terms.flatMap((t) => (t.kind === 'Star' ? [] : [t.expr])), ...aggregateSources]).length) return undefined;
  return scan;
}

/**
 * The aggregating scan of a block (its first operator) when it emits groups contiguously in index
 * order: its spans walked in order (ordered-spans.ts), and the GROUP BY keys are the index's leading keys (every one an index key,
 * together the first ones); groups are emitted as first met.
 */
export function leadingGroupScan(b: SubselectPlan, body: Operator): IndexScan3 | undefined {
  if (body['#operator'] !== 'Sequence') return undefined;
  const scan = body['~children'][0];
  if (scan?.['#operator'] !== 'IndexScan3' || !scan.index_group_aggs || scan.index_group_aggs.partial || !orderedSpans(scan.spans.map((s) => s.range))) return undefined;
  const group = scan.index_group_aggs.group ?? [];
  const positions = new Set(group.map((g) => g.keypos));
  if (positions.size === 0 || positions.has(-1) || [...positions].some((x) => x >= positions.size)) return undefined;
  return scan;
}

/**
 * True (and the scan's `index_order` set) when a block's ORDER BY is the order its aggregating
 * index scan emits groups in ({@link leadingGroupScan}): the ORDER BY terms are a prefix of the
 * GROUP BY keys in the index's directions (`groupOrder`). With LIMIT (no HAVING, no DISTINCT)
 * the scan's `limit` is OFFSET+LIMIT groups; Offset and Limit follow.
 */
export function groupOrderServed(b: SubselectPlan, body: Operator, limit: Expr | undefined, offset: Expr | undefined): boolean {
  const scan = b.groupOrder ? leadingGroupScan(b, body) : undefined;
  if (!scan || new Set(scan.index_group_aggs!.group!.map((g) => g.keypos)).size < b.groupOrder!.length) return false;
  scan.index_order = b.groupOrder;
  groupLimit(b, scan, limit, offset);
  return true;
}

/**
 * LIMIT and OFFSET without HAVING or DISTINCT into a scan that emits whole groups in order (one
 * span): it skips the first OFFSET groups and stops after LIMIT more, as the reference pushes
 * both into the indexer; the Offset operator is then left out.
 */
export function groupLimit(b: SubselectPlan, scan: IndexScan3, limit: Expr | undefined, offset: Expr | undefined): void {
  if (limit && !b.group?.having && !b.distinct) pushLimitOffset(scan, limit, offset, true);
}

/**
 * True (and the scan's `index_order` set) when a block scanning the primary index covered
 * ({@link primaryGroupScan}, not grouped) is ordered by `META().id` ascending, NULLS default: the
 * scan's key order. LIMIT and OFFSET then go into the scan too (no DISTINCT: every entry is a row).
 */
export function primaryOrderServed(p: SelectPlan, body: Operator): boolean {
  const b = p.body as SubselectPlan;
  if (b.group || body['#operator'] !== 'Sequence' || p.orderBy?.length !== 1) return false;
  const scan = body['~children'][0];
  if (scan?.['#operator'] !== 'IndexScan3' || !scan._primary || scan.index_group_aggs) return false;
  const o = p.orderBy[0];
  if (o.desc || o.direction || o.nullsPosition || (o.nulls !== undefined && o.nulls !== 'FIRST')) return false;
  const aliases = new Map(b.terms.flatMap((t) => (t.kind === 'Term' && t.alias ? [[t.alias, t.expr] as const] : [])));
  const e = o.expr.kind === 'Identifier' && aliases.has(o.expr.name) ? aliases.get(o.expr.name)! : o.expr;
  const f = formalize(e, scan._alias, new Set(b.outerNames ?? []));
  if (!(f.kind === 'Field' && f.name === 'id' && f.target.kind === 'FunctionCall' && f.target.name === 'meta')) return false;
  scan.index_order = [{ keypos: 0 }];
  if (p.limit && !b.distinct) {
    scan.limit = p.limit;
    if (p.offset) scan.offset = p.offset;
  }
  return true;
}

/**
 * A block over a primary index (no WHERE, join, UNNEST, LET, GROUP AS or window function) that
 * reads the keyspace only through `META().id`: an IndexScan3 of the primary index covering
 * `META().id` (its one key, in key order), as couchbase/query plans such a block. A grouped
 * block keeps it only for the aggregates it can compute (`index_group_aggs`).
 */
export function primaryGroupScan(p: SubselectPlan, ops: Operator[], aggregateSources: Expr[]): IndexScan3 | undefined {
  const src = p.source;
  if (src.op !== 'PrimaryScan3' || !src.indexId || p.where || p.steps.length || p.let?.length || p.preFilter || p.group?.groupAs) return undefined;
  const exprs = [
    ...p.terms.flatMap((t) => (t.kind === 'Star' ? [undefined] : [t.expr])),
    ...(p.ast.exclude ?? []),
    ...(p.group?.letting ?? []).map((l) => l.expr),
    ...(p.group?.having ? [p.group.having] : []),
    ...aggregateSources,
  ];
  const bound = new Set([...(p.outerNames ?? []), ...(p.group?.keys ?? []).flatMap((k) => (k.alias ? [k.alias] : [])), ...(p.group?.letting ?? []).map((l) => l.name), ...p.terms.flatMap((t) => (t.kind === 'Term' && t.alias ? [t.alias] : []))]);
  if (!exprs.every((e) => e !== undefined && readsOnlyIndexKeys(e, src.alias, bound, []))) return undefined;
  if (collectWindowCalls(exprs as Expr[]).length || ops[0]?.['#operator'] !== 'PrimaryScan3') return undefined;
  return {
    '#operator': 'IndexScan3',
    ...(src.alias !== src.keyspace ? { as: src.alias } : {}),
    covers: ['cover ((meta(`' + src.alias + '`).`id`))'],
    index: src.index,
    index_id: src.indexId,
    index_projection: { primary_key: true },
    keyspace: src.keyspace,
    namespace: src.namespace,
    spans: [{ exact: true, range: [{ inclusion: 0, index_key: '(meta().`id`)' }] }],
    using: 'gsi',
    _alias: src.alias,
    _coverPaths: [],
    _primary: true,
  };
}
