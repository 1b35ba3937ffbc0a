import type { Expr } from '../ast/index.js';
import { walkExpr } from '../ast/index.js';
import { exprEquivalent } from '../semantic/expr-equivalent.js';
import { formalize, KS, outerBound } from '../semantic/formalize.js';
import { subqueryReads } from '../semantic/subquery-reads.js';
import { blockExpressions } from './block-expressions.js';
import type { Catalog } from './catalog.js';
import { conditionConstants, fieldPath, isMetaId } from './cover.js';
import { conjunctsOf } from './sarg-index.js';
import { nullRejecting } from './null-rejecting.js';
import { exprText } from './explain.js';
import { collate } from '../values/index.js';
import type { SelectPlan, SubselectPlan } from './logical-plan.js';

/**
 * What a covering UNNEST scan binds besides its keyspace alias: the UNNEST alias, rebuilt from
 * the array key's entry (`path`: the field path of the element the key maps it to, empty when
 * the key is the element itself), and the position of that key in the index.
 */
export interface CoverUnnest {
  alias: string;
  path: string[];
  key: number;
  /**
   * A FLATTEN_KEYS key: the element is rebuilt from several positions, each at its own path;
   * `alias` (default `alias`): a nested key's field of an outer UNNEST's element (cover-unnest-nested.ts).
   */
  fields?: { path: string[]; key: number; alias?: string }[];
}

/** The field path of `name.a.b…` (['a','b']; [] for `name` itself), or undefined. */
export function pathOn(e: Expr, name: string): string[] | undefined {
  const path: string[] = [];
  let cur = e;
  while (cur.kind === 'Field' && !cur.caseInsensitive) {
    path.unshift(cur.name);
    cur = cur.target;
  }
  return cur.kind === 'Identifier' && cur.name === name && !cur.caseInsensitive ? path : undefined;
}

/**
 * The UNNEST an ALL array key answers: the key `ALL ARRAY v.p FOR v IN e END` (or `ALL e`,
 * whose elements are the key) over the UNNEST's expression `e`, with one binding and no WHEN.
 * Returns the element path the key maps each element to, or undefined.
 */
function unnestMapping(key: Expr, unnestExpr: Expr): string[] | undefined {
  if (key.kind !== 'ArrayFor') return exprEquivalent(key, unnestExpr) ? [] : undefined;
  const b = key.bindings[0];
  if (key.first || key.when || key.bindings.length !== 1 || b.within || b.nameVariable !== undefined) return undefined;
  if (!exprEquivalent(b.expr, unnestExpr)) return undefined;
  return pathOn(key.mapping, b.variable);
}

/**
 * True if `e` (formalized on the block's keyspace alias) reads the keyspace only through the
 * field paths `paths` or META().id, and the UNNEST alias `u` only through its element path
 * `mapPath` (or paths under it); a subquery in it reads neither `alias` nor `u`.
 */
function readsOnlyCovered(e: Expr, paths: readonly string[][], u: string, mapPaths: readonly (readonly string[])[], alias: string): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (!ok) return false;
    if (isMetaId(x)) return false;
    const up = pathOn(x, u);
    if (up) {
      ok = mapPaths.some((mapPath) => up.length >= mapPath.length && mapPath.every((n, i) => n === up[i]));
      return false;
    }
    const p = fieldPath(x);
    if (p && paths.some((k) => k.length <= p.length && k.every((n, i) => n === p[i]))) return false;
    // A subquery that reads the block's aliases is not answered from the index.
    if (x.kind === 'Subquery') ok = !subqueryReads(x.query, new Set([u, alias]), true);
    if ((x.kind === 'Identifier' && x.name === KS) || (x.kind === 'FunctionCall' && x.name === 'meta')) ok = false;
    return ok;
  });
  return ok;
}

/**
 * The reference's `index_projection` of a covering UNNEST scan of a FLATTEN_KEYS key: the
 * positions the block reads, a flattened key when the block reads `u` at its path, a scalar
 * key when it reads the key's field path; `primary_key` when it reads META().id.
 */
