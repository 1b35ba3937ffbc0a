import type { ArrayFor, Collection, Expr } from '../ast/index.js';
import { printExpr } from '../ast/print.js';
import type { IndexInfo } from './catalog.js';
import { exprEquivalent } from '../semantic/expr-equivalent.js';
import { formalize } from '../semantic/formalize.js';
import { nullRejecting, strictOf } from './null-rejecting.js';
import type { SpanPlan, SpanRangePlan } from './logical-plan.js';
import { mergeRanges, sargKey, type KeySarg, type SargResult } from './sarg.js';
import { mentionsVariable } from '../semantic/static-expr.js';
import { implies } from './implies.js';
import { sargFlattenGroup } from './sarg-flatten.js';
import { jsonCopy } from '../values/index.js';

/** A copy of `e` with the identifier `from` renamed `to` (binding variables of an index key). */
function renameVariable(e: Expr, from: string, to: string): Expr {
  return jsonCopy(e, (_k, v) => (v && v.kind === 'Identifier' && v.name === from ? { ...v, name: to } : v));
}

/** What one index can do for a query: its spans, whether they are exact, and a score. */
export interface IndexSarg {
  index: IndexInfo;
  spans: SpanPlan[];
  exact: boolean;
  /** Higher is better: point spans > ranges > non-exact full ranges; more keys is better. */
  score: number;
  /** The conjuncts the spans came from. */
  used: Expr[];
  /** The index's leading key is an array key (the scan is wrapped in a DistinctScan). */
  distinct: boolean;
  /**
   * An `INCLUDE MISSING` leading key without a predicate: the spans start with the whole key
   * (every document the index's WHERE admits), as the reference scans such an index when no
   * conjunct constrains its leading key.
   */
  wholeLeading?: boolean;
}

/** True if the index's leading key is `INCLUDE MISSING` (a scalar key): every document it admits has an entry. */
export function leadingMissing(index: IndexInfo): boolean {
  return !!index.keys[0]?.includeMissing && !index.keys[0].array;
}

/**
 * `k IS MISSING` (only MISSING: below NULL) and `k IS NOT VALUED` (MISSING and NULL) on an
 * `INCLUDE MISSING` leading key, whose entries hold MISSING: ranges with no low bound, as the
 * reference's spans (`"high": "null"`). Undefined for any other predicate.
 */
function sargMissing(pred: Expr, key: Expr): SargResult | undefined {
  if (pred.kind !== 'Is' || !exprEquivalent(pred.operand, key)) return undefined;
  const high: Expr = { kind: 'Literal', value: null };
  if (pred.test === 'MISSING' && !pred.not) return { ranges: [{ high, inclusion: 0 }], exact: true };
  if (pred.test === 'VALUED' && pred.not) return { ranges: [{ high, inclusion: 2 }], exact: true };
  return undefined;
}

/** Canonical text of an index key, as `system:indexes` and EXPLAIN's `index_key` show it. */
export function indexKeyText(k: IndexInfo['keys'][number]): string {
  const t = printExpr(k.expr);
  return k.array ? `(${k.array.toLowerCase()} ${t})` : t;
}

interface ArrayKeyShape {
  bindingExpr: Expr;
  within: boolean;
  /** The index's variable, or undefined for the simple form (the ANY's own variable is the mapping). */
  variable?: string;
  mapping?: Expr;
  when?: Expr;
}

/** The binding, mapping and WHEN of an array index key (formalized). */
export function arrayKeyShape(key: Expr, isArray: boolean): ArrayKeyShape | undefined {
  if (!isArray) return undefined;
  if (key.kind === 'ArrayFor' && !key.first) {
    const a = key as ArrayFor;
    if (a.bindings.length !== 1 || a.bindings[0].nameVariable) return undefined;
    return { bindingExpr: a.bindings[0].expr, within: a.bindings[0].within, variable: a.bindings[0].variable, mapping: a.mapping, when: a.when };
  }
  return { bindingExpr: key, within: false };
}

function score(r: SargResult, fallback: boolean): number {
  if (fallback) return 5;
  const points = r.ranges.every((x) => x.inclusion === 3 && x.low === x.high);
  return (points ? 30 : 20) - (r.exact ? 0 : 5);
}

