import { blockExpressions } from './block-expressions.js';
import type { Expr, FunctionCall, LetBinding, ResultTerm, Returning } from '../ast/index.js';
import { implicitName, someExpr, stripLoc, walkExpr } from '../ast/index.js';
import { aliasRead } from './alias-read.js';
import { earlyProjection } from './early-projection.js';
import { indexCountTree } from './index-count.js';
import { formalText, indexGroupAggs, readsOnlyIndexKeys } from './index-group-aggs.js';
import { isAggregateName } from '../eval/index.js';
import type { DeletePlan, InsertPlan, ScanPlan, SelectBodyPlan, SelectPlan, SourcePlan, SubselectPlan, UpdatePlan } from './logical-plan.js';
import { exprText } from './explain.js';
import { conjunctsOf } from './sarg-index.js';
import { formalize } from '../semantic/formalize.js';
import { scanLimit } from './order-pushdown.js';
import type { Value } from '../values/index.js';
import { beforeParallel, preFilterOp, stepOp } from './build-join-tree.js';
import { collectWindowCalls, windowOps } from './build-window.js';
import { operators, parallel, sequence, type Fetch, type Filter, type IndexScan3, type InitialProject, type KeySource, type Operator, type ProjectionTerm, type SortTerm } from './plan/index.js';
import { int64Replacer } from '../values/index.js';

/**
 * The operator tree of a planned statement (couchbase/query `planner/build_select.go` and
 * `build_select_from.go` shapes): a SELECT block is its scan (+ Fetch), then a Parallel of the
 * per-row operators (Unnest, Let, Filter, InitialGroup), the rest of the grouping, a Parallel of
 * LETTING, HAVING, InitialProject and Distinct; ORDER BY, OFFSET and LIMIT wrap the block in an
 * outer Sequence, as the reference prints it.
 */

/** Canonical text of an aggregate call, the key under which the executor keeps its value. */
export function aggregateKey(call: FunctionCall): string {
  return JSON.stringify(stripLoc(call), int64Replacer);
}

/** The distinct aggregate calls (outside subqueries) of the expressions, in order of appearance. */
export function collectAggregates(exprs: Expr[]): FunctionCall[] {
  const out = new Map<string, FunctionCall>();
  for (const e of exprs) {
    walkExpr(e, (x) => {
      if (x.kind === 'FunctionCall' && isAggregateName(x.name) && !x.over) {
        const k = aggregateKey(x);
        if (!out.has(k)) out.set(k, x);
        return false;
      }
      return true;
    });
  }
  return [...out.values()];
}

/** The alias is printed as `as` only where it differs from the keyspace name (as the reference does). */
const asIfRenamed = (alias: string, keyspace: string) => (alias !== keyspace ? { as: alias } : {});

/** IndexScan3 / DistinctScan / IntersectScan / UnionScan of a logical scan (spec §10.4). */
export function keySource(
  scan: ScanPlan,
  alias: string,
  cover?: { paths: string[][]; expressionKeys?: boolean[]; constants?: { path: string[]; value: Value }[]; unnest?: IndexScan3['_coverUnnest'] },
): KeySource {
  if (scan.kind !== 'IndexScan3') return { '#operator': scan.kind, scans: scan.scans.map((s) => keySource(s, alias)) };
  const op: KeySource = {
    '#operator': 'IndexScan3',
    ...asIfRenamed(alias, scan.keyspace),
    ...(scan.covers ? { covers: scan.covers } : {}),
    index: scan.index,
    index_id: scan.indexId,
    // What the scan returns of each entry: a Fetch needs the document key only.
    ...(scan.covers ? (scan.indexProjection ? { index_projection: scan.indexProjection } : {}) : { index_projection: { primary_key: true } }),
    keyspace: scan.keyspace,
    ...(scan.limit ? { limit: scan.limit } : {}),
    namespace: 'default',
    ...(scan.offset ? { offset: scan.offset } : {}),
    spans: scan.spans.map((sp) => ({
      ...(sp.exact ? { exact: true } : {}),
      range: sp.ranges.map((r) => ({
        ...(r.high ? { high: r.high } : {}),
        inclusion: r.inclusion,
        index_key: r.indexKey,
        ...(r.low ? { low: r.low } : {}),
        ...(r.user ? { _user: true } : {}),
      })),
    })),
    using: 'gsi',
    _alias: alias,
    ...(cover ? { _coverPaths: cover.paths, ...(cover.expressionKeys ? { _coverExpressionKeys: cover.expressionKeys } : {}) } : {}),
    ...(cover?.unnest ? { _coverUnnest: cover.unnest } : {}),
    ...(scan.entryFilter ? { filter: scan.entryFilter, _filterUnnest: scan.filterUnnest } : {}),
    // A partial index's condition fixes fields of every covered row, and holds on each: the reference prints them as filter_covers.
    ...(cover?.constants?.length ? { _coverConstants: cover.constants } : {}),
    ...(cover?.constants?.length || scan.conditionCovers?.length
      ? {
          filter_covers: Object.fromEntries([
            ...(cover?.constants ?? []).map((c): [string, Value] => [`cover ((\`${alias}\`.${c.path.map((n) => '`' + n + '`').join('.')}))`, c.value]),
            ...(scan.conditionCovers ?? []).map((t): [string, Value] => [`cover (${t})`, true]),
          ]),
        }
      : {}),
  };
  return scan.distinct ? { '#operator': 'DistinctScan', scan: op } : op;
}

