import type { Binary, Expr } from '../ast/index.js';
import { likePrefix } from '../tokens/patterns.js';
import { constantValue, NOT_CONSTANT } from '../eval/index.js';
import { collate, prefixSuccessor } from '../values/index.js';
import { exprEquivalent } from '../semantic/expr-equivalent.js';
import { foldedConstant, isStatic } from '../semantic/static-expr.js';

/** A range on one key, with static bounds. */
export interface KeySarg {
  low?: Expr;
  high?: Expr;
  inclusion: 0 | 1 | 2 | 3;
  /** The bounds come from the query's values (not sentinels): exact only if they are scalars at run time. */
  user?: boolean;
}

/** The result of sarging a predicate against one index key: alternative ranges (OR-ed). */
export interface SargResult {
  ranges: KeySarg[];
  /** True when the ranges select exactly the values satisfying the predicate. */
  exact: boolean;
}

const lit = (value: string | null): Expr => ({ kind: 'Literal', value });
const FLIP: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=', '!=': '!=' };

/** A constant bound that can never equal or order like a plain value (NULL, MISSING, arrays, objects): not exact. */
function scalarBound(value: Expr): boolean {
  const c = constantValue(value);
  return c === NOT_CONSTANT || typeof c === 'string' || typeof c === 'number' || typeof c === 'boolean';
}

/**
 * `x >= []` (TRUE for every array and object) and `x < {}` (TRUE for every value but NULL,
 * MISSING and objects) hold for exactly the values of their spans, though their bounds are not
 * scalars (the reference's answers: `[null] >= []` and `[null] < {}` are TRUE, `null < {}` NULL).
 * An inner UNNEST implies both on its array (unnest-sarg.ts).
 */
function exactNonScalar(op: string, value: Expr): boolean {
  const c = constantValue(value);
  if (op === '>=') return Array.isArray(c) && c.length === 0;
  return op === '<' && c !== null && typeof c === 'object' && !Array.isArray(c) && Object.keys(c).length === 0;
}

function compareSarg(op: string, value: Expr): SargResult | undefined {
  const r = compareSargRaw(op, value);
  if (!r) return r;
  for (const x of r.ranges) x.user = true;
  return scalarBound(value) || exactNonScalar(op, value) ? r : { ranges: r.ranges, exact: false };
}

function compareSargRaw(op: string, value: Expr): SargResult | undefined {
  switch (op) {
    case '=':
      return { ranges: [{ low: value, high: value, inclusion: 3 }], exact: true };
    case '<':
      return { ranges: [{ low: lit(null), high: value, inclusion: 0 }], exact: true };
    case '<=':
      return { ranges: [{ low: lit(null), high: value, inclusion: 2 }], exact: true };
    case '>':
      return { ranges: [{ low: value, inclusion: 0 }], exact: true };
    case '>=':
      return { ranges: [{ low: value, inclusion: 1 }], exact: true };
    case '!=':
      // The values below and above it (the reference's two spans; NULL and MISSING are in neither).
      return { ranges: [{ low: lit(null), high: value, inclusion: 0 }, { low: value, inclusion: 0 }], exact: true };
    default:
      return undefined;
  }
}

const isNullLow = (e: Expr | undefined) => e?.kind === 'Literal' && e.value === null;

/**
 * Which of two bounds is tighter (the larger low, the smaller high): 'a' or 'b', undefined if
 * they do not compare as constants. Equal bounds: the exclusive one (`bit` of `inclusion`).
 */
function pickBound(a: KeySarg, b: KeySarg, wantLarger: boolean): 'a' | 'b' | undefined {
  const [x0, y0, bit] = wantLarger ? [lowOf(a), lowOf(b), 1] : [a.high, b.high, 2];
  if (!x0) return y0 ? 'b' : undefined;
  if (!y0) return 'a';
  const x = constantValue(x0);
  const y = constantValue(y0);
  if (x === NOT_CONSTANT || y === NOT_CONSTANT) return undefined;
  const c = collate(x, y);
  if (c === 0) return a.inclusion & bit && !(b.inclusion & bit) ? 'b' : 'a';
  return (wantLarger ? c > 0 : c < 0) ? 'a' : 'b';
}

/** A range's low bound, unless it is the NULL sentinel of `IS NOT NULL` and the like. */
const lowOf = (r: KeySarg) => (isNullLow(r.low) ? undefined : r.low);

/**
 * The literal prefix of a LIKE pattern, or undefined when the pattern is invalid: then the
 * predicate is not sargable, and the error is raised (or not) as without an index, when a
 * string operand reaches the pattern at run time.
 */
function likePrefixOrUndefined(pattern: string, escape: string): ReturnType<typeof likePrefix> | undefined {
  try {
    return likePrefix(pattern, escape);
  } catch {
    return undefined;
  }
}

