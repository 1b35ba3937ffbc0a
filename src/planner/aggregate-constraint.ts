import { someExpr, type Expr, type ResultTerm } from '../ast/index.js';
import { collectAggregates } from './aggregate-calls.js';
import { exprText } from './explain.js';

/** Aggregates whose value ignores NULL and MISSING operands: their rows with one are not needed. */
const IGNORE_NULLS = new Set(['avg', 'count', 'countn', 'max', 'min', 'sum']);

/**
 * `x IS NOT NULL` for an aggregate block without GROUP BY whose aggregates all read one operand
 * `x` (`SELECT SUM(c0) …`, `SELECT MIN(c0), MAX(c0) …`): the condition the scan may use to
 * choose an index led by `x`, as the reference's planner adds it (couchbase/query
 * planner/build_select.go `constrainAggregate`). Only for aggregates that ignore NULL and
 * MISSING operands (COUNT, COUNTN, SUM, AVG, MIN, MAX, and their DISTINCT forms), so the rows
 * it leaves out never change the result (the reference adds it for any aggregate); not for
 * COUNT(*), a constant, an array or object constructor, or an aggregate in ORDER BY (not read
 * here). `grouped`: the block has GROUP BY (or HAVING, LETTING).
 */
export function aggregateConstraint(terms: readonly ResultTerm[], grouped: boolean, orderHasAggregate: boolean): Expr[] {
  if (grouped || orderHasAggregate) return [];
  const aggs = collectAggregates(terms.flatMap((t) => (t.kind === 'Star' ? [] : [t.expr])));
  if (aggs.length === 0) return [];
  let first: Expr | undefined;
  for (const a of aggs) {
    const op = a.args[0];
    if (a.star || !op || a.args.length !== 1 || a.filter || !IGNORE_NULLS.has(a.name.toLowerCase())) return [];
    if (!first) first = op;
    else if (exprText(first) !== exprText(op)) return [];
  }
  // An operand that reads no name is a constant (or a parameter): it constrains no index key.
  if (!first || first.kind === 'ArrayConstruct' || first.kind === 'ObjectConstruct' || !someExpr(first, (x) => x.kind === 'Identifier')) return [];
  return [{ kind: 'Is', not: true, test: 'NULL', operand: first }];
}
