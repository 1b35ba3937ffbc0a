import type { Expr, LetBinding, ResultTerm } from '../ast/index.js';
import { someExpr } from '../ast/index.js';
import { indexCountTree } from './index-count.js';
import { formalText, indexGroupAggs } from './index-group-aggs.js';
import type { SelectBodyPlan, SelectPlan, SourcePlan, SubselectPlan } from './logical-plan.js';
import { exprText } from './explain.js';
import { conjunctsOf } from './sarg-index.js';
import { beforeParallel, preFilterOp, stepOp } from './build-join-tree.js';
import { collectWindowCalls, windowOps } from './build-window.js';
import { parallel, sequence, type Filter, type InitialProject, type Operator, type ProjectionTerm, type SortTerm } from './plan/index.js';
import { collectAggregates } from './aggregate-calls.js';
import { sourceOps, spansDecideWhere } from './source-ops.js';
import { annotateEarlyProjection, annotateUnreadBuilds } from './block-annotations.js';
import { groupLimit, groupOrderServed, leadingGroupScan, primaryGroupScan, primaryOrderServed, pushedGroupAggs } from './group-scans.js';

/**
 * The operator tree of a planned statement (couchbase/query `planner/build_select.go` and
 * `build_select_from.go` shapes): a SELECT block is its scan (+ Fetch), then a Parallel of the
 * per-row operators (Unnest, Let, Filter, InitialGroup), the rest of the grouping, a Parallel of
 * LETTING, HAVING, InitialProject and Distinct; ORDER BY, OFFSET and LIMIT wrap the block in an
 * outer Sequence, as the reference prints it.
 */


/** Projection terms as the reference prints them. */
export function projectionTerms(terms: ResultTerm[]): ProjectionTerm[] {
  return terms.map((t): ProjectionTerm => {
    if (t.kind === 'Star') return { expr: 'self', star: true };
    if (t.kind === 'PathStar') return { expr: t.expr, star: true };
    return { ...(t.alias ? { as: t.alias } : {}), expr: t.expr };
  });
}

/**
 * The Filter of a block's WHERE. When the index spans decide it ({@link spansDecideWhere}), the
 * scan covers the condition (its `filter_covers`, as the reference prints a covered filter's
 * truth) and the Filter reads that instead of evaluating it (`_covered`): a covering scan of an
 * array index rebuilds no document to evaluate it on.
 */
export function filterOp(where: Expr, source: SourcePlan, scanOps: Operator[]): Filter {
  // A UnionScan's Filter still evaluates the WHERE (its scans decide it only together).
  if (!spansDecideWhere(source) || (source.op === 'IndexScan' && source.scan.kind === 'UnionScan')) return { '#operator': 'Filter', condition: where };
  const scan = scanOps[0];
  // The reference prints filter_covers for an array index (whose entries rebuild no array);
  // a scalar index's covered condition is printed in the Filter, as `cover (…)` reads.
  const index = scan['#operator'] === 'DistinctScan' ? scan.scan : undefined;
  if (index) index.filter_covers = { [`cover (${exprText(where)})`]: true };
  return { '#operator': 'Filter', condition: where, _covered: true };
}

export const letOp = (bindings: LetBinding[]): Operator => ({ '#operator': 'Let', bindings: bindings.map((l) => ({ var: l.name, expr: l.expr })) });