function unnestProjection(exprs: readonly Expr[], paths: readonly string[][], u: string, mapPaths: readonly string[][], arrayAt: number): { entry_keys?: number[]; primary_key?: boolean } {
  const used = new Set<number>();
  let primary = false;
  const under = (k: readonly string[], p: readonly string[]) => k.length > 0 && k.length <= p.length && k.every((n, i) => n === p[i]);
  for (const e of exprs) {
    walkExpr(e, (x) => {
      if (isMetaId(x)) primary = true;
      const up = pathOn(x, u);
      if (up) mapPaths.forEach((m, j) => under(m, up) && used.add(arrayAt + j));
      const p = fieldPath(x);
      if (p) paths.forEach((k, i) => under(k, p) && used.add(i));
      return true;
    });
  }
  const entry = [...used].sort((a, b) => a - b);
  return { ...(entry.length ? { entry_keys: entry } : {}), ...(primary ? { primary_key: true } : {}) };
}

/**
 * True if no entry falls in two of the spans: every two spans have a key where both are single
 * points on different literal values (`num IN [1, 2]` gives two such spans).
 */
export function disjointSpans(spans: readonly { ranges: readonly Range[] }[]): boolean {
  for (let a = 0; a < spans.length; a++) {
    for (let b = a + 1; b < spans.length; b++) {
      const n = Math.min(spans[a].ranges.length, spans[b].ranges.length);
      let apart = false;
      for (let i = 0; i < n && !apart; i++) apart = below(spans[a].ranges[i], spans[b].ranges[i]) || below(spans[b].ranges[i], spans[a].ranges[i]);
      if (!apart) return false;
    }
  }
  return true;
}

type Range = { low?: Expr; high?: Expr; inclusion: number };

/** True if every value of range `x` is below every value of range `y` (literal bounds only). */
function below(x: Range | undefined, y: Range | undefined): boolean {
  if (!x?.high || !y?.low || x.high.kind !== 'Literal' || y.low.kind !== 'Literal') return false;
  const c = collate(x.high.value, y.low.value);
  return c < 0 || (c === 0 && !((x.inclusion & 2) && (y.inclusion & 1)));
}

export const hasCollection = (e: Expr | undefined): boolean => {
  let found = false;
  if (e) walkExpr(e, (x) => !(found ||= x.kind === 'Collection'));
  return found;
};

/**
 * Covering UNNEST scans (couchbase/query `planner/build_scan_unnest_cov.go`, simplified): a
 * block `FROM ks AS d UNNEST d.arr AS u WHERE …` over an index with an `ALL ARRAY u.p FOR u IN
 * arr END` key (or `ALL arr`) whose every expression reads `u` only through `u.p` and `d` only
 * through the index's scalar field keys or META().id is answered from the index: the scan makes
 * one row per occurrence of each entry (no DistinctScan, no Fetch, no Unnest), binding `d` to the
 * document rebuilt from the scalar keys and `u` to the element rebuilt from the array key, and
 * the WHERE is evaluated on those rows, in the scan's `filter`. The block's rows are those of the plan with the Unnest:
 * - an element whose `u.p` is MISSING has no entry: unless the key is the element itself, the
 *   scan's range on the key must have a lower bound (taken from the WHERE, which then rejects
 *   such an element's row);
 * - the range must come from the WHERE's conjuncts on `u` (a WHERE with an ANY/EVERY over the
 *   array could narrow it to the documents, not to the elements): no such WHERE;
 * - one span (overlapping spans would give an entry twice); no LIMIT/OFFSET in the scan.
 * DISTINCT array keys keep one entry per distinct element and do not answer an UNNEST.
 * Returns true when the block was made such a scan.
 */
/**
 * What a covering UNNEST scan reads of the document from its entries: each key outside the
 * array key's positions (`inGroup`) as a field path (`[]` at the array key's positions); the
 * fields the index's condition fixes to a constant (`constants`: true on every entry); and
 * `readable`, the paths and those fields. Undefined when a key outside the array key is not a field path.
 */
export function rebuiltPaths(
  formalKeys: readonly Expr[],
  inGroup: (i: number) => boolean,
  index: { where?: Expr; alias: string },
): { paths: string[][]; readable: string[][]; constants: ReturnType<typeof conditionConstants> } | undefined {
  const paths: string[][] = [];
  for (let i = 0; i < formalKeys.length; i++) {
    if (inGroup(i)) {
      paths.push([]);
      continue;
    }
    const p = fieldPath(formalKeys[i]!);
    if (!p) return undefined;
    paths.push(p);
  }
  const constants = index.where ? conditionConstants(formalize(index.where, index.alias)) : [];
  return { paths, readable: [...paths.filter((p) => p.length > 0), ...constants.map((c) => c.path)], constants };
}

