/**
 * The PostgreSQL keyspace's batch read (KeyspaceStore `getMany`, src/storage/store.ts): a lookup
 * join's batch of outer rows reads its documents in one statement per {@link GET_MANY_CHUNK}
 * keys instead of one per key.
 */
import type { Value } from '../../values/index.js';
import { isExpired, type StoredDocument } from '../store.js';
import { liveRows, wellFormed, type DocRow } from './rows.js';
import type { SyncReader } from './sync-reader.js';

/** Distinct keys per statement (a few milliseconds of the event loop each). */
export const GET_MANY_CHUNK = 512;

/** What getMany needs of its keyspace: the document of a row (handed-out objects kept) and the expiry of a due document. */
export interface GetManyKeyspace {
  readonly id: number;
  readonly reader: SyncReader;
  clock(): number;
  documentOf(row: DocRow): StoredDocument;
  /** A live document whose time has come: expire it (listeners told, tombstone written). */
  expire(d: StoredDocument): void;
}

/**
 * `get` of each of `keys[0..n)` into `docs[0..n)` (and each document's value into `values`
 * when given): `undefined` where a key is not a string, names no live document, or cannot be a
 * key of this store (empty, a NUL or a lone surrogate: PostgreSQL text cannot hold it). The
 * distinct keys are read with `SELECT … WHERE keyspace_id = $1 AND key = ANY($2::text[]) AND
 * deleted_at IS NULL`, {@link GET_MANY_CHUNK} keys per statement. A document whose time has
 * come is expired, as `get` does; a key asked twice gives the same document object.
 */
export function getMany(ks: GetManyKeyspace, keys: readonly unknown[], n: number, docs: (StoredDocument | undefined)[], values?: (Value | undefined)[]): void {
  const found = new Map<string, StoredDocument | undefined>();
  const ask: string[] = [];
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    if (typeof k !== 'string' || found.has(k)) continue;
    found.set(k, undefined);
    if (k.length > 0 && !k.includes('\u0000') && wellFormed(k)) ask.push(k);
  }
  for (const row of liveRows(ks.reader, ks.id, ask, GET_MANY_CHUNK)) found.set(row.key, ks.documentOf(row));
  let now: number | undefined;
  for (const [k, d] of found) {
    if (d === undefined || d.meta.expiration === 0) continue;
    if (isExpired(d.meta.expiration, (now ??= ks.clock()))) {
      ks.expire(d);
      found.set(k, undefined);
    }
  }
  for (let i = 0; i < n; i++) {
    const k = keys[i];
    const d = typeof k === 'string' ? found.get(k) : undefined;
    docs[i] = d;
    if (values) values[i] = d?.value;
  }
}
