import type { Expr, ResultTerm, Returning } from '../ast/index.js';
import { printExpr } from '../syntax/print.js';
import { lookupFunction } from '../eval/functions/registry.js';
import type { ObjectValue, Value } from '../values/index.js';
import type { DeletePlan, FromStepPlan, InsertPlan, Plan, ScanPlan, SelectBodyPlan, SelectPlan, SourcePlan, SubselectPlan, UpdatePlan } from './plan.js';

/**
 * EXPLAIN: a plan as the reference's JSON, `{"#operator": name, …}` nodes with children under
 * `~children` (Sequence) or `~child` (Parallel). Expressions print canonically.
 * Source: couchbase/query `plan/*.go` MarshalJSON.
 */
type Op = ObjectValue;

/** Canonical text: function aliases print under their function's name (`HAS_TOKEN` → `contains_token`, spec §1). */
const text = (e: Expr): string =>
  printExpr(
    JSON.parse(JSON.stringify(e), (_k, v) =>
      v && v.kind === 'FunctionCall' && v.name !== 'meta' ? { ...v, name: lookupFunction(v.name)?.name.toLowerCase() ?? v.name } : v,
    ) as Expr,
  );

/** IndexScan3 / DistinctScan / IntersectScan / UnionScan as the reference shows them (spec §10.4). */
export function explainScan(scan: ScanPlan): Op {
  if (scan.kind !== 'IndexScan3') return { '#operator': scan.kind, scans: scan.scans.map(explainScan) };
  const op: Op = {
    '#operator': 'IndexScan3',
    index: scan.index,
    index_id: scan.indexId,
    keyspace: scan.keyspace,
    namespace: 'default',
    spans: scan.spans.map((sp) => {
      const out: Op = {
        range: sp.ranges.map((r) => {
          const range: Op = {};
          if (r.high) range.high = text(r.high);
          range.inclusion = r.inclusion;
          range.index_key = r.indexKey;
          if (r.low) range.low = text(r.low);
          return range;
        }),
      };
      if (sp.exact) out.exact = true;
      return out;
    }),
    using: 'gsi',
  };
  if (scan.covers) op.covers = scan.covers;
  if (scan.limit) op.limit = text(scan.limit);
  return scan.distinct ? { '#operator': 'DistinctScan', scan: op } : op;
}

function sourceOps(s: SourcePlan): Op[] {
  switch (s.op) {
    case 'IndexScan':
      return s.coverPaths ? [explainScan(s.scan)] : [explainScan(s.scan), { '#operator': 'Fetch', as: s.alias, keyspace: s.keyspace, namespace: s.namespace }];
    case 'DummyScan':
      return [{ '#operator': 'DummyScan' }];
    case 'PrimaryScan3':
      return [
        { '#operator': 'PrimaryScan3', index: s.index, keyspace: s.keyspace, namespace: s.namespace, using: 'gsi' },
        { '#operator': 'Fetch', as: s.alias, keyspace: s.keyspace, namespace: s.namespace },
      ];
    case 'KeyScan':
      return [
        { '#operator': 'KeyScan', keys: text(s.keys) },
        { '#operator': 'Fetch', as: s.alias, keyspace: s.keyspace, namespace: s.namespace },
      ];
    case 'ExpressionScan':
      return [{ '#operator': 'ExpressionScan', alias: s.alias, expr: text(s.expr) }];
    case 'SubqueryScan':
      return [{ '#operator': 'ExpressionScan', alias: s.alias, subquery: explainSelect(s.query) }];
    case 'SystemScan':
      return [{ '#operator': 'PrimaryScan', index: '#primary', keyspace: s.keyspace, namespace: 'system', using: 'system' }, { '#operator': 'Fetch', as: s.alias, keyspace: s.keyspace, namespace: 'system' }];
  }
}

function resultTerms(terms: ResultTerm[]): Value {
  return terms.map((t): Value => {
    if (t.kind === 'Star') return { expr: 'self', star: true };
    if (t.kind === 'PathStar') return { expr: text(t.expr), star: true };
    const out: ObjectValue = { expr: text(t.expr) };
    if (t.alias) out.as = t.alias;
    return out;
  });
}

