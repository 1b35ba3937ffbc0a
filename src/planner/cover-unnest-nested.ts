import type { Expr } from '../ast/index.js';
import { walkExpr } from '../ast/index.js';
import { arrayLevels } from '../catalog/index.js';
import { exprEquivalent } from '../semantic/expr-equivalent.js';
import { formalize, KS, outerBound } from '../semantic/formalize.js';
import { subqueryReads } from '../semantic/subquery-reads.js';
import { blockExpressions } from './block-expressions.js';
import type { Catalog } from './catalog.js';
import { fieldPath, isMetaId } from './cover.js';
import { disjointSpans, hasCollection, pathOn, rebuiltPaths } from './cover-unnest.js';
import { exprText } from './explain.js';
import type { SelectPlan, SubselectPlan } from './logical-plan.js';

const under = (k: readonly string[], p: readonly string[]) => k.length <= p.length && k.every((n, i) => n === p[i]);

/**
 * True if `e` (formalized) reads the keyspace only through `paths` or META().id, and each alias
 * of `allowed` only through its element paths; a subquery reads none of them.
 */
function readsOnly(e: Expr, paths: readonly string[][], allowed: ReadonlyMap<string, string[][]>): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (!ok) return false;
    if (isMetaId(x)) return false;
    for (const [a, ps] of allowed) {
      const up = pathOn(x, a);
      if (up) {
        ok = up.length > 0 && ps.some((m) => under(m, up));
        return false;
      }
    }
    const p = fieldPath(x);
    if (p && paths.some((k) => k.length > 0 && under(k, p))) return false;
    if (x.kind === 'Subquery') ok = !subqueryReads(x.query, new Set([...allowed.keys()]), true);
    if ((x.kind === 'Identifier' && (x.name === KS || allowed.has(x.name))) || (x.kind === 'FunctionCall' && x.name === 'meta')) ok = false;
    return ok;
  });
  return ok;
}

/**
 * Covering scans of two nested UNNESTs over a nested FLATTEN_KEYS ALL key (couchbase/query
 * `planner/build_scan_unnest_cov.go`, simplified): `FROM ks AS d UNNEST d.a AS c UNNEST c.b AS
 * p WHERE …` over `ALL ARRAY (ALL ARRAY FLATTEN_KEYS(p.x, p.y, c.z) FOR p IN c.b END) FOR c
 * IN a END` is answered from the index when the block reads `p` and `c` only through the
 * flattened keys' paths and `d` only through the index's field keys or META().id: one row per
 * occurrence of each entry (one per pair of elements), `c` and `p` rebuilt from the entry's
 * fields, the WHERE evaluated on those rows as the scan's filter. As for one UNNEST
 * (cover-unnest.ts): the spans must give the first flattened key a lower bound (an element
 * without it has no entry), no WHEN, no ANY/EVERY in the WHERE, disjoint spans, no LIMIT/OFFSET.
 * Returns true when the block was made such a scan.
 */
