import type { Expr, FunctionCall } from '../ast/index.js';
import { resultNames } from '../ast/index.js';
import { isAggregateName } from '../eval/index.js';
import { formalize, KS } from '../semantic/formalize.js';
import { keySource, spansDecideWhere } from './source-ops.js';
import { fieldPath } from './cover.js';
import { exprText } from './explain.js';
import type { SelectPlan } from './logical-plan.js';
import { sequence, type IndexCountDistinctScan2, type IndexCountScan2, type Operator, type Span } from './plan/index.js';

const isCount = (e: Expr): e is FunctionCall => e.kind === 'FunctionCall' && !e.over && !e.filter && isAggregateName(e.name) && e.name.toLowerCase() === 'count';
const isCountStar = (e: Expr): boolean => isCount(e) && !!e.star && !e.distinct;
/** COUNT(*), or COUNT of a non-NULL literal constant: counts every row. */
const isCountRows = (e: Expr): boolean => isCountStar(e) || (isCount(e) && !e.star && !e.distinct && e.args.length === 1 && e.args[0].kind === 'Literal' && e.args[0].value !== null && e.args[0].value !== undefined);

/**
 * `SELECT COUNT(*) … WHERE <predicate the spans of a scalar index decide>` (no GROUP BY keys,
 * LETTING, HAVING, UNNEST, LET, DISTINCT or ORDER BY; every term `COUNT(*)`) planned as
 * IndexCountScan2 + IndexCountProject: the count comes from the index entries, without Fetch.
 * An array index's scan (a DistinctScan) counts each document once. Likewise every term
 * `COUNT(DISTINCT k)`, `k` the leading key of a covering scan of a scalar index, as
 * IndexCountDistinctScan2 + IndexCountProject (couchbase/query `planner/build_select_count.go`,
 * simplified). Undefined when the block is not such a count.
 */
export function indexCountTree(p: SelectPlan): Operator | undefined {
  const b = p.body;
  if (b.kind !== 'Subselect' || p.orderBy?.length) return undefined;
  const src = b.source;
  const g = b.group;
  if (!g || g.keys.length || g.letting?.length || g.having || b.steps.length || b.let?.length || b.distinct) return undefined;
  if (!b.terms.length || !b.terms.every((t) => t.kind === 'Term')) return undefined;
  const exprs = b.terms.map((t) => (t.kind === 'Term' ? t.expr : undefined)!);
  // The whole keyspace (a primary index is there): CountScan.
  if (src.op === 'PrimaryScan3' && !b.where && exprs.every(isCountRows)) {
    return countTree(p, { '#operator': 'CountScan', ...(src.alias !== src.keyspace ? { as: src.alias } : {}), keyspace: src.keyspace, namespace: src.namespace }, exprs.every(isCountStar) ? 'count(*)' : undefined);
  }
  if (src.op !== 'IndexScan' || src.scan.kind !== 'IndexScan3' || !spansDecideWhere(src)) return undefined;
  // An array index: COUNT(*) only, each document counted once (`_distinct`).
  const distinctOf = src.scan.distinct ? undefined : countDistinctLeading(exprs, src.coverPaths?.[0], src.alias, new Set(b.outerNames ?? []));
  if (!distinctOf && !exprs.every(isCountStar)) return undefined;
  const source = keySource({ ...src.scan, covers: undefined, limit: undefined }, src.alias);
  const scan = source['#operator'] === 'DistinctScan' ? source.scan : source;
  if (scan['#operator'] !== 'IndexScan3') return undefined;
  const coverText = distinctOf ? `cover (count(distinct ${distinctOf}))` : 'cover (count(*))';
  const covers = (src.scan.covers ?? []).concat([coverText]);
  const fields = { covers, index: scan.index, index_id: scan.index_id, keyspace: scan.keyspace, namespace: scan.namespace, spans: scan.spans, using: 'gsi' as const };
  const count: IndexCountScan2 | IndexCountDistinctScan2 = distinctOf
    ? { '#operator': 'IndexCountDistinctScan2', ...fields }
    : { '#operator': 'IndexCountScan2', ...fields, ...(src.scan.distinct ? { _distinct: true, ...(onePerDocument(scan.spans, src.scan.arrayKey) ? { _onePerDocument: true } : {}) } : {}) };
  return countTree(p, count, coverText);
}

/**
 * The count operator, the IndexCountProject after it (each term printed as `text`, or as
 * written) and the block's OFFSET and LIMIT.
 */
function countTree(p: SelectPlan, count: Operator, text: string | undefined): Operator {
  const b = p.body as Extract<SelectPlan['body'], { kind: 'Subselect' }>;
  const names = resultNames(b.terms).map((n) => n!);
  const project: Operator = {
    '#operator': 'IndexCountProject',
    ...(b.raw ? { raw: true } : {}),
    result_terms: b.terms.map((t) => ({ ...(t.kind === 'Term' && t.alias ? { as: t.alias } : {}), expr: text ?? (t.kind === 'Term' ? exprText(t.expr) : '') })),
    _names: names,
  };
  const ops: Operator[] = [sequence([count, project])];
  if (!p.offset && !p.limit) return ops[0];
  if (p.offset) ops.push({ '#operator': 'Offset', expr: p.offset });
  if (p.limit) ops.push({ '#operator': 'Limit', expr: p.limit });
  return sequence(ops);
}

/**
 * When every term is the same `COUNT(DISTINCT k)` and `k` is the covering scan's leading key
 * (its field path `leading`), the text of `k` formalized on the alias (as the reference prints
 * it in `cover (count(distinct …))`); otherwise undefined.
 */
function countDistinctLeading(exprs: readonly Expr[], leading: readonly string[] | undefined, alias: string, bound: ReadonlySet<string>): string | undefined {
  if (!leading?.length) return undefined;
  const first = exprs[0];
  if (!isCount(first) || !first.distinct || first.star || first.args.length !== 1) return undefined;
  const formal = formalize(first.args[0], alias, bound);
  const path = fieldPath(formal);
  if (!path || path.length !== leading.length || !path.every((n, i) => n === leading[i])) return undefined;
  const text = exprText(JSON.parse(JSON.stringify(formal), (_k, v) => (v && v.kind === 'Identifier' && v.name === KS ? { ...v, name: alias } : v)) as Expr);
  const same = exprs.every((e) => isCount(e) && e.distinct && !e.star && e.args.length === 1 && exprText(formalize(e.args[0], alias, bound)) === exprText(formal));
  return same ? text : undefined;
}

/**
 * One span whose ranges fix every index key up to the array key (at `arrayKey`) to one value:
 * an index keeps one entry per document for each distinct key, so no document is in it twice.
 */
function onePerDocument(spans: readonly Span[], arrayKey: number | undefined): boolean {
  if (arrayKey === undefined || spans.length !== 1) return false;
  const ranges = spans[0]!.range;
  if (ranges.length <= arrayKey) return false;
  return ranges.slice(0, arrayKey + 1).every((r) => r.inclusion === 3 && r.low !== undefined && r.high !== undefined && exprText(r.low) === exprText(r.high));
}
