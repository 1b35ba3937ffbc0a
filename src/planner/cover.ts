import type { Expr } from '../ast/index.js';
import type { Value } from '../values/index.js';
import { walkExpr } from '../ast/index.js';
import type { Catalog } from './catalog.js';
import { coverFieldName, rewritable, rewriteCoveredBlock, type CoveredKey } from './cover-expressions.js';
import { exprEquivalent } from '../semantic/expr-equivalent.js';
import { formalize, KS, outerBound } from '../semantic/formalize.js';
import { subqueryReads, subqueryReadsOnly } from '../semantic/subquery-reads.js';
import type { SelectPlan } from './logical-plan.js';
import { spansDecideWhere } from './source-ops.js';
import { conjunctsOf } from './sarg-index.js';
import { exprText, lessThanForm } from './explain.js';
import type { ScanPlan } from './logical-plan.js';

/** The field path of `KS.a.b…` (['a','b']), or undefined if the expression is not such a path. */
export function fieldPath(e: Expr): string[] | undefined {
  const path: string[] = [];
  let cur = e;
  while (cur.kind === 'Field' && !cur.caseInsensitive) {
    path.unshift(cur.name);
    cur = cur.target;
  }
  return cur.kind === 'Identifier' && cur.name === KS && path.length > 0 ? path : undefined;
}

/** `META(alias).id`. */
export const metaIdOf = (alias: string): Expr => ({ kind: 'Field', target: { kind: 'FunctionCall', name: 'meta', args: [{ kind: 'Identifier', name: alias }] }, name: 'id' }) as Expr;

/** True for `META(…).id`. */
export function isMetaId(e: Expr): boolean {
  return e.kind === 'Field' && e.name === 'id' && e.target.kind === 'FunctionCall' && e.target.name === 'meta';
}

/**
 * True if every reference to the keyspace in `e` goes through one of `paths`, one of the
 * expression keys `exprKeys`, or `META().id`.
 */
function coveredBy(e: Expr, paths: string[][], exprKeys: readonly CoveredKey[], alias: string): boolean {
  if (exprKeys.length > 0 && !rewritable(e)) return false;
  let ok = true;
  walkExpr(e, (x) => {
    if (!ok) return false;
    if (isMetaId(x)) return false;
    if (exprKeys.some((k) => exprEquivalent(x, k.formal))) return false;
    const p = fieldPath(x);
    if (p) {
      if (paths.some((k) => k.length <= p.length && k.every((n, i) => n === p[i]))) return false;
      // A longer path may still be covered through a shorter prefix: look at the target.
      return true;
    }
    // A subquery that does not read the block's documents (not correlated on them) runs apart;
    // one that reads them only through covered paths (or META().id) reads the covered row.
    if (x.kind === 'Subquery') {
      ok = !subqueryReads(x.query, new Set([alias]), true) || (exprKeys.length === 0 && subqueryReadsOnly(x.query, alias, (p) => paths.some((k) => k.length <= p.length && k.every((n, i) => n === p[i]))));
      return false;
    }
    if ((x.kind === 'Identifier' && x.name === KS) || (x.kind === 'FunctionCall' && x.name === 'meta')) ok = false;
    return ok;
  });
  return ok;
}

/**
 * Covering index scans (couchbase/query `planner/build_covering.go`, simplified): when a
 * single SELECT block scans one scalar index and every expression of the block reads the
 * keyspace only through index keys (field paths, or expressions such as `LOWER(name)` met
 * whole) or `META().id`, the rows are built from the index entries and the Fetch is skipped.
 * Marks the scan with `covers`; expression keys are rewritten into reads of the covering
 * document (cover-expressions.ts).
 * `outerNames`: in a subquery, the names enclosing queries bind (not fields of this keyspace).
 */
