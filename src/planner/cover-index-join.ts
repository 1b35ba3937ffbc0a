import type { Expr } from '../ast/index.js';
import { walkExpr } from '../ast/index.js';
import { formalize, KS, outerBound } from '../semantic/formalize.js';
import { subqueryReads } from '../semantic/subquery-reads.js';
import { blockExpressions } from './block-expressions.js';
import type { Catalog } from './catalog.js';
import { fieldPath, isMetaId } from './cover.js';
import { exprText } from './explain.js';
import type { SelectPlan } from './logical-plan.js';

/**
 * True if `e` (formalized on the inner alias) reads the inner keyspace only through the field
 * paths `paths` or META().id; a subquery in it does not read `alias`.
 */
function readsOnly(e: Expr, paths: readonly string[][], alias: string): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (!ok) return false;
    if (isMetaId(x)) return false;
    const p = fieldPath(x);
    if (p) {
      if (paths.some((k) => k.length <= p.length && k.every((n, i) => n === p[i]))) return false;
      return true;
    }
    if (x.kind === 'Subquery') ok = !subqueryReads(x.query, new Set([alias]), true);
    if ((x.kind === 'Identifier' && x.name === KS) || (x.kind === 'FunctionCall' && x.name === 'meta')) ok = false;
    return ok;
  });
  return ok;
}

/**
 * Covered index joins (couchbase/query `planner/build_join_index.go`, covering): an index JOIN
 * (`JOIN ks AS i ON KEY i.f FOR d`, not a NEST) whose inner documents the block reads only
 * through the keys of the index its scan uses (field paths) or `META(i).id` takes the inner
 * rows from that index's entries: no Fetch of the inner documents. The join's scan prints its
 * `covers`, as the reference's does. Every index join of the block that qualifies is covered.
 */
export function coverIndexJoins(plan: SelectPlan, catalog: Catalog, outerNames: ReadonlySet<string> = new Set()): void {
  const b = plan.body;
  if (b.kind !== 'Subselect' || b.group?.groupAs || b.ast.exclude?.length) return;
  if (b.terms.some((t) => t.kind !== 'Term')) return;
  const exprs: Expr[] = blockExpressions(b);
  const aliases = [...(b.source.op === 'DummyScan' ? [] : [b.source.alias]), ...b.steps.map((s) => s.alias)];
  // The steps' own expressions (ON KEYS, ON KEY, UNNEST expressions) may read an inner alias too;
  // a block with another kind of join is left alone.
  for (const s of b.steps) {
    if (s.op === 'Unnest') exprs.push(s.expr);
    else if (s.op === 'Join' || s.op === 'Nest') exprs.push(s.onKeys);
    else if (s.op === 'IndexJoin' || s.op === 'IndexNest') exprs.push(s.onKey);
    else return;
  }
  for (const st of b.steps) {
    if (st.op !== 'IndexJoin') continue;
    const index = catalog.indexes?.(st.keyspace).find((i) => i.name === st.scan.index);
    if (!index || index.keys.some((k) => k.array)) continue;
    const paths = index.keys.map((k) => fieldPath(formalize(k.expr, index.alias)));
    if (paths.some((p) => !p)) continue;
    const bound = new Set([...outerBound(outerNames, st.alias), ...aliases.filter((a) => a !== st.alias), ...(b.let ?? []).map((l) => l.name), ...(b.group?.keys ?? []).flatMap((k) => (k.alias ? [k.alias] : []))]);
    if (!exprs.every((e) => readsOnly(formalize(e, st.alias, bound), paths as string[][], st.alias))) continue;
    const orderBound = new Set([...bound, ...b.terms.flatMap((t) => (t.kind === 'Term' && t.alias ? [t.alias] : []))]);
    if (!(plan.orderBy ?? []).every((o) => readsOnly(formalize(o.expr, st.alias, orderBound), paths as string[][], st.alias))) continue;
    const onAlias = (e: Expr): Expr => JSON.parse(JSON.stringify(e), (_k, v) => (v && v.kind === 'Identifier' && v.name === KS ? { ...v, name: st.alias } : v)) as Expr;
    st.scan.covers = index.keys.map((k) => `cover (${exprText(onAlias(formalize(k.expr, index.alias)))})`).concat(['cover ((meta(`' + st.alias + '`).`id`))']);
    st.coverPaths = paths as string[][];
  }
}