/** A nested-loop inner side runs per outer row: its Fetch says so (`nested_loop`). */
function nestedLoopChild(inner: SourcePlan): Op {
  return seq(sourceOps(inner).map((o) => (o['#operator'] === 'Fetch' ? { ...o, nested_loop: true } : o)));
}

/** One FROM step as the reference's operator (couchbase/query `plan/*join*.go`, `*nest*.go`, `unnest.go`). */
function stepOp(st: FromStepPlan): Op {
  const outer = st.outer ? { outer: true } : {};
  switch (st.op) {
    case 'Unnest':
      return { '#operator': 'Unnest', as: st.alias, expr: text(st.expr), ...outer };
    case 'Join':
    case 'Nest':
      return { '#operator': st.op, ...(st.alias !== st.keyspace ? { as: st.alias } : {}), keyspace: st.keyspace, namespace: 'default', on_keys: text(st.onKeys), ...outer };
    case 'IndexJoin':
    case 'IndexNest':
      return {
        '#operator': st.op, as: st.alias, for: st.forAlias, keyspace: st.keyspace, namespace: 'default', on_key: text(st.onKey), ...outer,
        scan: { index: st.scan.index, index_id: st.scan.indexId, using: 'gsi' },
      };
    case 'NestedLoopJoin':
    case 'NestedLoopNest':
      return { '#operator': st.op, alias: st.alias, ...(st.filter ? { filter: text(st.filter) } : {}), ...(st.on ? { on_clause: text(st.on) } : {}), ...outer, '~child': nestedLoopChild(st.inner) };
    case 'HashJoin':
    case 'HashNest': {
      const buildInner = st.build !== 'outer';
      const innerSide = { aliases: [st.alias], exprs: st.innerExprs.map(text) };
      const outerSide = { aliases: st.outerAliases, exprs: st.outerExprs.map(text) };
      const build = buildInner ? innerSide : outerSide;
      const probe = buildInner ? outerSide : innerSide;
      const op: Op = { '#operator': st.op };
      if (st.op === 'HashNest') op.build_alias = st.alias;
      else op.build_aliases = build.aliases;
      op.build_exprs = build.exprs;
      if (st.filter) op.filter = text(st.filter);
      if (st.on) op.on_clause = text(st.on);
      Object.assign(op, outer);
      op.probe_aliases = probe.aliases;
      op.probe_exprs = probe.exprs;
      op['~child'] = seq(sourceOps(st.inner));
      return op;
    }
  }
}

/** Lookup and hash joins run before the Parallel section, as the reference places them; the rest inside it. */
const beforeParallel = (st: FromStepPlan) => st.op === 'Join' || st.op === 'Nest' || st.op === 'HashJoin' || st.op === 'HashNest';

function subselectOps(p: SubselectPlan): Op[] {
  const inner: Op[] = [];
  const front: Op[] = [];
  if (p.preFilter) front.push({ '#operator': 'Filter', condition: text(p.preFilter) });
  for (const st of p.steps) (inner.length === 0 && beforeParallel(st) ? front : inner).push(stepOp(st));
  if (p.let?.length) inner.push({ '#operator': 'Let', bindings: p.let.map((l) => ({ var: l.name, expr: text(l.expr) })) });
  if (p.where) inner.push({ '#operator': 'Filter', condition: text(p.where) });
  if (p.group) {
    const keys = p.group.keys.map((k) => text(k.expr));
    for (const name of ['InitialGroup', 'IntermediateGroup', 'FinalGroup']) inner.push({ '#operator': name, group_keys: keys });
    if (p.group.letting?.length) inner.push({ '#operator': 'Let', bindings: p.group.letting.map((l) => ({ var: l.name, expr: text(l.expr) })) });
    if (p.group.having) inner.push({ '#operator': 'Filter', condition: text(p.group.having) });
  }
  const proj: Op = { '#operator': 'InitialProject', result_terms: resultTerms(p.terms) };
  if (p.raw) proj.raw = true;
  if (p.distinct) proj.distinct = true;
  inner.push(proj);
  if (p.distinct) inner.push({ '#operator': 'Distinct' });
  return [...sourceOps(p.source), ...front, { '#operator': 'Parallel', '~child': { '#operator': 'Sequence', '~children': inner } }];
}