export function applyCovering(plan: SelectPlan, catalog: Catalog, outerNames: ReadonlySet<string> = new Set()): void {
  const b = plan.body;
  if (b.kind !== 'Subselect') return;
  const src = b.source;
  if (src.op !== 'IndexScan' || src.scan.kind !== 'IndexScan3') return;
  const scan = src.scan;
  const index = catalog.indexes?.(src.keyspace).find((i) => i.name === scan.index);
  if (!index) return;
  // An array index's array key holds one element per entry, not the array: it rebuilds nothing
  // of the document (its path is empty). Its other keys cover as scalar keys do, and a WHERE
  // conjunct its exact spans decide is TRUE for every document scanned (`decidedConditions`).
  const arrayIndex = index.keys.some((k) => k.array);
  const wholeWhere = arrayIndex && spansDecideWhere(src);
  // Field-path keys rebuild the document; an expression key is read from a field of its own.
  const formalKeys = index.keys.map((k) => formalize(k.expr, index.alias));
  const paths: string[][] = [];
  const pathKeys: string[][] = [];
  const exprKeys: CoveredKey[] = [];
  /** Per index key: true for an expression key. */
  const isExprKey: boolean[] = [];
  /** A key's text as the reference prints it in `covers`: formalized on the block's alias (`` (`t`.`f1`) ``). */
  const keyText = (i: number): string => {
    const onAlias = JSON.parse(JSON.stringify(formalKeys[i]), (_k, v) => (v && v.kind === 'Identifier' && v.name === KS ? { ...v, name: src.alias } : v)) as Expr;
    const t = exprText(onAlias);
    return index.keys[i].array ? `(${index.keys[i].array!.toLowerCase()} ${t})` : t;
  };
  formalKeys.forEach((formal, i) => {
    if (index.keys[i].array) {
      isExprKey.push(false);
      paths.push([]);
      return;
    }
    const path = fieldPath(formal);
    isExprKey.push(!path);
    if (path) {
      pathKeys.push(path);
      paths.push(path);
      return;
    }
    const text = keyText(i);
    const key: CoveredKey = { formal, text, field: coverFieldName(text) };
    exprKeys.push(key);
    paths.push([key.field]);
  });
  // A partial index holds only documents its condition accepts: the fields the condition fixes
  // (`field = constant` conjuncts) are known in every covered row.
  const constants = index.where && (!arrayIndex || index.keys.some((k) => k.flatten)) ? conditionConstants(formalize(index.where, index.alias)) : [];
  for (const c of constants) pathKeys.push(c.path);
  const exprs: Expr[] = [];
  // GROUP AS holds each row's whole documents: an index does not cover them.
  if (b.group?.groupAs) return;
  for (const t of b.terms) {
    if (t.kind === 'Star') return;
    exprs.push(t.expr);
  }
  // An EXCLUDE expression that is not a path reads the row (`EXCLUDE to_string(t.hide)`).
  exprs.push(...(b.ast.exclude ?? []).filter((e) => !['Identifier', 'Field', 'Element'].includes(e.kind)));
  const bound0 = new Set([...outerBound(outerNames, src.alias), ...b.steps.map((u) => u.alias), ...(b.let ?? []).map((l) => l.name)]);
  const decided = arrayIndex && b.where && !wholeWhere ? decidedConditions(b.where, scan, src.alias, bound0) : [];
  if (b.where && !wholeWhere) exprs.push(...conjunctsOf(b.where).filter((c) => !decided.includes(c)));
  for (const u of b.steps) {
    // A lookup join reads its keys from the covered row (its inner documents are fetched by
    // key); other joins are not covered (not yet), nor a lookup join after an array index scan
    // (its pre-join filter would read the decided conjuncts). An index join reads the key of
    // its FOR document (`META(for).id`), which the covered row has.
    if (u.op === 'Join' && !arrayIndex) exprs.push(u.onKeys);
    else if (u.op === 'IndexJoin' && !arrayIndex && u.forAlias === src.alias) exprs.push(metaIdOf(src.alias));
    else if (u.op !== 'Unnest') return;
    else exprs.push(u.expr);
  }
  for (const l of b.let ?? []) exprs.push(l.expr);
  for (const k of b.group?.keys ?? []) exprs.push(k.expr);
  for (const l of b.group?.letting ?? []) exprs.push(l.expr);
  if (b.group?.having) exprs.push(b.group.having);
  // LETTING names are the group's values, not fields.
  const bound = new Set([
    ...outerBound(outerNames, src.alias),
    ...b.steps.map((u) => u.alias),
    ...(b.let ?? []).map((l) => l.name),
    ...(b.group?.keys ?? []).flatMap((k) => (k.alias ? [k.alias] : [])),
    ...(b.group?.letting ?? []).map((l) => l.name),
  ]);
  if (!exprs.every((e) => coveredBy(formalize(e, src.alias, bound), pathKeys, exprKeys, src.alias))) return;
  // ORDER BY may also name projection aliases.
  const orderBound = new Set([...bound, ...b.terms.flatMap((t) => (t.kind === 'Term' && t.alias ? [t.alias] : []))]);
  if (!(plan.orderBy ?? []).every((o) => coveredBy(formalize(o.expr, src.alias, orderBound), pathKeys, exprKeys, src.alias))) return;
  // A decided conjunct prints as the reference's `cover (<its text formalized on the alias>)`.
  const conditionText = (c: Expr) => exprText(JSON.parse(JSON.stringify(formalize(c, src.alias, bound0)), (_k, v) => (v && v.kind === 'Identifier' && v.name === KS ? { ...v, name: src.alias } : v)) as Expr);
  if (decided.length > 0) b.where = replaceConjuncts(b.where!, decided, conditionText);
  // A partial index's condition holds for every entry: a WHERE conjunct that is one of its
  // conjuncts (other than the `field = constant` ones, whose fields the rows carry) is TRUE on
  // every covered row, printed `cover (<condition>)` and listed in the scan's filter_covers.
  const held = index.where && !arrayIndex && b.where ? heldConditions(b.where, formalize(index.where, index.alias), src.alias, bound0) : [];
  if (held.length > 0) {
    const texts = new Map(held.map((h) => [h.conjunct, h.text]));
    b.where = replaceConjuncts(b.where!, [...texts.keys()], (c) => texts.get(c)!);
    if (b.preFilter) b.preFilter = replaceConjuncts(b.preFilter, [...texts.keys()], (c) => texts.get(c)!);
    scan.conditionCovers = [...new Set(held.map((h) => h.text))];
  }
  if (decided.length > 0 && b.preFilter) b.preFilter = replaceConjuncts(b.preFilter, decided, conditionText);
  if (exprKeys.length > 0) rewriteCoveredBlock(plan, b, src.alias, bound, orderBound, exprKeys);
  scan.covers = index.keys.map((_k, i) => `cover (${keyText(i)})`).concat(['cover ((meta(`' + src.alias + '`).`id`))']);
  scan.indexProjection = indexProjection(
    [...exprs, ...(b.where ? [b.where] : []), ...(plan.orderBy ?? []).map((o) => o.expr)].map((e) => formalize(e, src.alias, orderBound)),
    formalKeys,
    index.keys.map((k) => !!k.array),
    decided.length > 0 || wholeWhere,
    // A FLATTEN_KEYS position counts when the spans constrain it (the ANY reads that key).
    index.keys.map((k, i) => !k.flatten || scan.spans.some((sp) => sp.ranges[i] && (sp.ranges[i].low !== undefined || sp.ranges[i].high !== undefined))),
  );
  src.coverPaths = paths;
  if (exprKeys.length > 0) src.coverExpressionKeys = isExprKey;
  if (constants.length > 0) src.coverConstants = constants;
}