/**
 * True if the Filter of a block over this source can be left out: the index spans are exact,
 * serve every WHERE conjunct, and every bound taken from the query is a literal scalar (a
 * parameter could be an array at run time, and then the span is not exact).
 */
export function spansDecideWhere(source: SourcePlan): boolean {
  if (source.op !== 'IndexScan' || source.scan.kind !== 'IndexScan3' || !source.scan.servesWhere) return false;
  return source.scan.spans.every((sp) =>
    sp.ranges.every((r) => !r.user || [r.low, r.high].every((b) => b === undefined || (b.kind === 'Literal' && ['string', 'number', 'boolean'].includes(typeof b.value)))),
  );
}

/** The operators that produce a block's rows: the scan, and the Fetch that binds documents. */
export function sourceOps(s: SourcePlan, buildSubquery: (q: SelectPlan) => Operator): Operator[] {
  switch (s.op) {
    case 'IndexScan': {
      const cover = s.coverPaths ? { paths: s.coverPaths, expressionKeys: s.coverExpressionKeys, constants: s.coverConstants, unnest: s.coverUnnest } : undefined;
      const scan = keySource(s.scan, s.alias, cover);
      return cover ? [scan] : [scan, fetch(s.alias, s.keyspace, s.namespace)];
    }
    case 'DummyScan':
      return [{ '#operator': 'DummyScan' }];
    case 'PrimaryScan3':
      return [
        {
          '#operator': 'PrimaryScan3',
          ...asIfRenamed(s.alias, s.keyspace),
          index: s.index,
          ...(s.index === '#primary' ? { index_projection: { primary_key: true } } : {}),
          keyspace: s.keyspace,
          namespace: s.namespace,
          using: 'gsi',
        },
        fetch(s.alias, s.keyspace, s.namespace),
      ];
    case 'KeyScan':
      return [{ '#operator': 'KeyScan', keys: s.keys, ...(s.validate ? { _validate: true, _keyspace: s.keyspace } : {}) }, fetch(s.alias, s.keyspace, s.namespace)];
    case 'ExpressionScan':
      return [{ '#operator': 'ExpressionScan', alias: s.alias, expr: s.expr, ...(s.uncorrelated ? { uncorrelated: true } : {}) }];
    case 'SubqueryScan':
      return [buildSubquery(s.query), { '#operator': 'Alias', as: s.alias }];
    case 'SystemScan':
      return [
        { '#operator': 'PrimaryScan', ...asIfRenamed(s.alias, s.keyspace), index: '#primary', keyspace: s.keyspace, namespace: 'system', using: 'system' },
        fetch(s.alias, s.keyspace, 'system'),
      ];
  }
}

