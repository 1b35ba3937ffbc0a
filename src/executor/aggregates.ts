import { walkExpr, type FunctionCall } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { makeAccumulator, type Accumulator } from '../eval/index.js';

export type { Accumulator };

/**
 * Creates the accumulator of an aggregate call (its FILTER, if any, is applied by the caller,
 * which passes only the rows whose condition is true). MISSING and NULL inputs are ignored by
 * every aggregate except COUNT(*) (counts rows) and ARRAY_AGG (keeps NULL); an aggregate over no
 * values gives 0 for COUNT/COUNTN and NULL otherwise. DISTINCT forms see each equivalent value
 * once. The accumulators are in src/eval/aggregates/. Source: couchbase/query `algebra/agg_*.go`.
 */
export function createAccumulator(call: FunctionCall): Accumulator {
  return makeAccumulator(call.name.toLowerCase(), !!call.distinct, !!call.star);
}

/**
 * Checks an aggregate call: COUNT(*) or exactly one argument, and no subquery in its FILTER.
 * @throws QueryError 3000 "Invalid aggregate function SUM(*)" or "Number of arguments to function
 *   MEDIAN must be 1" (the reference's parser errors); 4000 "Subqueries are not allowed in
 *   aggregate filter"
 */
export function checkAggregateCall(call: FunctionCall): void {
  const name = call.name.toUpperCase();
  if (call.star && name !== 'COUNT') {
    throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'semantic', message: `Invalid aggregate function ${name}(*)`, position: call.loc });
  }
  if (!call.star && call.args.length !== 1) {
    throw new QueryError({ code: ErrorCode.WRONG_ARITY, phase: 'semantic', message: `Number of arguments to function ${name} must be 1`, position: call.loc });
  }
  if (call.filter) {
    walkExpr(call.filter, (e) => {
      if (e.kind !== 'Subquery') return true;
      throw new QueryError({ code: ErrorCode.AGGREGATE_MISUSE, phase: 'semantic', message: 'Subqueries are not allowed in aggregate filter', position: e.loc ?? call.loc });
    });
  }
}
