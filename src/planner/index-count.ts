import type { Expr } from '../ast/index.js';
import { resultNames } from '../ast/index.js';
import { isAggregateName } from '../eval/index.js';
import { keySource, spansDecideWhere } from './build-tree.js';
import type { SelectPlan } from './logical-plan.js';
import { sequence, type IndexCountScan2, type Operator } from './plan/index.js';

const isCountStar = (e: Expr): boolean => e.kind === 'FunctionCall' && !e.over && isAggregateName(e.name) && e.name.toLowerCase() === 'count' && !!e.star && !e.distinct;

/**
 * `SELECT COUNT(*) … WHERE <predicate the spans of a scalar index decide>` (no GROUP BY keys,
 * LETTING, HAVING, UNNEST, LET, DISTINCT or ORDER BY; every term `COUNT(*)`) planned as
 * IndexCountScan2 + IndexCountProject: the count comes from the index entries, without Fetch
 * (couchbase/query `planner/build_select_count.go`, simplified). Undefined when the block is
 * not such a count.
 */
export function indexCountTree(p: SelectPlan): Operator | undefined {
  const b = p.body;
  if (b.kind !== 'Subselect' || p.orderBy?.length) return undefined;
  const src = b.source;
  if (src.op !== 'IndexScan' || src.scan.kind !== 'IndexScan3' || src.scan.distinct || !spansDecideWhere(src)) return undefined;
  const g = b.group;
  if (!g || g.keys.length || g.letting?.length || g.having || b.steps.length || b.let?.length || b.distinct) return undefined;
  if (!b.terms.length || !b.terms.every((t) => t.kind === 'Term' && isCountStar(t.expr))) return undefined;
  const scan = keySource({ ...src.scan, covers: undefined, limit: undefined }, src.alias);
  if (scan['#operator'] !== 'IndexScan3') return undefined;
  const covers = (src.scan.covers ?? []).concat(['cover (count(*))']);
  const count: IndexCountScan2 = {
    '#operator': 'IndexCountScan2',
    covers,
    index: scan.index,
    index_id: scan.index_id,
    keyspace: scan.keyspace,
    namespace: scan.namespace,
    spans: scan.spans,
    using: 'gsi',
  };
  const names = resultNames(b.terms).map((n) => n!);
  const project: Operator = {
    '#operator': 'IndexCountProject',
    ...(b.raw ? { raw: true } : {}),
    result_terms: b.terms.map((t) => ({ ...(t.kind === 'Term' && t.alias ? { as: t.alias } : {}), expr: 'cover (count(*))' })),
    _names: names,
  };
  const ops: Operator[] = [sequence([count, project])];
  if (!p.offset && !p.limit) return ops[0];
  if (p.offset) ops.push({ '#operator': 'Offset', expr: p.offset });
  if (p.limit) ops.push({ '#operator': 'Limit', expr: p.limit });
  return sequence(ops);
}