/**
 * The WHERE conjuncts (as written) that an array index scan's spans decide: the scan's spans are
 * exact, every bound taken from the query is a literal scalar (a parameter could be an array at
 * run time), and the conjunct is one the spans were made from.
 */
function decidedConditions(where: Expr, scan: Extract<ScanPlan, { kind: 'IndexScan3' }>, alias: string, bound: ReadonlySet<string>): Expr[] {
  if (!scan.decided?.length) return [];
  const literal = scan.spans.every((sp) =>
    sp.ranges.every((r) => !r.user || [r.low, r.high].every((x) => x === undefined || (x.kind === 'Literal' && ['string', 'number', 'boolean'].includes(typeof x.value)))),
  );
  if (!literal) return [];
  return conjunctsOf(where).filter((c) => {
    const f = formalize(c, alias, bound);
    return scan.decided!.some((d) => exprEquivalent(d, f));
  });
}

/**
 * The WHERE conjuncts (as written) that are conjuncts of a partial index's formalized condition
 * `cond` (compared in the reference's `<` form), each with the condition conjunct's text on the
 * block's alias (`(10 < (`t`.`join_day`))`). `field = constant` conjuncts are left out (the
 * covered rows carry those fields: conditionConstants).
 */
function heldConditions(where: Expr, cond: Expr, alias: string, bound: ReadonlySet<string>): { conjunct: Expr; text: string }[] {
  const constants = new Set(conditionConstants(cond).map((c) => c.path.join('.')));
  const parts = conjunctsOf(cond).filter((c) => {
    if (c.kind !== 'Binary' || c.op !== '=') return true;
    const p = fieldPath(c.left) ?? fieldPath(c.right);
    return !p || !constants.has(p.join('.'));
  });
  const onAlias = (e: Expr): Expr => JSON.parse(JSON.stringify(e), (_k, v) => (v && v.kind === 'Identifier' && v.name === KS ? { ...v, name: alias } : v)) as Expr;
  const out: { conjunct: Expr; text: string }[] = [];
  for (const c of conjunctsOf(where)) {
    const f = lessThanForm(formalize(c, alias, bound));
    const part = parts.find((p) => exprEquivalent(lessThanForm(p), f));
    if (part) out.push({ conjunct: c, text: exprText(onAlias(part)) });
  }
  return out;
}