export function applyUnnestCovering(plan: SelectPlan, catalog: Catalog, outerNames: ReadonlySet<string> = new Set()): boolean {
  const b = plan.body;
  if (b.kind !== 'Subselect' || b.steps.length !== 1) return false;
  const step = b.steps[0];
  const src = b.source;
  if (step.op !== 'Unnest' || step.outer || src.op !== 'IndexScan' || src.scan.kind !== 'IndexScan3') return false;
  const scan = src.scan;
  if ((scan.spans.length !== 1 && !disjointSpans(scan.spans)) || scan.limit || scan.offset || b.group?.groupAs || b.ast.exclude?.length || b.orderServed) return false;
  if (hasCollection(b.where) || b.terms.some((t) => t.kind !== 'Term')) return false;
  const index = catalog.indexes?.(src.keyspace).find((i) => i.name === scan.index);
  if (!index) return false;
  const arrayAt = index.keys.findIndex((k) => k.array);
  // A FLATTEN_KEYS key is several positions: the element is rebuilt from them all.
  const width = arrayAt >= 0 ? index.keys[arrayAt].flatten?.count ?? 1 : 1;
  const inGroup = (i: number) => i >= arrayAt && i < arrayAt + width;
  if (arrayAt < 0 || index.keys[arrayAt].array !== 'ALL' || index.keys.some((k, i) => !inGroup(i) && k.array)) return false;
  const u = step.alias;
  const formalKeys = index.keys.map((k) => formalize(k.expr, index.alias));
  const unnestExpr = formalize(step.expr, src.alias, outerBound(outerNames, src.alias));
  const mapPaths = formalKeys.slice(arrayAt, arrayAt + width).map((k) => unnestMapping(k, unnestExpr));
  const mapPath = mapPaths[0];
  if (!mapPath || mapPaths.some((p) => !p || (width > 1 && p.length === 0))) return false;
  const range = scan.spans[0].ranges[arrayAt];
  if (mapPath.length > 0 && range?.low === undefined) return false;
  // The other keys rebuild the document: field paths only.
  const rebuilt = rebuiltPaths(formalKeys, inGroup, index);
  if (!rebuilt) return false;
  const { paths, readable, constants } = rebuilt;
  const bound = new Set([...outerBound(outerNames, src.alias), u, ...(b.let ?? []).map((l) => l.name), ...(b.group?.keys ?? []).flatMap((k) => (k.alias ? [k.alias] : []))]);
  const exprs: Expr[] = blockExpressions(b);
  if (!exprs.every((e) => readsOnlyCovered(formalize(e, src.alias, bound), readable, u, mapPaths as string[][], src.alias))) return false;
  const orderBound = new Set([...bound, ...b.terms.flatMap((t) => (t.kind === 'Term' && t.alias ? [t.alias] : []))]);
  if (!(plan.orderBy ?? []).every((o) => readsOnlyCovered(formalize(o.expr, src.alias, orderBound), readable, u, mapPaths as string[][], src.alias))) return false;
  // The reference's covers: the array key as the element it rebuilds (`(`u`.`p`)`), the others on the alias.
  const onAlias = (e: Expr): Expr => JSON.parse(JSON.stringify(e), (_k, v) => (v && v.kind === 'Identifier' && v.name === KS ? { ...v, name: src.alias } : v)) as Expr;
  const element = (p: readonly string[]): Expr => p.reduce((t: Expr, name): Expr => ({ kind: 'Field', target: t, name }), { kind: 'Identifier', name: u });
  scan.covers = formalKeys.map((k, i) => `cover (${exprText(inGroup(i) ? element(mapPaths[i - arrayAt]!) : onAlias(k))})`).concat(['cover ((meta(`' + src.alias + '`).`id`))']);
  scan.distinct = false;
  if (width > 1) scan.indexProjection = unnestProjection([...exprs, ...(plan.orderBy ?? []).map((o) => o.expr)].map((e) => formalize(e, src.alias, orderBound)), paths, u, mapPaths as string[][], arrayAt);
  // The WHERE is evaluated on every row (its conjuncts on `u` are not decided by the spans alone).
  scan.servesWhere = false;
  scan.decided = undefined;
  src.coverPaths = paths;
  if (constants.length > 0) src.coverConstants = constants;
  src.coverUnnest = { alias: u, path: mapPath, key: arrayAt, ...(width > 1 ? { fields: mapPaths.map((p, j) => ({ path: p!, key: arrayAt + j })) } : {}) };
  // Every row the scan makes binds both aliases: the whole WHERE is its filter (unless it reads
  // a LET variable, bound after the scan), as the reference's covered UNNEST scan has it.
  if (b.where && !b.let?.length) b.preFilter = b.where;
  (b as SubselectPlan).steps = [];
  return true;
}

