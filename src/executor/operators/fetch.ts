import { bindDocument, type Env } from '../../eval/index.js';
import type { Fetch } from '../../planner/index.js';
import { blockScope, type CompileContext, type CompiledOperator } from '../operator-context.js';
import type { Row, RowStream, RunContext } from '../runtime.js';
import type { StoredDocument } from '../../storage/index.js';
import { keyspaceOf } from './keyspace-of.js';
import { StoredBinder } from '../stored-meta.js';
import { sourceOf, withSource, type StreamSource } from '../stream-source.js';

/**
 * Fetch: binds each row's document (read now unless the scan read it; a key whose document is
 * gone is dropped) to the alias, with its metadata for META(). A `system` keyspace's rows are
 * bound as they are, with META().id only where the keyspace has keys (system:functions).
 * Over an uncorrelated PrimaryScan3 of the same keyspace its stream says so (stream-source.ts),
 * with the binding of one row, for an Order that binds only the rows it keeps.
 */
export function compileFetch(op: Fetch, cx: CompileContext): CompiledOperator {
  const alias = op.as ?? op.keyspace;
  const system = op.namespace === 'system';
  const path = `default:${op.keyspace}`;
  const binder = new StoredBinder(alias, path);
  const bind = (row: Row, d: StoredDocument): void => {
    binder.bind(row.env, d);
    row.doc = undefined;
  };
  return {
    cx: { ...cx, scope: blockScope(cx.base, [alias], alias, true), starAliases: [alias] },
    run: (input, outer, rc) => {
      const stream = fetch(input, outer, rc);
      const from = system || op._tombstones ? undefined : sourceOf(input);
      if (from?.kind !== 'scan' || from.keyspace !== op.keyspace) return stream;
      const source: StreamSource = { kind: 'fetched', keyspace: op.keyspace, alias, bind };
      return withSource(stream, source);
    },
  };
  function* fetch(input: RowStream, _outer: Env | undefined, rc: RunContext): RowStream {
    const ks = system ? undefined : keyspaceOf(rc, op.keyspace);
    for (const batch of input) {
      if (batch.length === 0) {
        yield batch;
        continue;
      }
      // The batch itself goes on when every row is kept (the common case); `out` is made at
      // the first dropped row (a key whose document is gone), holding the kept rows before it.
      let out: Row[] | undefined;
      // A keyspace that reads many keys at once (the PostgreSQL store) reads the batch's in one
      // go; a key it does not return is read with `get` below (which expires a due document).
      const many = ks?.getMany ? prefetch(ks.getMany.bind(ks), batch) : undefined;
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
        const d = row.doc ?? many?.get(row.key!) ?? ks!.get(row.key!);
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
        bind(row, d);
        out?.push(row);
      }
      if (!out) yield batch;
      else if (out.length) yield out;
    }
  }
}

/** The documents of the batch's rows that have no document yet, read with `getMany` (undefined: none to read). */
function prefetch(getMany: (keys: readonly string[]) => Map<string, StoredDocument>, batch: Row[]): Map<string, StoredDocument> | undefined {
  const keys: string[] = [];
  for (const row of batch) if (row.doc === undefined && row.key !== undefined) keys.push(row.key);
  return keys.length > 1 ? getMany(keys) : undefined;
}
