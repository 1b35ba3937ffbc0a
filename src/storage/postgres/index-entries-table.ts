/**
 * The index entries of the PostgreSQL store (docs/postgres.md "Index keys", "Token indexes"):
 * rows `(index_id, key bytea, doc_key text COLLATE "C")` of `tokenql_index_entries`, `key` the
 * entry's composite key as `encodeIndexKey(key, desc)` writes it. This file has what the write
 * path and the builds need: the entries a write changes, and the statements that delete and
 * insert them in the write's transaction.
 */
import type pg from 'pg';
import type { Value } from '../../values/index.js';
import { StoreError, type StoredDocument } from '../store.js';
import { encodeIndexKey } from './collation-key.js';
import { rowDocument, type DocRow } from './rows.js';

/** The entries table (verbatim SQL). */
export const ENTRIES_TABLE = 'tokenql_index_entries';

/**
 * Most bytes of an entry's encoded key plus its document key's UTF-8. PostgreSQL's B-tree holds
 * an index tuple of at most 2,704 bytes (a third of an 8 KB page, less headers); the primary key
 * `(index_id, key, doc_key)` tuple also carries the 4-byte id and the varlena headers, and the
 * bytes may not compress, so tokenql refuses an entry past this (a clear StoreError INVALID)
 * rather than let PostgreSQL fail the whole transaction with its 54000 "index row size exceeds".
 */
export const MAX_ENTRY_BYTES = 2600;

/**
 * An index the keyspace maintains in PostgreSQL: its id (the `index_id` of its rows), the
 * direction of each key (DESC keys' bytes inverted) and its entry function (the composite keys
 * of a document, computed by tokenql: src/indexes/index-entries.ts).
 */
export interface PgIndex {
  readonly id: number;
  readonly name: string;
  readonly desc: readonly boolean[];
  readonly entries: (doc: StoredDocument) => Value[][];
}

/**
 * Encoded entries of the (frozen) document values seen lately, per index, with the document key
 * and CAS they were computed for: a write's entries are computed for the check of their size
 * ({@link tooLongEntry}) and for its changes ({@link diffEntries}) on the same value object.
 * Weak: forgotten with the value.
 */
const encoded = new WeakMap<object, { key: string; cas: number; byIndex: Map<PgIndex, Buffer[]> }>();

/** A document's entries in one index as encoded keys (distinct; the entry function gives distinct keys). */
export function encodedEntries(ix: PgIndex, doc: StoredDocument): Buffer[] {
  const v = doc.value;
  const memoize = typeof v === 'object' && v !== null && Object.isFrozen(v);
  let memo = memoize ? encoded.get(v) : undefined;
  if (memo && (memo.key !== doc.key || memo.cas !== doc.meta.cas)) memo = undefined;
  const known = memo?.byIndex.get(ix);
  if (known) return known;
  const out: Buffer[] = [];
  for (const e of ix.entries(doc)) out.push(encodeIndexKey(e, ix.desc));
  if (memo) memo.byIndex.set(ix, out);
  else if (memoize) encoded.set(v, { key: doc.key, cas: doc.meta.cas, byIndex: new Map([[ix, out]]) });
  return out;
}

/**
 * The StoreError (INVALID) for a document that has an entry too long for PostgreSQL's B-tree
 * (see {@link MAX_ENTRY_BYTES}), or undefined when every entry fits.
 */
export function tooLongEntry(indexes: readonly PgIndex[], doc: StoredDocument): StoreError | undefined {
  const docBytes = Buffer.byteLength(doc.key, 'utf8');
  for (const ix of indexes) {
    for (const k of encodedEntries(ix, doc)) {
      if (k.length + docBytes > MAX_ENTRY_BYTES) {
        return new StoreError(
          'INVALID',
          `Index key of document ${doc.key} in index ${ix.name} is ${k.length} bytes encoded (with its document key ${k.length + docBytes}); the PostgreSQL store's limit is ${MAX_ENTRY_BYTES} (PostgreSQL's B-tree entry limit)`,
        );
      }
    }
  }
  return undefined;
}

