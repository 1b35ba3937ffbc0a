import { makeAccumulator } from '../../eval/index.js';
import type { IndexCountDistinctScan2 } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';
import { compileCountedScan, countRow } from './index-count-scan2.js';
import { keyspaceOf } from './keyspace-of.js';

/**
 * IndexCountDistinctScan2: counts the distinct values of the index's leading key among the live
 * documents whose entries fall in the spans, from the index alone, as COUNT(DISTINCT) counts
 * them (NULL and MISSING are not counted; equal values, such as 0 and -0, count once). An
 * expired document is left out and expired after the walk. Emits one row holding the count
 * for the IndexCountProject after it. Source: couchbase/query `execution/index_count_distinct_scan2.go`.
 */
export function compileIndexCountDistinctScan2(op: IndexCountDistinctScan2, cx: CompileContext): CompiledOperator {
  const scan = compileCountedScan(op, cx);
  return {
    cx,
    run: function* (_input, outer, rc): RowStream {
      const ks = keyspaceOf(rc, op.keyspace);
      const expired: string[] = [];
      const acc = makeAccumulator('count', true, false);
      // One value per entry with a live document (an entry's documents share its key).
      const check = ks.mayExpire?.() !== false;
      yield* scan.walk!(rc, (key, docs) => {
        let live = !check;
        if (check) {
          for (const id of docs) {
            if (ks.peek(id)) live = true;
            else expired.push(id);
          }
        }
        if (live) acc.add(key[0]);
      });
      for (const id of expired) ks.get(id);
      yield countRow(outer, acc.result());
    },
  };
}