/** Sargs an ANY conjunct against an array index key (spec §10.1). */
function sargAny(c: Collection, shape: ArrayKeyShape): { r: SargResult; fallback: boolean } | undefined {
  if (c.quantifier === 'EVERY' || c.bindings.length !== 1) return undefined;
  const b = c.bindings[0];
  if (b.nameVariable || b.within !== shape.within) return undefined;
  if (!exprEquivalent(b.expr, shape.bindingExpr)) return undefined;
  const idxVar = shape.variable ?? b.variable;
  const mapping: Expr = shape.mapping ?? { kind: 'Identifier', name: idxVar };
  const vars = new Map([[b.variable, idxVar]]);
  let satisfies = c.satisfies;
  if (shape.when) {
    const when = renameVariable(shape.when, idxVar, b.variable);
    if (!implies(conjunctsOf(c.satisfies), when)) return undefined;
    // The index holds entries only for elements its WHEN accepts: the conjuncts of the WHEN
    // hold for every element an entry stands for, so the spans need not (and stay exact).
    const whenParts = conjunctsOf(when);
    const rest = conjunctsOf(c.satisfies).filter((x) => !whenParts.some((w) => exprEquivalent(w, x)));
    if (rest.length > 0) satisfies = rest.reduce((l, r): Expr => ({ kind: 'Binary', op: 'AND', left: l, right: r }));
  }
  const r = sargKey(satisfies, mapping, vars);
  // The spans find the documents where ANY element qualifies; ANY AND EVERY needs the filter too.
  if (r) return { r: c.quantifier === 'ANY' ? r : { ranges: r.ranges, exact: false }, fallback: false };
  // The predicate only depends on the variable: scan the whole non-MISSING range and filter.
  if (!mentionsVariable(c.satisfies, b.variable) || !strictOf(mapping, idxVar, false)) return undefined;
  const identity = mapping.kind === 'Identifier';
  const skipNull = identity && nullRejecting(c.satisfies, b.variable);
  return { r: { ranges: [{ low: { kind: 'Literal', value: null }, inclusion: skipNull ? 0 : 1 }], exact: false }, fallback: true };
}

/** True if the predicate mentions the key expression and is NULL-rejecting in it (subqueries are not entered). */
function dependsStrictly(pred: Expr, key: Expr): boolean {
  return nullRejecting(pred, (e) => exprEquivalent(e, key));
}

/** Flattens nested ANDs. */
export function conjunctsOf(e: Expr): Expr[] {
  return e.kind === 'Binary' && e.op === 'AND' ? [...conjunctsOf(e.left), ...conjunctsOf(e.right)] : [e];
}

/**
 * The best use of one index for a list of formalized conjuncts: ranges on the leading key, and
 * on each next key that a conjunct constrains (the composite span's later ranges filter the
 * entries within the earlier ones, as GSI's do: couchbase/query `planner/sarg.go` composite
 * spans), up to the first key without one or an array key. A key after a range that is not a
 * single point adds nothing to the score (the choice of index is made on the leading keys, as
 * before). Undefined if the leading key is not sargable, except for an `INCLUDE MISSING` leading
 * key: then a key without a predicate is a whole range (no bounds, MISSING included) and later
 * keys may still have ranges (score 1 when one does, 0 for a whole scan), and `IS MISSING` /
 * `IS NOT VALUED` on it are spans too.
 */
