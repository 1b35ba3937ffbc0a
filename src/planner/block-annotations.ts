import { blockExpressions } from './block-expressions.js';
import type { Expr } from '../ast/index.js';
import { implicitName } from '../ast/index.js';
import { aliasRead } from './alias-read.js';
import { earlyProjection } from './early-projection.js';
import type { SubselectPlan } from './logical-plan.js';
import { operators, type Fetch, type Operator } from './plan/index.js';

/**
 * What the planner notes on a block's operators once they are built: each Fetch's early
 * projection, and the hash joins whose build side nothing after them reads.
 */

/**
 * Sets each Fetch's `early_projection` (the block's own scan's, and those of its joins' inner
 * sides): the top-level fields of that alias the block reads. Every other alias of the block is
 * a name, not a field, to it.
 */
export function annotateEarlyProjection(p: SubselectPlan, ops: Operator[], stepOps: Operator[], aggregateSources: Expr[]): void {
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
 * Marks each inner HashJoin whose alias the rest of its block never reads (`_unread`, see
 * alias-read.ts): not the projection, LET, WHERE, GROUP BY, LETTING, HAVING, ORDER BY, the
 * other FROM steps nor a subquery; `*` and GROUP AS read every alias.
 */
export function annotateUnreadBuilds(p: SubselectPlan, stepOps: Operator[], aggregateSources: Expr[]): void {
  if (p.group?.groupAs || p.terms.some((t) => t.kind === 'Star')) return;
  const exprs: Expr[] = [...blockExpressions(p), ...(p.ast.exclude ?? [])];
  const aliases = [...(p.source.op === 'DummyScan' ? [] : [p.source.alias]), ...p.steps.map((st) => st.alias)];
  const bound = new Set([...(p.outerNames ?? []), ...aliases, ...(p.let ?? []).map((l) => l.name), ...(p.group?.keys ?? []).flatMap((k) => (k.alias ? [k.alias] : [])), ...(p.group?.letting ?? []).map((l) => l.name)]);
  const results = p.terms.flatMap((t) => (t.kind === 'Term' ? [t.alias ?? implicitName(t.expr)].filter((n): n is string => n !== undefined) : []));
  p.steps.forEach((st, i) => {
    const op = stepOps[i]!;
    if (op['#operator'] !== 'HashJoin' || op.outer) return;
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
