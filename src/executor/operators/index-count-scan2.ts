import { rootEnv, type Scope } from '../../eval/index.js';
import type { IndexCountScan2 } from '../../planner/index.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { RowStream } from '../runtime.js';
import { compileScan } from './key-source.js';
import { keyspaceOf } from './keyspace-of.js';

/** Where the count is bound for the IndexCountProject after the scan. */
export const COUNT_SLOT = '\u0000count';

/**
 * IndexCountScan2: counts the live documents whose entries fall in the spans, from the index
 * alone (a document is checked for expiry without being bound; an expired one is left out and
 * expired after the walk, as every index scan does). Emits one row holding the count.
 * Source: couchbase/query `execution/index_count_scan2.go`.
 */
export function compileIndexCountScan2(op: IndexCountScan2, cx: CompileContext): CompiledOperator {
  const constScope: Scope = { names: new Set(), keyspaceAliases: [], compileSubquery: cx.base.compileSubquery };
  const scan = compileScan({ ...op, '#operator': 'IndexScan3', _alias: op.keyspace }, constScope);
  return {
    cx,
    run: function* (_input, outer, rc): RowStream {
      const ks = keyspaceOf(rc, op.keyspace);
      const expired: string[] = [];
      let n = 0;
      // Without documents that can expire, every entry counts (no document is read).
      const check = ks.mayExpire?.() !== false;
      // An array index's entries may hold a document more than once (one per element): counted
      // once, unless one span fixes the array key to one value (a token lookup).
      const seen = op._distinct && !op._onePerDocument ? new Set<string>() : undefined;
      // Only sizes are read when no document is checked or counted once: postings pass whole.
      const bySize = !seen && !check;
      yield* scan.walk!(
        rc,
        (_key, docs) => {
          if (bySize && hasSize(docs)) {
            n += docs.size;
            return;
          }
          for (const id of docs) {
            if (seen) {
              if (seen.has(id)) continue;
              seen.add(id);
            }
            if (!check || ks.peek(id)) n++;
            else expired.push(id);
          }
        },
        undefined,
        bySize,
      );
      for (const id of expired) ks.get(id);
      const env = outer ? Object.create(outer) : rootEnv();
      env[COUNT_SLOT] = n;
      yield [{ env }];
    },
  };
}

/** True for a collection that knows its size (an index entry's set of documents). */
function hasSize(docs: Iterable<string>): docs is Iterable<string> & { size: number } {
  return typeof (docs as { size?: unknown }).size === 'number';
}
