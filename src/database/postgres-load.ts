import type { Readable } from 'node:stream';
import { readDocuments, type LoadFailure, type LoadOptions, type LoadReport } from '../load/index.js';
import { StoreError } from '../storage/index.js';
import type { PostgresKeyspace } from '../storage/postgres/index.js';
import type { Value } from '../values/index.js';

/**
 * Writes a load keeps queued or in transactions at once on the PostgreSQL store: its group
 * commit puts up to 2,048 writes in one transaction and runs 4 at once (docs/postgres.md "Group
 * commit"), so the transactions are full.
 */
export const POSTGRES_LOAD_IN_FLIGHT = 8192;

/**
 * `Database.load` into a keyspace of the PostgreSQL store (docs/postgres.md "Group commit"):
 * each document read from `source` is handed to the keyspace's {@link PostgresKeyspace.loadWrite}
 * (its JSON text made at once, the value not kept, no promise per document), with up to
 * {@link POSTGRES_LOAD_IN_FLIGHT} writes not yet committed; the reading waits while that many
 * are. Resolves once every write has committed or failed, with the count loaded and the failures
 * (unreadable or unkeyable documents, and failed writes: KEY_EXISTS in `insert` mode, a key
 * PostgreSQL cannot hold, a document too deep, an index key too long, a failed transaction)
 * in input order, as the load of the other stores reports them.
 */
export async function loadIntoPostgres(ks: PostgresKeyspace, source: string | Readable | Iterable<Value> | AsyncIterable<Value>, options: LoadOptions): Promise<LoadReport> {
  const kind = options.mode === 'insert' ? 'insert' : 'upsert';
  let loaded = 0;
  // Failures with their input position, sorted at the end (writes fail in commit order).
  const failures: { at: number; failure: LoadFailure }[] = [];
  let pending = 0;
  let wake: (() => void) | undefined;
  const LOW = POSTGRES_LOAD_IN_FLIGHT - 2048;
  let at = 0;
  for await (const item of readDocuments(source, { key: options.key, onProgress: options.onProgress })) {
    const position = at++;
    if (!item.ok) {
      failures.push({ at: position, failure: { source: item.source, line: item.line, message: item.message } });
      continue;
    }
    const { source: from, line } = item;
    pending++;
    const queued = ks.loadWrite(kind, item.key, item.value, (error) => {
      pending--;
      if (error === undefined) loaded++;
      else failures.push({ at: position, failure: { source: from, line, message: error instanceof StoreError ? error.message : String(error) } });
      if (wake && pending <= LOW) {
        const w = wake;
        wake = undefined;
        w();
      }
    });
    if (queued) await queued;
    if (pending >= POSTGRES_LOAD_IN_FLIGHT) await new Promise<void>((r) => (wake = r));
  }
  while (pending > 0) await new Promise<void>((r) => (wake = r));
  failures.sort((a, b) => a.at - b.at);
  return { loaded, failures: failures.map((f) => f.failure) };
}
