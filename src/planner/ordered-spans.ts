import type { Expr } from '../ast/index.js';
import { collate, type Value } from '../values/index.js';

/** One range of a span, as the logical plan and the IndexScan3 both hold it. */
interface RangeLike {
  low?: Expr;
  high?: Expr;
  /** 0 neither bound included, 1 low, 2 high, 3 both. */
  inclusion: number;
}

const literal = (e: Expr | undefined): e is Expr & { kind: 'Literal' } => e?.kind === 'Literal';

/**
 * True when walking the spans one after another gives the index's entries in index order, each
 * once: one span, or spans whose ranges on the leading key (ascending) are literal, in ascending
 * order and disjoint (`c0 = 1 OR c0 >= 2`: [1, 1] then [2, …)). Then an ORDER BY on the leading
 * keys, OFFSET and LIMIT can be pushed into the scan as for one span (the reference's
 * `CanUseIndexOrder` / `CanPushDownOffset` over non-overlapping spans). `descLeading`: the
 * leading key is DESC (not handled: false for several spans).
 */
export function orderedSpans(spans: readonly (readonly RangeLike[])[], descLeading = false): boolean {
  if (spans.length === 1) return true;
  if (spans.length === 0 || descLeading) return false;
  for (let i = 0; i + 1 < spans.length; i++) {
    const a = spans[i]![0];
    const b = spans[i + 1]![0];
    if (!a || !b || !literal(a.high) || !literal(b.low)) return false;
    if (a.low !== undefined && !literal(a.low)) return false;
    const c = collate(a.high.value as Value, b.low.value as Value);
    const touching = (a.inclusion & 2) !== 0 && (b.inclusion & 1) !== 0;
    if (c > 0 || (c === 0 && touching)) return false;
  }
  return true;
}