function fetch(alias: string, keyspace: string, namespace: string): Fetch {
  return { '#operator': 'Fetch', ...asIfRenamed(alias, keyspace), keyspace, namespace };
}

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
function filterOp(where: Expr, source: SourcePlan, scanOps: Operator[]): Filter {
  if (!spansDecideWhere(source)) return { '#operator': 'Filter', condition: where };
  const scan = scanOps[0];
  // The reference prints filter_covers for an array index (whose entries rebuild no array);
  // a scalar index's covered condition is printed in the Filter, as `cover (…)` reads.
  const index = scan['#operator'] === 'DistinctScan' ? scan.scan : undefined;
  if (index) index.filter_covers = { [`cover (${exprText(where)})`]: true };
  return { '#operator': 'Filter', condition: where, _covered: true };
}

const letOp = (bindings: LetBinding[]): Operator => ({ '#operator': 'Let', bindings: bindings.map((l) => ({ var: l.name, expr: l.expr })) });

/**
 * Sets each Fetch's `early_projection` (the block's own scan's, and those of its joins' inner
 * sides): the top-level fields of that alias the block reads. Every other alias of the block is
 * a name, not a field, to it.
 */
function annotateEarlyProjection(p: SubselectPlan, ops: Operator[], stepOps: Operator[], aggregateSources: Expr[]): void {
  const exprs: Expr[] = [];
  let whole = false;
  for (const t of p.terms) {
    if (t.kind === 'Star') whole = true;
    else exprs.push(t.expr);
  }
  // GROUP AS outputs whole rows (every alias's value): nothing to leave out.
  if (whole || p.group?.groupAs) return;
  exprs.push(...(p.ast.exclude ?? []));
  for (const st of p.steps) exprs.push(...stepExprs(st));
  for (const l of p.let ?? []) exprs.push(l.expr);
  if (p.where) exprs.push(p.where);
  for (const k of p.group?.keys ?? []) exprs.push(k.expr);
  for (const l of p.group?.letting ?? []) exprs.push(l.expr);
  if (p.group?.having) exprs.push(p.group.having);
  const mainFetch = ops.find((o): o is Fetch => o['#operator'] === 'Fetch');
  const fetches: Fetch[] = mainFetch ? [mainFetch] : [];
  for (const op of stepOps) {
    if (op['#operator'] !== 'NestedLoopJoin' && op['#operator'] !== 'HashJoin') continue;
    for (const o of operators(op['~child'])) if (o['#operator'] === 'Fetch' && o.namespace !== 'system') fetches.push(o);
  }
  const aliases = [...(p.source.op === 'DummyScan' ? [] : [p.source.alias]), ...p.steps.map((st) => st.alias)];
  const results = new Set(p.terms.flatMap((t) => (t.kind === 'Term' ? [t.alias ?? implicitName(t.expr)].filter((n): n is string => n !== undefined) : [])));
  for (const f of fetches) {
    const alias = f.as ?? f.keyspace;
    const bound = new Set([...(p.outerNames ?? []), ...aliases, ...(p.let ?? []).map((l) => l.name), ...(p.group?.keys ?? []).flatMap((k) => (k.alias ? [k.alias] : [])), ...(p.group?.letting ?? []).map((l) => l.name)]);
    bound.delete(alias);
    const fields = earlyProjection(alias, exprs, bound, aggregateSources, results);
    if (fields?.length) f.early_projection = fields;
  }
}

/**
 * Marks each inner HashJoin and lookup Join whose alias the rest of its block never reads (`_unread`, see
 * alias-read.ts): not the projection, LET, WHERE, GROUP BY, LETTING, HAVING, ORDER BY, the
 * other FROM steps nor a subquery; `*` and GROUP AS read every alias.
 */