/** The operators of one SELECT block, its ORDER BY excluded. */
function blockOps(p: SubselectPlan, orderFollows: boolean, aggregateSources: Expr[], buildSubquery: (q: SelectPlan) => Operator): Operator[] {
  const ops = sourceOps(p.source, buildSubquery);
  const stepOps = p.steps.map((st) => stepOp(st, buildSubquery));
  annotateEarlyProjection(p, ops, stepOps, aggregateSources);
  annotateUnreadBuilds(p, stepOps, aggregateSources);
  // A block that reads only META().id: a covering scan of the primary index, without Fetch.
  if (!p.group) {
    const primary = primaryGroupScan(p, ops, aggregateSources);
    if (primary) ops.splice(0, ops.length, primary);
  }
  const perRow: Operator[] = [];
  let where = p.where;
  // The WHERE conjuncts on the first term alone, before its joins and UNNESTs: in a covering
  // scan's `filter` (joins or UNNESTs after it), or in a Filter before the UNNESTs (a block
  // whose steps are all UNNESTs), and then not again after them; otherwise in a Filter before
  // the joins (and again in the WHERE's Filter).
  const scan = ops[0];
  const covering = scan['#operator'] === 'IndexScan3' && scan._coverPaths ? scan : undefined;
  const unnestOnly = p.steps.length > 0 && p.steps.every((st) => st.op === 'Unnest');
  if (p.preFilter && (covering || unnestOnly) && p.where) {
    const pushed = new Set(conjunctsOf(p.preFilter).map(exprText));
    const rest = conjunctsOf(p.where).filter((c) => !pushed.has(exprText(c)));
    where = rest.length ? rest.reduce((l, r): Expr => ({ kind: 'Binary', op: 'AND', left: l, right: r })) : undefined;
    if (covering) covering.filter = p.preFilter;
    if (unnestOnly) {
      const alias = p.source.op === 'DummyScan' ? undefined : p.source.alias;
      const first: Operator[] = covering ? [] : [{ '#operator': 'Filter', ...(alias ? { alias } : {}), condition: p.preFilter }];
      ops.push(parallel(sequence([...first, ...stepOps])));
    }
  } else if (p.preFilter) ops.push(preFilterOp(p.preFilter));
  // Steps up to the first per-row one (UNNEST, a nested loop) run before the Parallel.
  if (!(unnestOnly && where !== p.where)) p.steps.forEach((st, i) => (perRow.length === 0 && beforeParallel(st) ? ops : perRow).push(stepOps[i]!));
  if (p.let?.length) perRow.push(letOp(p.let));
  if (where) perRow.push(where === p.where ? filterOp(where, p.source, ops) : { '#operator': 'Filter', condition: where });
  const dummy = p.source.op === 'DummyScan' ? 1 : undefined;
  const project: InitialProject = {
    '#operator': 'InitialProject',
    ...(p.distinct ? { distinct: true } : {}),
    ...(p.raw ? { raw: true } : {}),
    ...(p.ast.exclude ? { exclude: p.ast.exclude } : {}),
    result_terms: projectionTerms(p.terms),
    ...(orderFollows ? { _bindAliases: true } : {}),
  };
  const tail: Operator[] = [];
  if (p.group) {
    const g = p.group;
    const aggregates = collectAggregates([
      ...p.terms.flatMap((t) => (t.kind === 'Star' ? [] : [t.expr])),
      ...(g.letting ?? []).map((l) => l.expr),
      ...(g.having ? [g.having] : []),
      ...aggregateSources,
    ]);
    const fields = { aggregates, group_keys: g.keys.map((k) => k.expr), ...(g.keys.some((k) => k.alias) ? { _aliases: g.keys.map((k) => k.alias ?? null) } : {}) };
    const ga = g.groupAs;
    // Aggregates the covering index scan computes itself (index-group-aggs.ts): no Filter and no
    // Initial/Intermediate/FinalGroup follow it.
    const pushed = pushedGroupAggs(p, ops, aggregateSources) ?? primaryGroupScan(p, ops, aggregateSources);
    if (pushed) {
      const bound = new Set([...(p.outerNames ?? []), ...g.keys.flatMap((k) => (k.alias ? [k.alias] : []))]);
      pushed.index_group_aggs = indexGroupAggs(pushed, g.keys, aggregates, bound);
      // The aggregates are covered too: the projection, LETTING and HAVING print them as `cover (…)`.
      if (pushed.index_group_aggs) pushed.covers = [...(pushed.covers ?? []), ...aggregates.map((a) => `cover (${formalText(a, pushed._alias, bound)})`)];
    }
    // On the primary index, the IndexScan3 replaces the PrimaryScan3 and its Fetch.
    if (pushed?.index_group_aggs && ops[0] !== pushed) ops.splice(0, ops.length, pushed);
    if (pushed?.index_group_aggs) {
      if (g.letting?.length) tail.push(letOp(g.letting));
      if (g.having) tail.push({ '#operator': 'Filter', condition: g.having });
    } else {
    perRow.push({ '#operator': 'InitialGroup', ...fields, ...(ga ? { group_as: ga.name, group_as_fields: ga.fields } : {}) });
    ops.push(parallel(sequence(perRow), dummy));
    ops.push({ '#operator': 'IntermediateGroup', ...fields, ...(ga ? { group_as: ga.name } : {}) }, { '#operator': 'FinalGroup', ...fields, ...(ga ? { _group_as: ga.name } : {}) });
    if (g.letting?.length) tail.push(letOp(g.letting));
    if (g.having) tail.push({ '#operator': 'Filter', condition: g.having });
    }
  } else {
    tail.push(...perRow);
  }
  // Window functions: computed after the grouping (or the per-row operators), before the projection.
  const windows = collectWindowCalls([...p.terms.flatMap((t) => (t.kind === 'Star' ? [] : [t.expr])), ...aggregateSources]);
  if (windows.length) {
    if (tail.length) ops.push(parallel(sequence(tail.splice(0)), dummy));
    ops.push(sequence(windowOps(windows)));
  }
  tail.push(project);
  if (p.distinct) tail.push({ '#operator': 'Distinct' });
  ops.push(parallel(sequence(tail), dummy));
  if (p.distinct) ops.push({ '#operator': 'Distinct' });
  return ops;
}

