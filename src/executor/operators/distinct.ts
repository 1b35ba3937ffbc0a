import type { Distinct } from '../../planner/index.js';
import { distinctKey } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import { rowsWhere, type RowStream } from '../runtime.js';

/** Drops rows whose result value is equivalent to an earlier row's (a value holding NaN never is). */
export function distinctRows(input: RowStream): RowStream {
  const seen = new Set<string>();
  return rowsWhere(input, (row) => {
    const k = distinctKey(row.out);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Distinct. Source: couchbase/query `execution/distinct.go`. */
export function compileDistinct(_op: Distinct, cx: CompileContext): CompiledOperator {
  return { cx, run: (input) => distinctRows(input) };
}
