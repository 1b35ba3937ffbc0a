import type { Expr } from '../ast/index.js';
import type { SubselectPlan } from './logical-plan.js';

/**
 * The expressions a block evaluates on each row before ORDER BY: its result terms (not `*`),
 * WHERE, LET, GROUP BY keys, LETTING and HAVING. What a covering plan must be able to read from
 * the index entries alone.
 */
export function blockExpressions(b: SubselectPlan): Expr[] {
  return [
    ...b.terms.flatMap((t) => (t.kind === 'Term' ? [t.expr] : [])),
    ...(b.where ? [b.where] : []),
    ...(b.let ?? []).map((l) => l.expr),
    ...(b.group?.keys ?? []).map((k) => k.expr),
    ...(b.group?.letting ?? []).map((l) => l.expr),
    ...(b.group?.having ? [b.group.having] : []),
  ];
}