/**
 * The index filter of an UNNEST's array index scan that does not cover the block
 * (couchbase/query prints such a scan's `filter`): the WHERE conjuncts that read only the UNNEST
 * alias `u`, through the element path the array key holds (`li.product LIKE '%x%'` on key
 * `ALL ARRAY l.product FOR l IN lineItems END`), are evaluated on each entry with `u` rebuilt
 * from it, and an entry that fails them selects no document. A document is still fetched,
 * unnested and filtered whole when one of its entries passes, so the rows are the same: a row
 * needs an element that satisfies the conjuncts, and (they being NULL-rejecting in the element
 * path) such an element has an entry that passes. Keys with WHEN are left alone (an element
 * the WHEN leaves out has no entry).
 */
export function applyUnnestEntryFilter(plan: SelectPlan, catalog: Catalog, outerNames: ReadonlySet<string> = new Set()): void {
  const b = plan.body;
  if (b.kind !== 'Subselect' || !b.where) return;
  const src = b.source;
  if (src.op !== 'IndexScan' || src.scan.kind !== 'IndexScan3' || src.coverPaths || !src.scan.distinct) return;
  const scan = src.scan;
  const index = catalog.indexes?.(src.keyspace).find((i) => i.name === scan.index);
  if (!index) return;
  const arrayAt = index.keys.findIndex((k) => k.array);
  if (arrayAt < 0) return;
  const key = formalize(index.keys[arrayAt].expr, index.alias);
  // A FLATTEN_KEYS key: the element is rebuilt from each flattened key at its path; an element
  // without the first one has no entry, so the spans must require it (a lower bound).
  const width = index.keys[arrayAt].flatten?.count ?? 1;
  if (width > 1 && !scan.spans.every((sp) => sp.ranges[arrayAt]?.low !== undefined)) return;
  const bound = new Set([...outerBound(outerNames, src.alias), ...b.steps.map((s) => s.alias), ...(b.let ?? []).map((l) => l.name)]);
  for (const step of b.steps) {
    if (step.op !== 'Unnest' || step.outer) continue;
    const unnestExpr = formalize(step.expr, src.alias, outerBound(outerNames, src.alias));
    const mapPath = unnestMapping(key, unnestExpr);
    if (!mapPath) continue;
    const mapPaths = index.keys.slice(arrayAt, arrayAt + width).map((k) => unnestMapping(formalize(k.expr, index.alias), unnestExpr));
    if (width > 1 && mapPaths.some((p) => !p || p.length === 0)) continue;
    const u = step.alias;
    const onPath = (e: Expr) => {
      const p = pathOn(e, u);
      return !!p && p.length === mapPath.length && p.every((n, i) => n === mapPath[i]);
    };
    const parts = conjunctsOf(b.where).filter((c) => {
      let other = false;
      walkExpr(c, (x) => !(other ||= x.kind === 'Subquery' || (x.kind === 'FunctionCall' && x.name.toLowerCase() === 'meta')));
      if (other) return false;
      const f = formalize(c, src.alias, bound);
      if (!readsOnlyCovered(f, [], u, width > 1 ? (mapPaths as string[][]) : [mapPath], src.alias)) return false;
      let readsU = false;
      walkExpr(f, (x) => !(readsU ||= pathOn(x, u) !== undefined));
      // A FLATTEN_KEYS entry rebuilds every field the conjunct reads: it is the element's value.
      return readsU && (mapPath.length === 0 || width > 1 || nullRejecting(f, onPath));
    });
    if (parts.length === 0) return;
    scan.entryFilter = parts.reduce((l, r): Expr => ({ kind: 'Binary', op: 'AND', left: l, right: r }));
    scan.filterUnnest = { alias: u, path: mapPath, key: arrayAt, ...(width > 1 ? { fields: mapPaths.map((p, j) => ({ path: p!, key: arrayAt + j })) } : {}) };
    return;
  }
}
