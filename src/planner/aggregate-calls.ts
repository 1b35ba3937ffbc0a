import type { Expr, FunctionCall } from '../ast/index.js';
import { stripLoc, walkExpr } from '../ast/index.js';
import { isAggregateName } from '../eval/index.js';
import { int64Replacer } from '../values/index.js';

/** Canonical text of an aggregate call, the key under which the executor keeps its value. */
export function aggregateKey(call: FunctionCall): string {
  return JSON.stringify(stripLoc(call), int64Replacer);
}

/** The distinct aggregate calls (outside subqueries) of the expressions, in order of appearance. */
export function collectAggregates(exprs: Expr[]): FunctionCall[] {
  const out = new Map<string, FunctionCall>();
  for (const e of exprs) {
    walkExpr(e, (x) => {
      if (x.kind === 'FunctionCall' && isAggregateName(x.name) && !x.over) {
        const k = aggregateKey(x);
        if (!out.has(k)) out.set(k, x);
        return false;
      }
      return true;
    });
  }
  return [...out.values()];
}
