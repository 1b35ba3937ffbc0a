import { bindDocument } from '../../eval/index.js';
import type { Fetch } from '../../planner/index.js';
import { blockScope, type CompileContext, type CompiledOperator } from '../operator-context.js';
import type { Row, RowStream } from '../runtime.js';
import { keyspaceOf } from './keyspace-of.js';
import { StoredBinder } from '../stored-meta.js';

/**
 * Fetch: binds each row's document (read now unless the scan read it; a key whose document is
 * gone is dropped) to the alias, with its metadata for META(). A `system` keyspace's rows are
 * bound as they are, with META().id only where the keyspace has keys (system:functions).
 */
export function compileFetch(op: Fetch, cx: CompileContext): CompiledOperator {
  const alias = op.as ?? op.keyspace;
  const system = op.namespace === 'system';
  const path = `default:${op.keyspace}`;
  const binder = new StoredBinder(alias, path);
  return {
    cx: { ...cx, scope: blockScope(cx.base, [alias], alias, true), starAliases: [alias] },
    run: function* (input, _outer, rc): RowStream {
      const ks = system ? undefined : keyspaceOf(rc, op.keyspace);
      for (const batch of input) {
        if (batch.length === 0) {
          yield batch;
          continue;
        }
        // The batch itself goes on when every row is kept (the common case); `out` is made at
        // the first dropped row (a key whose document is gone), holding the kept rows before it.
        let out: Row[] | undefined;
        for (let i = 0; i < batch.length; i++) {
          const row = batch[i]!;
          // The scan's row is reused (it was made for this Fetch): no new object per row.
          if (system) {
            // A row with a key (system:functions) has META().id; the others have no metadata.
            if (row.key !== undefined) bindDocument(row.env, alias, row.item, { id: row.key, cas: 0, expiration: 0 });
            else row.env[alias] = row.item;
            row.item = undefined;
            out?.push(row);
            continue;
          }
          const d = row.doc ?? ks!.get(row.key!);
          if (!d) {
            // A statement reading xattrs reads a deleted document's tombstone too (its system
            // xattrs, the document NULL), as the reference does (docs/xattrs.md).
            const kept = op._tombstones && row.key !== undefined ? ks!.deletedXattrs?.(row.key) : undefined;
            out ??= batch.slice(0, i);
            if (kept) {
              bindDocument(row.env, alias, null, { id: row.key!, cas: 0, expiration: 0, keyspace: path, xattrs: kept, deleted: true });
              out.push(row);
            }
            continue;
          }
          binder.bind(row.env, d);
          row.doc = undefined;
          out?.push(row);
        }
        if (!out) yield batch;
        else if (out.length) yield out;
      }
    },
  };
}
