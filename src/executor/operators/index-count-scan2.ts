import { rootEnv, type Env, type Scope } from '../../eval/index.js';
import type { IndexCountFields, IndexCountScan2 } from '../../planner/index.js';
import type { Value } from '../../values/index.js';
import { postingSize, type WalkWatch } from '../index-walk.js';
import type { CompileContext, CompiledOperator } from '../operator-context.js';
import type { Row, RowStream } from '../runtime.js';
import { compileScan, type CompiledScan } from './key-source.js';
import { keyspaceOf } from './keyspace-of.js';

/** Where the count is bound for the IndexCountProject after the scan. */
export const COUNT_SLOT = '\u0000count';

/**
 * IndexCountScan2: counts the live documents whose entries fall in the spans, from the index
 * alone (a document is checked for expiry without being bound; an expired one is left out and
 * expired after the walk, as every index scan does). When the index changed while the walk was
 * paused, the documents are counted again, each once (a document that moved between two keys
 * is counted once, as in one snapshot of it). Emits one row holding the count.
 * Source: couchbase/query `execution/index_count_scan2.go`.
 */
export function compileIndexCountScan2(op: IndexCountScan2, cx: CompileContext): CompiledOperator {
  const scan = compileCountedScan(op, cx);
  return {
    cx,
    run: function* (_input, outer, rc): RowStream {
      const ks = keyspaceOf(rc, op.keyspace);
      // Without documents that can expire, every entry counts (no document is read).
      const check = ks.mayExpire?.() !== false;
      // An array index's entries may hold a document more than once (one per element): counted
      // once, unless one span fixes the array key to one value (a token lookup).
      const once = op._distinct && !op._onePerDocument;
      const watch: WalkWatch = { changed: false };
      let expired: string[] = [];
      let n = 0;
      /** Counts the walk's documents; `seen` counts each once. */
      const count = (seen: Set<string> | undefined) => {
        // Only sizes are read when no document is checked or counted once: postings pass whole.
        const bySize = !seen && !check;
        return scan.walk!(
          rc,
          (_key, docs) => {
            const size = bySize ? postingSize(docs) : undefined;
            if (size !== undefined) {
              n += size;
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
          watch,
        );
      };
      yield* count(once ? new Set<string>() : undefined);
      // A document whose key moved while the walk was paused may have been counted under its
      // old key and its new one: the count is taken again, each document once.
      if (watch.changed && !once) {
        n = 0;
        expired = [];
        yield* count(new Set<string>());
      }
      for (const id of expired) ks.get(id);
      yield countRow(outer, n);
    },
  };
}

/** The IndexScan3 over the count operator's spans (bounds are constants: no names in scope). */
export function compileCountedScan(op: IndexCountFields, cx: CompileContext): CompiledScan {
  const constScope: Scope = { names: new Set(), keyspaceAliases: [], compileSubquery: cx.base.compileSubquery };
  return compileScan({ ...op, '#operator': 'IndexScan3', _alias: op.keyspace }, constScope);
}

/** The one row a count operator emits: `count` bound at {@link COUNT_SLOT} for the IndexCountProject. */
export function countRow(outer: Env | undefined, count: Value): Row[] {
  const env = outer ? Object.create(outer) : rootEnv();
  env[COUNT_SLOT] = count;
  return [{ env }];
}
