import type { Distinct } from '../../planner/index.js';
import { distinctKey } from '../../values/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { Row, RowStream } from '../runtime.js';

/** Drops rows whose result value is equivalent to an earlier row's. */
export function* distinctRows(input: RowStream): RowStream {
  const seen = new Set<string>();
  for (const batch of input) {
    if (batch.length === 0) {
      yield batch;
      continue;
    }
    const out: Row[] = [];
    for (const row of batch) {
      const k = distinctKey(row.out);
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(row);
    }
    if (out.length) yield out;
  }
}

/** Distinct. Source: couchbase/query `execution/distinct.go`. */
export function compileDistinct(_op: Distinct, cx: CompileContext): CompiledOperator {
  return { cx, run: (input) => distinctRows(input) };
}