/** Entry rows to delete and insert: parallel arrays (index ids, keys, document keys). */
export interface EntryChanges {
  delIds: number[];
  delKeys: Buffer[];
  delDocs: string[];
  insIds: number[];
  insKeys: Buffer[];
  insDocs: string[];
}

/** An empty {@link EntryChanges}. */
export function noChanges(): EntryChanges {
  return { delIds: [], delKeys: [], delDocs: [], insIds: [], insKeys: [], insDocs: [] };
}

/**
 * Adds to `out` the entries document `key` loses (in `before`'s entries, not `after`'s) and
 * gains, in every index of `indexes` (`before`/`after` undefined: no live document).
 */
export function diffEntries(indexes: readonly PgIndex[], key: string, before: StoredDocument | undefined, after: StoredDocument | undefined, out: EntryChanges): void {
  for (const ix of indexes) {
    const old = before ? encodedEntries(ix, before) : [];
    const neu = after ? encodedEntries(ix, after) : [];
    if (old.length === 0) {
      // A new document (the usual write of a load): every entry is gained.
      for (const b of neu) {
        out.insIds.push(ix.id);
        out.insKeys.push(b);
        out.insDocs.push(key);
      }
      continue;
    }
    const oldSet = new Set(old.map((b) => b.toString('latin1')));
    const newSet = new Set(neu.map((b) => b.toString('latin1')));
    for (const b of old) {
      if (newSet.has(b.toString('latin1'))) continue;
      out.delIds.push(ix.id);
      out.delKeys.push(b);
      out.delDocs.push(key);
    }
    for (const b of neu) {
      if (oldSet.has(b.toString('latin1'))) continue;
      out.insIds.push(ix.id);
      out.insKeys.push(b);
      out.insDocs.push(key);
    }
  }
}

/**
 * The entries a planned batch changes: for each key whose row `plan` replaced in `rows`, the
 * entries of its document as locked (`original`; live even if expired: its entries are rows
 * until it is made a tombstone) against those of its new row.
 */
export function batchEntryChanges(indexes: readonly PgIndex[], original: ReadonlyMap<string, DocRow | undefined>, rows: ReadonlyMap<string, DocRow | undefined>): EntryChanges {
  const changes = noChanges();
  for (const [key, row] of rows) {
    const was = original.get(key);
    if (row === was) continue;
    const before = was && was.deletedAt === null ? rowDocument(was) : undefined;
    const after = row && row.deletedAt === null ? rowDocument(row) : undefined;
    diffEntries(indexes, key, before, after, changes);
  }
  return changes;
}

/**
 * Applies `changes` in the transaction of `c`: deletes, then inserts (`ON CONFLICT DO NOTHING`: a
 * build running at the same time may have inserted the same entry of the same version).
 */
export async function writeEntryChanges(c: pg.PoolClient, changes: EntryChanges): Promise<void> {
  if (changes.delIds.length > 0) {
    await c.query(
      `DELETE FROM ${ENTRIES_TABLE} e USING unnest($1::int4[], $2::bytea[], $3::text[]) AS u(i, k, d)
       WHERE e.index_id = u.i AND e.key = u.k AND e.doc_key = u.d`,
      [changes.delIds, changes.delKeys, changes.delDocs],
    );
  }
  if (changes.insIds.length > 0) {
    await c.query(
      `INSERT INTO ${ENTRIES_TABLE} (index_id, key, doc_key)
       SELECT u.i, u.k, u.d FROM unnest($1::int4[], $2::bytea[], $3::text[]) AS u(i, k, d) ORDER BY 1, 2, 3
       ON CONFLICT DO NOTHING`,
      [changes.insIds, changes.insKeys, changes.insDocs],
    );
  }
}