export function applyNestedUnnestCovering(plan: SelectPlan, catalog: Catalog, outerNames: ReadonlySet<string> = new Set()): boolean {
  const b = plan.body;
  if (b.kind !== 'Subselect' || b.steps.length !== 2) return false;
  const [s0, s1] = b.steps;
  const src = b.source;
  if (s0.op !== 'Unnest' || s1.op !== 'Unnest' || s0.outer || s1.outer || src.op !== 'IndexScan' || src.scan.kind !== 'IndexScan3') return false;
  const scan = src.scan;
  if ((scan.spans.length !== 1 && !disjointSpans(scan.spans)) || scan.limit || scan.offset || b.group?.groupAs || b.ast.exclude?.length || b.orderServed) return false;
  if (hasCollection(b.where) || b.terms.some((t) => t.kind !== 'Term') || b.let?.length) return false;
  const index = catalog.indexes?.(src.keyspace).find((i) => i.name === scan.index);
  if (!index) return false;
  const arrayAt = index.keys.findIndex((k) => k.array);
  const width = arrayAt >= 0 ? index.keys[arrayAt].flatten?.count ?? 0 : 0;
  const inGroup = (i: number) => i >= arrayAt && i < arrayAt + width;
  if (width === 0 || index.keys[arrayAt].array !== 'ALL' || index.keys.some((k, i) => !inGroup(i) && k.array)) return false;
  if (!scan.spans.every((sp) => sp.ranges[arrayAt]?.low !== undefined)) return false;
  const formalKeys = index.keys.map((k) => formalize(k.expr, index.alias));
  const levels = arrayLevels(formalKeys[arrayAt]);
  if (!levels || levels.length !== 2 || levels.some((l) => l.when || l.bindings.length !== 1 || l.bindings[0].within || l.bindings[0].nameVariable)) return false;
  const [v0, v1] = [levels[0].bindings[0].variable, levels[1].bindings[0].variable];
  const outer = outerBound(outerNames, src.alias);
  if (!exprEquivalent(levels[0].bindings[0].expr, formalize(s0.expr, src.alias, outer))) return false;
  if (!exprEquivalent(formalize(s1.expr, src.alias, new Set([...outer, s0.alias])), levels[1].bindings[0].expr, new Map([[s0.alias, v0]]))) return false;
  // Each flattened key: a path on the inner element (alias s1) or on the outer one (alias s0).
  const fields: { path: string[]; key: number; alias: string }[] = [];
  for (let j = 0; j < width; j++) {
    const m = arrayLevels(formalKeys[arrayAt + j])![1].mapping;
    const [p1, p0] = [pathOn(m, v1), pathOn(m, v0)];
    if (p1?.length) fields.push({ path: p1, key: arrayAt + j, alias: s1.alias });
    else if (p0?.length) fields.push({ path: p0, key: arrayAt + j, alias: s0.alias });
    else return false;
  }
  const rebuilt = rebuiltPaths(formalKeys, inGroup, index);
  if (!rebuilt) return false;
  const { paths, readable, constants } = rebuilt;
  const allowed = new Map<string, string[][]>([[s0.alias, []], [s1.alias, []]]);
  for (const f of fields) allowed.get(f.alias)!.push(f.path);
  const bound = new Set([...outer, s0.alias, s1.alias, ...(b.group?.keys ?? []).flatMap((k) => (k.alias ? [k.alias] : []))]);
  const orderBound = new Set([...bound, ...b.terms.flatMap((t) => (t.kind === 'Term' && t.alias ? [t.alias] : []))]);
  const exprs = [...blockExpressions(b).map((e) => formalize(e, src.alias, bound)), ...(plan.orderBy ?? []).map((o) => formalize(o.expr, src.alias, orderBound))];
  if (!exprs.every((e) => readsOnly(e, readable, allowed))) return false;
  const onAlias = (e: Expr): Expr => JSON.parse(JSON.stringify(e), (_k, v) => (v && v.kind === 'Identifier' && v.name === KS ? { ...v, name: src.alias } : v)) as Expr;
  const element = (f: { path: string[]; alias: string }): Expr => f.path.reduce((t: Expr, name): Expr => ({ kind: 'Field', target: t, name }), { kind: 'Identifier', name: f.alias });
  scan.covers = formalKeys.map((k, i) => `cover (${exprText(inGroup(i) ? element(fields[i - arrayAt]) : onAlias(k))})`).concat(['cover ((meta(`' + src.alias + '`).`id`))']);
  scan.distinct = false;
  // The reference's index_projection: the positions the block reads.
  const used = new Set<number>();
  let primary = false;
  for (const e of exprs) {
    walkExpr(e, (x) => {
      if (isMetaId(x)) primary = true;
      for (const f of fields) {
        const up = pathOn(x, f.alias);
        if (up && under(f.path, up)) used.add(f.key);
      }
      const p = fieldPath(x);
      if (p) paths.forEach((k, i) => k.length > 0 && under(k, p) && used.add(i));
      return true;
    });
  }
  const entry = [...used].sort((x, y) => x - y);
  scan.indexProjection = { ...(entry.length ? { entry_keys: entry } : {}), ...(primary ? { primary_key: true } : {}) };
  scan.servesWhere = false;
  scan.decided = undefined;
  src.coverPaths = paths;
  if (constants.length > 0) src.coverConstants = constants;
  src.coverUnnest = { alias: s1.alias, path: fields[0].path, key: arrayAt, fields };
  if (b.where) b.preFilter = b.where;
  (b as SubselectPlan).steps = [];
  return true;
}