function bodyOps(b: SelectBodyPlan): Op[] {
  if (b.kind === 'Subselect') return subselectOps(b);
  const name = b.op === 'UNION' ? 'UnionAll' : b.op === 'INTERSECT' ? 'IntersectAll' : 'ExceptAll';
  const node: Op = { '#operator': name, '~children': [seq(bodyOps(b.left)), seq(bodyOps(b.right))] };
  if (b.op !== 'UNION') node.distinct = !b.all;
  return b.op === 'UNION' && !b.all ? [node, { '#operator': 'Distinct' }] : [node];
}

function seq(children: Op[]): Op {
  return { '#operator': 'Sequence', '~children': children };
}

/** The plan of a SELECT as EXPLAIN JSON. */
export function explainSelect(p: SelectPlan): Op {
  const ops = bodyOps(p.body);
  if (p.orderBy?.length && !(p.body.kind === 'Subselect' && p.body.orderServed)) {
    ops.push({ '#operator': 'Order', sort_terms: p.orderBy.map((o) => ({ expr: text(o.expr), ...(o.desc ? { desc: true } : {}), ...(o.nulls ? { nulls_pos: o.nulls.toLowerCase() } : {}) })) });
  }
  if (p.offset) ops.push({ '#operator': 'Offset', expr: text(p.offset) });
  if (p.limit) ops.push({ '#operator': 'Limit', expr: text(p.limit) });
  ops.push({ '#operator': 'FinalProject' });
  return seq(ops);
}

function returningOp(r: Returning | undefined): Op[] {
  return r ? [{ '#operator': 'InitialProject', result_terms: resultTerms(r.terms) }, { '#operator': 'FinalProject' }] : [];
}

function explainInsert(p: InsertPlan): Op {
  const send: Op = { '#operator': p.upsert ? 'SendUpsert' : 'SendInsert', keyspace: p.keyspace.name, namespace: 'default', alias: p.keyspace.alias ?? p.keyspace.name };
  if (p.values) {
    return seq([{ '#operator': 'ValueScan', values: p.values.map((v) => [text(v.key), v.value ? text(v.value) : null] as Value) }, send, ...returningOp(p.returning)]);
  }
  send.key = text(p.select!.key);
  if (p.select!.value) send.value = text(p.select!.value);
  return seq([explainSelect(p.select!.query), send, ...returningOp(p.returning)]);
}

function mutationReadOps(p: UpdatePlan | DeletePlan): Op[] {
  const ops = sourceOps(p.source);
  if (p.where) ops.push({ '#operator': 'Filter', condition: text(p.where) });
  if (p.limit) ops.push({ '#operator': 'Limit', expr: text(p.limit) });
  return ops;
}

/** The plan of any statement as EXPLAIN JSON. */
export function explainPlan(p: Plan): Op {
  switch (p.kind) {
    case 'Select':
      return explainSelect(p);
    case 'Insert':
      return explainInsert(p);
    case 'Update':
      return seq([
        ...mutationReadOps(p),
        { '#operator': 'Clone' },
        ...(p.set.length ? [{ '#operator': 'Set', set_terms: p.set.map((s) => ({ path: text(s.path), value: text(s.value) })) } as Op] : []),
        ...(p.unset.length ? [{ '#operator': 'Unset', unset_terms: p.unset.map((u) => ({ path: text(u) })) } as Op] : []),
        { '#operator': 'SendUpdate', keyspace: p.keyspace, namespace: 'default', alias: p.alias },
        ...returningOp(p.returning),
      ]);
    case 'Delete':
      return seq([...mutationReadOps(p), { '#operator': 'SendDelete', keyspace: p.keyspace, namespace: 'default', alias: p.alias }, ...returningOp(p.returning)]);
    case 'Ddl':
      return { '#operator': p.statement.kind };
  }
}

/**
 * EXPLAIN's `optimizer_hints` for a statement: what became of the hints of its (single) SELECT
 * block, or undefined. Source: couchbase/query `plan/prepared.go` (`optimizer_hints`).
 */
export function explainHints(p: Plan): Value | undefined {
  const q = p.kind === 'Select' ? p : p.kind === 'Insert' ? p.select?.query : undefined;
  return q?.body.kind === 'Subselect' ? q.body.optimizerHints : undefined;
}