export function sargIndex(conjuncts: Expr[], index: IndexInfo): IndexSarg | undefined {
  const keys = index.keys.map((k) => formalize(k.expr, index.alias));
  const texts = index.keys.map(indexKeyText);
  let spans: { exact: boolean; ranges: SpanRangePlan[] }[] = [{ exact: true, ranges: [] }];
  const used: Expr[] = [];
  let total = 0;
  let keysUsed = 0;
  /** Whether every key so far had a single-point range. */
  let points = true;
  // An INCLUDE MISSING leading key: a key without a predicate is a whole range (MISSING
  // included) and the later keys may still filter the entries (the reference's composite spans).
  const lkMissing = leadingMissing(index);
  let wholeLeading = false;
  let laterUsed = false;
  for (let i = 0; i < keys.length; i++) {
    const flat = index.keys[i].flatten;
    if (flat && flat.at === 0) {
      // A FLATTEN_KEYS group: one ANY gives the ranges of all its positions (sarg-flatten.ts).
      const g = sargFlattenGroup(conjuncts, keys.slice(i, i + flat.count), !!index.keys[i].includeMissing);
      if (!g) {
        // After the leading key every document has an entry (index-entries.ts): the group may go unconstrained.
        if (i === 0) break;
        for (let j = 0; j < flat.count; j++) spans = spans.map((sp) => ({ exact: sp.exact, ranges: [...sp.ranges, { inclusion: 0, indexKey: texts[i + j] }] }));
        keysUsed = i + flat.count;
        points = false;
        i += flat.count - 1;
        continue;
      }
      used.push(g.used);
      if (i > 0 && wholeLeading) laterUsed = true;
      const first = g.ranges[0];
      if (points && first) total += score(first, !!first.ranges.every((x) => x.low?.kind === 'Literal' && x.low.value === null && x.inclusion === 0) && !first.exact);
      const all: SpanRangePlan[][] = g.ranges.map((r, j) => (r ? r.ranges : [{ inclusion: 0 } as KeySarg]).map((x) => ({ low: x.low, high: x.high, inclusion: x.inclusion, indexKey: texts[i + j], ...(x.user ? { user: true } : {}) })));
      for (const options of all) spans = spans.flatMap((sp) => options.map((x) => ({ exact: sp.exact && g.exact, ranges: [...sp.ranges, x] })));
      keysUsed = i + flat.count;
      points &&= g.ranges.every((r) => r && r.ranges.length === 1 && r.ranges[0].inclusion === 3 && r.ranges[0].low === r.ranges[0].high);
      i += flat.count - 1;
      continue;
    }
    const shape = arrayKeyShape(keys[i], !!index.keys[i].array);
    let best: { r: SargResult; s: number; c: Expr[] } | undefined;
    for (const c of conjuncts) {
      let r: SargResult | undefined;
      let s = 0;
      if (shape) {
        if (c.kind !== 'Collection' || c.bindings[0]?.flattenOnly) continue;
        const a = sargAny(c, shape);
        if (a) [r, s] = [a.r, score(a.r, a.fallback)];
      } else {
        r = (i === 0 && lkMissing ? sargMissing(c, keys[i]) : undefined) ?? sargKey(c, keys[i], new Map());
        if (r) s = score(r, false);
        else if ((i === 0 || !points) && dependsStrictly(c, keys[i])) {
          // `LOWER(type) = 'x'` on key `type`: only rows with a non-NULL key can qualify (spec §10.1).
          r = { ranges: [{ low: { kind: 'Literal', value: null }, inclusion: 0 }], exact: false };
          s = score(r, true);
        }
        // Two ranges on the same key (`k >= 2 AND k <= 5`) make one tighter range.
        const merged = r && best ? mergeRanges(best.r, r) : undefined;
        if (merged && best) {
          best = { r: merged, s: Math.max(s, best.s), c: [...best.c, c] };
          continue;
        }
      }
      if (r && (!best || s > best.s)) best = { r, s, c: [c] };
    }
    if (!best && lkMissing && !shape) {
      // The whole key: no bound (MISSING included), and no entry is left out.
      if (i === 0) wholeLeading = true;
      points = false;
      spans = spans.map((sp) => ({ exact: sp.exact, ranges: [...sp.ranges, { inclusion: 0, indexKey: texts[i] }] }));
      continue;
    }
    if (!best) {
      // A key before a FLATTEN_KEYS group may go unconstrained (the reference's spans reach the
      // group through it); the leading key may not (a document without it has no entry).
      if (i === 0 || !index.keys.some((k, j) => j > i && k.flatten)) break;
      spans = spans.map((sp) => ({ exact: sp.exact, ranges: [...sp.ranges, { inclusion: 0, indexKey: texts[i] }] }));
      points = false;
      continue;
    }
    if (i > 0 && wholeLeading) laterUsed = true;
    keysUsed = i + 1;
    used.push(...best.c);
    if (points) total += best.s;
    const r = best.r;
    spans = spans.flatMap((sp) =>
      r.ranges.map((x) => ({ exact: sp.exact && r.exact, ranges: [...sp.ranges, { low: x.low, high: x.high, inclusion: x.inclusion, indexKey: texts[i], ...(x.user ? { user: true } : {}) }] })),
    );
    const point = r.ranges.length === 1 && r.ranges[0].inclusion === 3 && r.ranges[0].low === r.ranges[0].high;
    if (shape) break;
    points &&= point;
  }
  if (used.length === 0 && !lkMissing) return undefined;
  // A document whose array key is not a non-empty array has no entry at all (index-entries.ts):
  // an index with an array key is usable only when its spans reach that key (an ANY on it).
  if (index.keys.some((k, i) => k.array && i >= keysUsed)) return undefined;
  // Whole ranges after the last key used add nothing: the span ends at that key (at least the leading one).
  if (lkMissing) spans = spans.map((sp) => ({ exact: sp.exact, ranges: sp.ranges.slice(0, Math.max(1, keysUsed)) }));
  const exact = spans.every((s) => s.exact) && (used.length >= 1 || lkMissing);
  // A whole leading key filtered by a later key's span ranks above a whole scan (1 > 0) and
  // below any index whose leading key is sargable.
  if (wholeLeading) total = laterUsed ? 1 : 0;
  return { index, spans, exact, score: total, used, distinct: index.keys.some((k) => !!k.array), ...(wholeLeading ? { wholeLeading } : {}) };
}