/** `where` with each conjunct of `decided` replaced by a TRUE that prints as `cover (<its text>)`. */
function replaceConjuncts(where: Expr, decided: readonly Expr[], text: (c: Expr) => string): Expr {
  if (where.kind === 'Binary' && where.op === 'AND') return { ...where, left: replaceConjuncts(where.left, decided, text), right: replaceConjuncts(where.right, decided, text) };
  return decided.includes(where) ? { kind: 'Literal', value: true, coveredCondition: text(where) } : where;
}

/**
 * The reference's `index_projection` of a covering scan: the positions of the keys the block
 * reads (`entry_keys`) and whether it reads META().id (`primary_key`); undefined when it reads
 * them all. `arrayUsed`: the array key's spans decide a conjunct; `arrayRead[i]`: array key `i` is read then.
 */
function indexProjection(exprs: readonly Expr[], keys: readonly Expr[], isArray: readonly boolean[], arrayUsed: boolean, arrayRead: readonly boolean[]): { entry_keys?: number[]; primary_key?: boolean } | undefined {
  const used = new Set<number>();
  let primary = false;
  for (const e of exprs) {
    walkExpr(e, (x) => {
      if (isMetaId(x)) primary = true;
      const p = fieldPath(x);
      keys.forEach((k, i) => {
        if (isArray[i]) return;
        const kp = fieldPath(k);
        if (kp ? p !== undefined && kp.length <= p.length && kp.every((n, j) => n === p[j]) : exprEquivalent(x, k)) used.add(i);
      });
      return true;
    });
  }
  keys.forEach((_k, i) => isArray[i] && arrayUsed && arrayRead[i] && used.add(i));
  if (primary && used.size === keys.length) return undefined;
  const entry = [...used].sort((a, b) => a - b);
  return { ...(entry.length ? { entry_keys: entry } : {}), ...(primary ? { primary_key: true } : {}) };
}

/** The `KS.path = scalar literal` conjuncts of a formalized index condition. */
export function conditionConstants(cond: Expr): { path: string[]; value: Value }[] {
  const out: { path: string[]; value: Value }[] = [];
  const walk = (e: Expr): void => {
    if (e.kind === 'Binary' && e.op === 'AND') {
      walk(e.left);
      walk(e.right);
      return;
    }
    if (e.kind !== 'Binary' || e.op !== '=') return;
    for (const [f, c] of [[e.left, e.right], [e.right, e.left]] as const) {
      const path = fieldPath(f);
      if (path && c.kind === 'Literal' && (typeof c.value === 'string' || typeof c.value === 'boolean' || (typeof c.value === 'number' && c.value !== 0))) {
        out.push({ path, value: c.value });
        return;
      }
    }
  };
  walk(cond);
  return out;
}
