import type { Expr } from '../ast/index.js';
import { constantValue, NOT_CONSTANT } from '../eval/index.js';
import { collate, type Value } from '../values/index.js';
import { exprEquivalent } from '../semantic/expr-equivalent.js';
import { conjunctsOf } from './sarg-index.js';
import { sargKey, type KeySarg } from './sarg.js';

function constant(e: Expr | undefined): Value | typeof NOT_CONSTANT {
  return e === undefined ? NOT_CONSTANT : constantValue(e);
}

/** True if every value in range `inner` is in range `outer` (constant bounds only). */
function rangeWithin(inner: KeySarg, outer: KeySarg): boolean {
  if (outer.low !== undefined) {
    const ol = constant(outer.low);
    const il = constant(inner.low);
    if (ol === NOT_CONSTANT || il === NOT_CONSTANT || inner.low === undefined) return false;
    const c = collate(il, ol);
    if (c < 0 || (c === 0 && !(outer.inclusion & 1) && inner.inclusion & 1)) return false;
  }
  if (outer.high !== undefined) {
    const oh = constant(outer.high);
    const ih = constant(inner.high);
    if (oh === NOT_CONSTANT || ih === NOT_CONSTANT || inner.high === undefined) return false;
    const c = collate(ih, oh);
    if (c > 0 || (c === 0 && !(outer.inclusion & 2) && inner.inclusion & 2)) return false;
  }
  return true;
}

/**
 * True if the query's conjuncts imply a partial index's condition (both formalized): every
 * conjunct of the condition is equivalent to a query conjunct, or is a range on an expression
 * that some query conjunct restricts to a sub-range (`x = 10` implies `x > 5`) and that the
 * range expresses exactly.
 * Source: couchbase/query `plannerbase/subset_*.go`, simplified.
 */
export function implies(conjuncts: Expr[], condition: Expr): boolean {
  return conjunctsOf(condition).every((ic) => {
    if (conjuncts.some((c) => exprEquivalent(c, ic))) return true;
    const subject = rangeSubject(ic);
    if (!subject) return false;
    // Only an exact range is the condition itself: an inexact one (`s LIKE "a_"`, a NULL bound)
    // holds more values than the condition, so a query range inside it proves nothing.
    const outer = sargKey(ic, subject, new Map());
    if (!outer || !outer.exact || outer.ranges.length !== 1) return false;
    return conjuncts.some((c) => {
      const inner = sargKey(c, subject, new Map());
      return !!inner && inner.exact && inner.ranges.every((r) => rangeWithin(r, outer.ranges[0]));
    });
  });
}

/** The non-static side of a simple comparison, if any. */
function rangeSubject(e: Expr): Expr | undefined {
  if (e.kind === 'Binary' && ['=', '<', '<=', '>', '>='].includes(e.op)) {
    if (constantValue(e.right) !== NOT_CONSTANT) return e.left;
    if (constantValue(e.left) !== NOT_CONSTANT) return e.right;
  }
  if (e.kind === 'Between' || e.kind === 'Is' || e.kind === 'Like' || e.kind === 'In') return e.operand;
  return undefined;
}