function bodyOp(b: SelectBodyPlan, orderFollows: boolean, orderExprs: Expr[], buildSubquery: (q: SelectPlan) => Operator): Operator {
  if (b.with) return { '#operator': 'With', bindings: b.with.bindings, recursive: b.with.recursive, '~child': bodyOp({ ...b, with: undefined }, orderFollows, orderExprs, buildSubquery) };
  if (b.kind === 'Subselect') return sequence(blockOps(b, orderFollows, orderExprs, buildSubquery));
  const left = bodyOp(b.left, false, [], buildSubquery);
  const right = bodyOp(b.right, false, [], buildSubquery);
  if (b.op === 'UNION') {
    const union: Operator = { '#operator': 'UnionAll', '~children': [left, right] };
    return b.all ? union : sequence([union, { '#operator': 'Distinct' }]);
  }
  return { '#operator': b.op === 'INTERSECT' ? 'IntersectAll' : 'ExceptAll', ...(b.all ? {} : { distinct: true }), first: left, second: right };
}

/**
 * The operator tree of a SELECT statement. With a WITH clause, a With runs the block (or set
 * operation) with its bindings, and the statement's Order, Offset and Limit follow it, as the
 * reference plans them (`Sequence[With, Order]`): its rows carry the bindings, so ORDER BY still
 * reads them. A LIMIT or OFFSET that names a WITH alias keeps the whole tree under the With.
 */
export function selectTree(p: SelectPlan): Operator {
  const w = p.with;
  const withOp = (child: Operator): Operator => (w ? { '#operator': 'With', bindings: w.bindings, recursive: w.recursive, '~child': child } : child);
  const counted = indexCountTree(p);
  if (counted) return withOp(counted);
  const names = new Set((w?.bindings ?? []).map((b) => b.alias));
  const readsWith = (e: Expr | undefined) => !!e && someExpr(e, (x) => x.kind === 'Identifier' && names.has(x.name));
  if (w && (readsWith(p.offset) || readsWith(p.limit))) return withOp(selectBodyTree(p, (b) => b));
  return selectBodyTree(p, withOp);
}

function selectBodyTree(p: SelectPlan, around: (body: Operator) => Operator): Operator {
  let orderOp = p.orderBy?.length && !(p.body.kind === 'Subselect' && p.body.orderServed);
  const orderExprs = (p.orderBy ?? []).map((o) => o.expr);
  const inner = bodyOp(p.body, !!orderOp, orderExprs, selectTree);
  if (orderOp && p.body.kind === 'Subselect' && groupOrderServed(p.body, inner, p.limit, p.offset)) orderOp = false;
  else if (orderOp && p.body.kind === 'Subselect' && primaryOrderServed(p, inner)) orderOp = false;
  // LIMIT without ORDER BY: any groups will do, the first ones the scan completes.
  else if (!p.orderBy?.length && p.limit && p.body.kind === 'Subselect') {
    const scan = leadingGroupScan(p.body, inner);
    if (scan) groupLimit(p.body, scan, p.limit, p.offset);
  }
  const body = around(inner);
  // An ORDER BY the index order serves still puts the block in the statement's Sequence (as the reference does).
  if (!p.orderBy?.length && !p.offset && !p.limit) return body;
  const ops: Operator[] = [body];
  if (orderOp) {
    const terms = p.orderBy!.map((o): SortTerm => ({
      expr: o.expr,
      ...(o.desc ? { desc: true } : {}),
      ...(o.nulls ? { nulls_pos: o.nulls === 'FIRST' ? 'first' : 'last' } : {}),
      ...(o.direction ? { _direction: o.direction } : {}),
      ...(o.nullsPosition ? { _nulls: o.nullsPosition } : {}),
    }));
    ops.push({ '#operator': 'Order', flags: ORDER_FLAGS, ...(p.limit ? { limit: p.limit } : {}), ...(p.limit && p.offset ? { offset: p.offset } : {}), sort_terms: terms });
  }
  // The Order keeps the first offset+limit rows and skips `offset` itself (the reference's Order
  // with `offset`); otherwise an Offset operator does.
  const offsetPushed = p.body.kind === 'Subselect' && inner['#operator'] === 'Sequence' && inner['~children'][0]?.['#operator'] === 'IndexScan3' && inner['~children'][0].offset !== undefined;
  if (p.offset && !(orderOp && p.limit) && !offsetPushed) ops.push({ '#operator': 'Offset', expr: p.offset });
  if (p.limit) ops.push({ '#operator': 'Limit', expr: p.limit });
  return sequence(ops);
}

/** The statement Order's flags, as the reference plans them: clip values (2) | can spill (4) (plan/order.ts). */
const ORDER_FLAGS = 6;