/** `k >= 2 AND k <= 5`: the intersection of two single ranges on the same key, when the bounds compare. */
export function mergeRanges(l: SargResult, r: SargResult): SargResult | undefined {
  if (l.ranges.length !== 1 || r.ranges.length !== 1) return undefined;
  const [a, b] = [l.ranges[0], r.ranges[0]];
  const lowFrom = pickBound(a, b, true);
  const highFrom = pickBound(a, b, false);
  if ((lowOf(a) || lowOf(b)) && !lowFrom) return undefined;
  if ((a.high || b.high) && !highFrom) return undefined;
  const lo = lowFrom === 'a' ? a : lowFrom === 'b' ? b : undefined;
  const hi = highFrom === 'a' ? a : highFrom === 'b' ? b : undefined;
  const low = lo ? lo.low : a.low ?? b.low;
  // Both lows the NULL sentinel (`IS NOT MISSING` includes NULL, `IS NOT NULL` does not): both must hold.
  const lowBit = lo ? lo.inclusion : a.low && b.low ? a.inclusion & b.inclusion : a.low ? a.inclusion : b.inclusion;
  const inclusion = ((lowBit & 1) | ((hi ? hi.inclusion : 0) & 2)) as KeySarg['inclusion'];
  return { ranges: [{ low, high: hi?.high, inclusion, user: a.user || b.user }], exact: l.exact && r.exact };
}

/**
 * Sargs one predicate against an index key expression (both formalized). `vars` maps the
 * predicate's variables to the index's (array keys). Handles `=`, `!=`, `<`, `<=`, `>`, `>=` (either
 * side), `IN [static list]`, `BETWEEN`, `LIKE 'prefix…'`, `IS NULL`, `IS NOT NULL`,
 * `IS VALUED`, `IS NOT MISSING`, a bare path (its truth), and `AND` of those on the same key (the tightest part is used,
 * inexact). Source: couchbase/query `planner/sarg_*.go`.
 */
export function sargKey(pred: Expr, key: Expr, vars: ReadonlyMap<string, string>): SargResult | undefined {
  const isKey = (e: Expr) => exprEquivalent(e, key, vars);
  switch (pred.kind) {
    case 'Binary': {
      const b = pred as Binary;
      if (b.op === 'AND') {
        const l = sargKey(b.left, key, vars);
        const r = sargKey(b.right, key, vars);
        if (l && r) return mergeRanges(l, r) ?? { ranges: l.ranges.length <= r.ranges.length ? l.ranges : r.ranges, exact: false };
        const one = l ?? r;
        return one ? { ranges: one.ranges, exact: false } : undefined;
      }
      if (b.op === 'OR') {
        const l = sargKey(b.left, key, vars);
        const r = sargKey(b.right, key, vars);
        if (!l || !r) return undefined;
        return { ranges: [...l.ranges, ...r.ranges], exact: l.exact && r.exact };
      }
      if (!(b.op in FLIP)) return undefined;
      if (isKey(b.left) && isStatic(b.right)) return compareSarg(b.op, b.right);
      if (isKey(b.right) && isStatic(b.left)) return compareSarg(FLIP[b.op], b.left);
      return undefined;
    }
    case 'In': {
      if (pred.not || !isKey(pred.operand) || pred.collection.kind !== 'ArrayConstruct' || !isStatic(pred.collection)) return undefined;
      if (pred.collection.items.length === 0) return undefined;
      const items = pred.collection.items;
      return { ranges: items.map((v) => ({ low: v, high: v, inclusion: 3 as const, user: true })), exact: items.every(scalarBound) };
    }
    case 'Between':
      if (pred.not || !isKey(pred.operand) || !isStatic(pred.low) || !isStatic(pred.high)) return undefined;
      return { ranges: [{ low: pred.low, high: pred.high, inclusion: 3, user: true }], exact: scalarBound(pred.low) && scalarBound(pred.high) };
    case 'Like': {
      if (pred.not || !isKey(pred.operand)) return undefined;
      const pattern = foldedConstant(pred.pattern);
      const escape = pred.escape ? foldedConstant(pred.escape) : '\\';
      if (pattern === NOT_CONSTANT || typeof pattern !== 'string' || typeof escape !== 'string') return undefined;
      const p = likePrefixOrUndefined(pattern, escape);
      if (!p) return undefined;
      if (p.exact) return { ranges: [{ low: lit(p.prefix), high: lit(p.prefix), inclusion: 3 }], exact: true };
      // The strings from the prefix up to its successor; with none (an empty prefix, or one of
      // U+DFFF units only), every string from there: up to `[]`, the first value after the strings.
      const high = p.prefix === '' ? undefined : prefixSuccessor(p.prefix);
      const exact = p.prefix !== '' && p.prefixOnly;
      return { ranges: [{ low: lit(p.prefix), high: high === undefined ? { kind: 'ArrayConstruct', items: [] } : lit(high), inclusion: 1 }], exact };
    }
    case 'Is': {
      if (!isKey(pred.operand)) return undefined;
      if (pred.test === 'NULL' && !pred.not) return { ranges: [{ low: lit(null), high: lit(null), inclusion: 3 }], exact: true };
      if ((pred.test === 'NULL' && pred.not) || (pred.test === 'VALUED' && !pred.not)) return { ranges: [{ low: lit(null), inclusion: 0 }], exact: true };
      if (pred.test === 'MISSING' && pred.not) return { ranges: [{ low: lit(null), inclusion: 1 }], exact: true };
      return undefined;
    }
    case 'Field':
      // A bare path as a condition (`WHERE custId AND …`) is TRUE only for a value: the span of
      // the values, not exact (FALSE, 0 and "" are values too), as the reference sargs it.
      return isKey(pred) ? { ranges: [{ low: lit(null), inclusion: 0 }], exact: false } : undefined;
    default:
      return undefined;
  }
}
