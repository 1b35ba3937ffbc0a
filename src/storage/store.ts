import type { DocumentColumns } from './document-table.js';
import type { Value } from '../values/index.js';

/**
 * Document metadata, as `META()` shows it. `cas` changes on every mutation; `expiration` is in
 * seconds since the Unix epoch (0: never); `seqno` is the keyspace's mutation sequence number.
 */
export interface DocumentMeta {
  id: string;
  cas: number;
  expiration: number;
  seqno: number;
  /**
   * The document's extended attributes (xattrs) by name, when it has any: user xattrs and system
   * ones (names starting with `_`). Frozen; absent when there are none.
   */
  xattrs?: Record<string, Value>;
}

/** A live document. Its `value` must not be mutated by the caller. */
export interface StoredDocument {
  key: string;
  value: Value;
  meta: DocumentMeta;
}

/** Options of a write. */
export interface WriteOptions {
  /**
   * Expiration as the reference takes it: 0 = never; up to 30 days (2,592,000 s) it is a
   * relative number of seconds, larger values are absolute Unix times in seconds.
   */
  expiration?: number;
  /** For replace/remove: fail with CAS_MISMATCH unless the document's cas is this. */
  cas?: number;
  /**
   * The document's extended attributes after the write (an empty object: none). When absent, an
   * upsert or replace keeps those the document had (N1QL UPDATE, UPSERT without `"xattrs"`).
   */
  xattrs?: Record<string, Value>;
  /** Internal: the CAS the new version gets (a committing transaction's reserved one). */
  assignCas?: number;
}

/** Why a write failed: `KEY_EXISTS` (insert of an existing key), `KEY_NOT_FOUND`, `CAS_MISMATCH`. */
export class StoreError extends Error {
  constructor(
    readonly reason: 'KEY_EXISTS' | 'KEY_NOT_FOUND' | 'CAS_MISMATCH' | 'INVALID',
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/** Receives every committed mutation of a keyspace (indexes, change feeds). `before` is undefined for a new key, `after` for a removal. */
export type MutationListener = (key: string, before: StoredDocument | undefined, after: StoredDocument | undefined) => void;

/**
 * One keyspace (bucket). Reads are synchronous: a query's expressions (subqueries included)
 * are evaluated synchronously from an in-memory key directory, so every implementation keeps
 * one. Writes are asynchronous: they resolve once the write is acknowledged (on disk for a
 * durable store). Expired documents are never returned by reads.
 */
export interface KeyspaceStore {
  readonly name: string;
  /** The live document with this key, or undefined. */
  get(key: string): StoredDocument | undefined;
  /**
   * The live document with this key, or undefined, like {@link get}, except that a document
   * whose time has come is only left out, not expired now: nothing changes and no listener
   * runs, so a reader walking an index (which an expiry would change under it) can use it
   * and let the document expire once it is done.
   */
  peek(key: string): StoredDocument | undefined;
  /**
   * The live documents of `keys` by key (missing and expired ones left out, nothing expired now,
   * as {@link peek}), where a keyspace reads many keys more cheaply at once than one by one (the
   * PostgreSQL store: one statement). Optional: Fetch reads key by key without it.
   */
  getMany?(keys: readonly string[]): Map<string, StoredDocument>;
  /** Every live document in key order (code point order of the keys). */
  scan(): Iterable<StoredDocument>;
  /**
   * `scan` in chunks of at most `size` documents, none empty, where a keyspace can give them
   * more cheaply than one by one (a primary scan makes a batch of rows per chunk).
   */
  scanChunks?(size: number): Iterable<StoredDocument[]>;
  /** Every live document, in no particular order (cheaper than `scan`; index builds). */
  documents(): Iterable<StoredDocument>;
  /**
   * The keys and values of the live documents in dense arrays (`DocumentTable.columns`: holes
   * are `undefined`), the cheapest way to visit every document, for index builds. Where a
   * document in the table may have expired unseen (the in-memory keyspace, once any document has
   * an expiration), a copy of the live ones, as {@link documents} gives them.
   */
  documentColumns(): DocumentColumns;
  /** Number of live documents. */
  count(): number;
  /**
   * False when no live document can have expired (none was written with an expiration): an
   * index walk then need not read each document to leave expired ones out. Optional: a store
   * without it is checked document by document.
   */
  mayExpire?(): boolean;
  /**
   * The keys of the stored documents whose expiration has passed (a read would expire them),
   * found from the documents that have an expiration: an index walk leaves those out without
   * reading every document. Optional: a store without it is checked document by document.
   */
  expiredKeys?(): ReadonlySet<string>;
  /** Adds a new document; StoreError KEY_EXISTS if the key is live. */
  insert(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta>;
  /** Adds or replaces a document. */
  upsert(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta>;
  /** Replaces a live document; StoreError KEY_NOT_FOUND or CAS_MISMATCH. */
  replace(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta>;
  /** Removes a live document; resolves false if there was none. */
  remove(key: string, options?: WriteOptions): Promise<boolean>;
  /**
   * The system extended attributes (names starting with `_`) kept on the tombstone of a deleted
   * document, or undefined (a live document, none kept, never written). Optional: a store without
   * xattrs on tombstones has none.
   */
  deletedXattrs?(key: string): Record<string, Value> | undefined;
  /** Registers a listener called synchronously after each mutation; returns an unsubscribe function. */
  onMutation(listener: MutationListener): () => void;
}

/** A set of keyspaces. */
export interface Store {
  keyspace(name: string): KeyspaceStore | undefined;
  createKeyspace(name: string): Promise<KeyspaceStore>;
  dropKeyspace(name: string): Promise<void>;
  keyspaceNames(): string[];
  close(): Promise<void>;
}

/** Largest relative expiration in seconds (30 days); larger values are absolute times. */
export const MAX_RELATIVE_EXPIRATION = 30 * 24 * 60 * 60;

/**
 * Whether a document with absolute `expiration` (Unix seconds, 0 = never) has expired at `nowMs`
 * (milliseconds): it is gone from the expiration second on.
 */
export function isExpired(expiration: number, nowMs: number): boolean {
  return expiration !== 0 && expiration * 1000 <= nowMs;
}

/** Absolute expiration (Unix seconds, 0 = never) for a write option, at `nowMs`. */
export function absoluteExpiration(expiration: number | undefined, nowMs: number): number {
  if (!expiration || expiration <= 0) return 0;
  if (expiration <= MAX_RELATIVE_EXPIRATION) return Math.floor(nowMs / 1000) + Math.floor(expiration);
  return Math.floor(expiration);
}