function annotateUnreadBuilds(p: SubselectPlan, stepOps: Operator[], aggregateSources: Expr[]): void {
  if (p.group?.groupAs || p.terms.some((t) => t.kind === 'Star')) return;
  const exprs: Expr[] = [...blockExpressions(p), ...(p.ast.exclude ?? [])];
  const aliases = [...(p.source.op === 'DummyScan' ? [] : [p.source.alias]), ...p.steps.map((st) => st.alias)];
  const bound = new Set([...(p.outerNames ?? []), ...aliases, ...(p.let ?? []).map((l) => l.name), ...(p.group?.keys ?? []).flatMap((k) => (k.alias ? [k.alias] : [])), ...(p.group?.letting ?? []).map((l) => l.name)]);
  const results = p.terms.flatMap((t) => (t.kind === 'Term' ? [t.alias ?? implicitName(t.expr)].filter((n): n is string => n !== undefined) : []));
  p.steps.forEach((st, i) => {
    const op = stepOps[i]!;
    if ((op['#operator'] !== 'HashJoin' && op['#operator'] !== 'Join') || op.outer) return;
    const others = p.steps.flatMap((o, j) => (j === i ? [] : stepExprs(o)));
    const names = new Set(bound);
    names.delete(st.alias);
    const afterProjection = new Set([...names, ...results]);
    afterProjection.delete(st.alias);
    if (!aliasRead(st.alias, [...exprs, ...others], names) && !aliasRead(st.alias, aggregateSources, afterProjection)) op._unread = true;
  });
}

/** The expressions a FROM step evaluates (a FROM subquery as a subquery: it may read any alias). */
function stepExprs(st: SubselectPlan['steps'][number]): Expr[] {
  switch (st.op) {
    case 'Unnest':
      return [st.expr];
    case 'Join':
    case 'Nest':
      return [st.onKeys];
    case 'IndexJoin':
    case 'IndexNest':
      return [st.onKey];
    default: {
      const out: Expr[] = [];
      if (st.on) out.push(st.on);
      if (st.filter) out.push(st.filter);
      const inner = st.inner;
      if (inner.op === 'KeyScan') out.push(inner.keys);
      else if (inner.op === 'ExpressionScan') out.push(inner.expr);
      // A FROM subquery may read any alias: stands for it as a subquery does.
      else if (inner.op === 'SubqueryScan') out.push({ kind: 'Subquery' } as unknown as Expr);
      return out;
    }
  }
}

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

/**
 * The covering IndexScan3 of a grouped block the index could aggregate for: the block's only
 * source, its spans decide the WHERE, no join, UNNEST, LET, GROUP AS or window function.
 */
function pushedGroupAggs(p: SubselectPlan, ops: Operator[], aggregateSources: Expr[]): IndexScan3 | undefined {
  if (ops.length !== 1 || p.steps.length || p.let?.length || p.preFilter || p.group?.groupAs || !spansDecideWhere(p.source)) return undefined;
  const scan = ops[0];
  if (scan['#operator'] !== 'IndexScan3' || !scan._coverPaths) return undefined;
  if (collectWindowCalls([...p.terms.flatMap((t) => (t.kind === 'Star' ? [] : [t.expr])), ...aggregateSources]).length) return undefined;
  return scan;
}

/**
 * The aggregating scan of a block (its first operator) when it emits groups contiguously in index
 * order: one span, and the GROUP BY keys are the index's leading keys (every one an index key,
 * together the first ones); groups are emitted as first met.
 */
function leadingGroupScan(b: SubselectPlan, body: Operator): IndexScan3 | undefined {
  if (body['#operator'] !== 'Sequence') return undefined;
  const scan = body['~children'][0];
  if (scan?.['#operator'] !== 'IndexScan3' || !scan.index_group_aggs || scan.spans.length !== 1) return undefined;
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
function groupOrderServed(b: SubselectPlan, body: Operator, limit: Expr | undefined, offset: Expr | undefined): boolean {
  const scan = b.groupOrder ? leadingGroupScan(b, body) : undefined;
  if (!scan || new Set(scan.index_group_aggs!.group!.map((g) => g.keypos)).size < b.groupOrder!.length) return false;
  scan.index_order = b.groupOrder;
  groupLimit(b, scan, limit, offset);
  return true;
}

/** LIMIT (and OFFSET) without HAVING or DISTINCT into a scan that emits whole groups in order: it stops after OFFSET+LIMIT groups. */
function groupLimit(b: SubselectPlan, scan: IndexScan3, limit: Expr | undefined, offset: Expr | undefined): void {
  if (limit && !b.group?.having && !b.distinct) scan.limit = scanLimit(limit, offset);
}

/**
 * True (and the scan's `index_order` set) when a block scanning the primary index covered
 * ({@link primaryGroupScan}, not grouped) is ordered by `META().id` ascending, NULLS default: the
 * scan's key order. LIMIT and OFFSET then go into the scan too (no DISTINCT: every entry is a row).
 */
function primaryOrderServed(p: SelectPlan, body: Operator): boolean {
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
function primaryGroupScan(p: SubselectPlan, ops: Operator[], aggregateSources: Expr[]): IndexScan3 | undefined {
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
  const offsetPushed = p.body.kind === 'Subselect' && body['#operator'] === 'Sequence' && body['~children'][0]?.['#operator'] === 'IndexScan3' && body['~children'][0].offset !== undefined;
  if (p.offset && !(orderOp && p.limit) && !offsetPushed) ops.push({ '#operator': 'Offset', expr: p.offset });
  if (p.limit) ops.push({ '#operator': 'Limit', expr: p.limit });
  return sequence(ops);
}

/** The statement Order's flags, as the reference plans them: clip values (2) | can spill (4) (plan/order.ts). */
const ORDER_FLAGS = 6;

function returningOps(r: Returning | undefined): Operator[] {
  return r ? [{ '#operator': 'InitialProject', ...(r.raw ? { raw: true } : {}), result_terms: projectionTerms(r.terms) }] : [];
}

/** INSERT/UPSERT: ValueScan or the SELECT's plan, then SendInsert/SendUpsert (and RETURNING's projection). */
export function insertTree(p: InsertPlan): Operator {
  const name = p.upsert ? 'SendUpsert' : 'SendInsert';
  const alias = p.keyspace.alias ?? p.keyspace.path[p.keyspace.path.length - 1];
  const send = { '#operator': name, alias, keyspace: p.keyspace.name, namespace: 'default' } as const;
  if (p.values) {
    const values = p.values.map((v) => ({ key: v.key, ...(v.value ? { value: v.value } : {}), ...(v.options ? { options: v.options } : {}) }));
    return sequence([{ '#operator': 'ValueScan', values }, parallel(sequence([send, ...returningOps(p.returning)]), 1)]);
  }
  const s = p.select!;
  return sequence([
    selectTree(s.query),
    parallel(sequence([{ ...send, key: s.key, ...(s.value ? { value: s.value } : {}), ...(s.options ? { options: s.options } : {}) }, ...returningOps(p.returning)])),
  ]);
}

/** UPDATE and DELETE: the scan, Fetch and Filter, Limit, then Clone/Set/Unset/SendUpdate or SendDelete, then RETURNING's projection. */
export function mutationTree(p: UpdatePlan | DeletePlan): Operator {
  const scan = sourceOps(p.source, selectTree);
  const read: Operator[] = [];
  // The scan's Fetch goes into the Parallel, as the reference prints it.
  if (scan.length > 1 && scan[scan.length - 1]['#operator'] === 'Fetch') read.push(scan.pop()!);
  if (p.let?.length) read.push(letOp(p.let));
  if (p.where) read.push(p.let?.length ? { '#operator': 'Filter', condition: p.where } : filterOp(p.where, p.source, scan));
  const ops: Operator[] = [...scan, parallel(sequence(read))];
  // An OFFSET pushed into the index scan is not applied again.
  const offsetPushed = p.source.op === 'IndexScan' && p.source.scan.kind === 'IndexScan3' && p.source.scan.offset !== undefined;
  if (p.offset && !offsetPushed) ops.push({ '#operator': 'Offset', expr: p.offset });
  if (p.limit) ops.push({ '#operator': 'Limit', expr: p.limit });
  const write: Operator[] = [];
  const target = { alias: p.alias, keyspace: p.keyspace, ...(p.limit ? { limit: p.limit } : {}), namespace: 'default' };
  if (p.kind === 'Update') {
    write.push({ '#operator': 'Clone' });
    if (p.set.length) write.push({ '#operator': 'Set', set_terms: p.set.map((s) => ({ path: s.path, value: s.value, ...(s.for ? { for: s.for } : {}) })) });
    if (p.unset.length) write.push({ '#operator': 'Unset', unset_terms: p.unset.map((u) => ({ path: u })) });
    write.push({ '#operator': 'SendUpdate', ...target });
  } else {
    write.push({ '#operator': 'SendDelete', ...target });
  }
  write.push(...returningOps(p.returning));
  ops.push(parallel(sequence(write)));
  return sequence(ops);
}
