import { compareStrings, deepFreeze, deeperThan, MAX_DOCUMENT_DEPTH, type Value } from '../values/index.js';
import { KeyLocks } from './key-locks.js';
import { DocumentTable } from './document-table.js';
import { absoluteExpiration, isExpired, StoreError, type DocumentMeta, type MutationListener, type StoredDocument, type WriteOptions } from './store.js';

/** StoreError INVALID for a document nested deeper than MAX_DOCUMENT_DEPTH (docs/security.md). */
export function checkDepth(key: string, value: Value): void {
  if (deeperThan(value, MAX_DOCUMENT_DEPTH)) throw new StoreError('INVALID', `Document ${key} is nested deeper than ${MAX_DOCUMENT_DEPTH} levels`);
}

/** Source of the current time in milliseconds (injectable so tests need not wait). */
export type Clock = () => number;

/**
 * What the in-memory keyspace and the file store's bucket share: the live documents in a Map
 * (reads are synchronous), a lazily sorted key list for primary scans, expiry on read, the CAS
 * and sequence counters, mutation listeners, and the write operations with their reference
 * errors (KEY_EXISTS, KEY_NOT_FOUND, CAS_MISMATCH). A subclass stores a write ({@link put},
 * {@link delete}), expires a document ({@link expire}) and may expire due documents before
 * writes and scans ({@link sweep}).
 */
export abstract class DocumentKeyspace {
  /** The live documents by key (and their keys and values in dense arrays). */
  readonly docs = new DocumentTable();
  /** The keys in code point order, or undefined until the next scan needs them. */
  protected sortedKeys: string[] | undefined;
  /**
   * The documents of `keys` (the sorted keys), as the table was at `version`: a primary scan
   * reads them from this array instead of looking each key up in the Map (on 100,000 documents
   * a lookup cost about 0.8 µs, mostly cache misses on the Map's entries and keys).
   */
  private sortedDocs: { keys: string[]; version: number; docs: (StoredDocument | undefined)[] } | undefined;
  private readonly listeners = new Set<MutationListener>();
  /** Keys a committing transaction holds (docs/transactions.md): other writes of them wait. */
  private readonly locks = new KeyLocks();
  /** The last sequence number given (a mutation's `seqno`). */
  seqno = 0;
  /** The last CAS given. */
  casCounter = 0;
  /**
   * System extended attributes (names starting with `_`) kept on the tombstones of deleted
   * documents, by key, as the reference's data service keeps them (docs/xattrs.md).
   */
  readonly tombstoneXattrs = new Map<string, Record<string, Value>>();

  constructor(
    readonly name: string,
    readonly clock: Clock = Date.now,
  ) {}

  /** Stores a write of `key` (`before` is its live document, if any) and returns the new metadata. */
  protected abstract put(key: string, value: Value, options: WriteOptions | undefined, before: StoredDocument | undefined): DocumentMeta | Promise<DocumentMeta>;

  /** Stores the removal of the live document `before` (with the tombstone's `cas` when given: a committed transaction's reserved one). */
  protected abstract delete(before: StoredDocument, cas?: number): void | Promise<void>;

  /** Removes an expired document (telling the listeners). */
  protected abstract expire(d: StoredDocument): void;

  /** Expires every document whose time has come; called before writes and scans (none by default). */
  sweep(): void {}

  /** False when no live document can have expired (none was written with an expiration): scans skip the check. */
  mayExpire(): boolean {
    return true;
  }

  /** Whether `d` has expired at `now` (the clock is read only for a document with an expiration). */
  protected expired(d: StoredDocument, now?: number): boolean {
    const expiration = d.meta.expiration;
    return expiration !== 0 && isExpired(expiration, now ?? this.clock());
  }

  get(key: string): StoredDocument | undefined {
    const d = this.docs.get(key);
    // No expiration check (a read of the document's metadata: another cache line) when no
    // document can expire: a lookup join reads one document per row at random.
    if (d && this.mayExpire() && this.expired(d)) {
      this.expire(d);
      return undefined;
    }
    return d;
  }

  /**
   * KeyspaceStore `getMany`: the table's batch lookup ({@link DocumentTable.lookupMany}) when no
   * document can expire, else {@link get} of each key (which expires a document whose time has come).
   */
  getMany(keys: readonly unknown[], n: number, docs: (StoredDocument | undefined)[], values?: (Value | undefined)[]): void {
    if (!this.mayExpire()) {
      this.docs.lookupMany(keys, n, docs, values);
      return;
    }
    for (let i = 0; i < n; i++) {
      const k = keys[i];
      const d = typeof k === 'string' ? this.get(k) : undefined;
      docs[i] = d;
      if (values) values[i] = d?.value;
    }
  }

  /** The live document, without expiring one whose time has come (KeyspaceStore `peek`). */
  peek(key: string): StoredDocument | undefined {
    const d = this.docs.get(key);
    return d && !(this.mayExpire() && this.expired(d)) ? d : undefined;
  }

  /**
   * The live documents in key order (code point order of the keys). The documents in that order
   * are kept from one scan to the next while no write comes between (a primary scan then reads
   * an array, not a Map lookup per key); a write during the scan sends it back to the Map for
   * the keys after it, so it sees what it saw before.
   */
  *scan(): Iterable<StoredDocument> {
    const { keys, docs, version } = this.sortedSnapshot();
    const table = this.docs;
    if (!this.mayExpire()) {
      // No document can have expired: the check (a read of each document's metadata) is skipped.
      for (let i = 0; i < keys.length; i++) {
        const d = table.version === version ? docs[i] : table.get(keys[i]);
        if (d) yield d;
      }
      return;
    }
    const now = this.clock();
    for (let i = 0; i < keys.length; i++) {
      // A write during the scan (the scan is lazy) makes the array stale: read the Map from then on.
      const d = table.version === version ? docs[i] : table.get(keys[i]);
      if (d && !this.expired(d, now)) yield d;
    }
  }

  /** Sweeps, then the sorted keys and their documents as the table is now (made again after a write). */
  private sortedSnapshot(): { keys: string[]; version: number; docs: (StoredDocument | undefined)[] } {
    this.sweep();
    if (!this.sortedKeys) this.sortedKeys = [...this.docs.keys()].sort(compareStrings);
    const keys = this.sortedKeys;
    const table = this.docs;
    let cached = this.sortedDocs;
    if (!cached || cached.keys !== keys || cached.version !== table.version) {
      cached = { keys, version: table.version, docs: keys.map((k) => table.get(k)) };
      this.sortedDocs = cached;
    }
    return cached;
  }

  /**
   * {@link scan} in chunks of at most `size` documents (the last may be shorter; none is
   * empty): a primary scan makes a batch of rows per chunk, with one generator step per chunk
   * rather than one per document (measured: about ten times cheaper per document). A chunk is
   * read all at once, so a write can only come between chunks, where it is seen as by `scan`.
   */
  *scanChunks(size: number): Iterable<StoredDocument[]> {
    const { keys, docs, version } = this.sortedSnapshot();
    const table = this.docs;
    // No document can have expired: the check (a read of each document's metadata) is skipped.
    const mayExpire = this.mayExpire();
    const now = mayExpire ? this.clock() : 0;
    // Each chunk is made at its full size (no regrowth while it fills) and cut at the end.
    let chunk: StoredDocument[] = new Array(size);
    let n = 0;
    for (let i = 0; i < keys.length; i++) {
      // A write during the scan (the scan is lazy) makes the array stale: read the Map from then on.
      const d = table.version === version ? docs[i] : table.get(keys[i]);
      if (d && !(mayExpire && this.expired(d, now))) {
        chunk[n++] = d;
        if (n >= size) {
          yield chunk;
          chunk = new Array(size);
          n = 0;
        }
      }
    }
    if (n) {
      chunk.length = n;
      yield chunk;
    }
  }

  /** A document key must be a non-empty string (StoreError INVALID). */
  private checkKey(key: string): void {
    if (typeof key !== 'string' || key.length === 0) throw new StoreError('INVALID', 'document key must be a non-empty string');
  }

  /** Monotonic, unique, and shaped like a time-based CAS (microseconds × 1000 + counter). */
  protected nextCas(): number {
    this.casCounter = Math.max(this.casCounter + 1, this.clock() * 1000);
    return this.casCounter;
  }

  /** The metadata of a new version of `key`: the next CAS and sequence number, and its absolute expiration (seconds). */
  protected newMeta(key: string, options: WriteOptions | undefined, before?: StoredDocument): DocumentMeta {
    const meta: DocumentMeta = { id: key, cas: options?.assignCas ?? this.nextCas(), expiration: absoluteExpiration(options?.expiration, this.clock()), seqno: ++this.seqno };
    // Extended attributes: those written, else those the document had (docs/xattrs.md).
    const xattrs = options?.xattrs ?? before?.meta.xattrs;
    this.tombstoneXattrs.delete(key);
    if (xattrs && Object.keys(xattrs).length > 0) meta.xattrs = deepFreeze(xattrs) as Record<string, Value>;
    return meta;
  }

  /** The system xattrs a deletion of `d` keeps on its tombstone (undefined: none). */
  protected systemXattrs(d: StoredDocument): Record<string, Value> | undefined {
    const x = d.meta.xattrs;
    if (!x) return undefined;
    const kept = Object.fromEntries(Object.entries(x).filter(([n]) => n.startsWith('_')));
    return Object.keys(kept).length > 0 ? kept : undefined;
  }

  /** The system xattrs of a deleted document's tombstone (KeyspaceStore `deletedXattrs`). */
  deletedXattrs(key: string): Record<string, Value> | undefined {
    return this.docs.get(key) ? undefined : this.tombstoneXattrs.get(key);
  }

  /** Tells the listeners of a mutation (`after` undefined: removed or expired). */
  protected emit(key: string, before: StoredDocument | undefined, after: StoredDocument | undefined): void {
    for (const l of this.listeners) l(key, before, after);
  }

  onMutation(listener: MutationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds a new document; StoreError KEY_EXISTS if the key is live. */
  async insert(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    if (this.locks.any) await this.locks.free(key);
    checkDepth(key, value);
    this.sweep();
    if (this.get(key)) throw new StoreError('KEY_EXISTS', `Duplicate Key: ${key}`);
    return this.write(key, value, options, undefined);
  }

  /** Adds or replaces a document. */
  async upsert(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    if (this.locks.any) await this.locks.free(key);
    checkDepth(key, value);
    this.sweep();
    return this.write(key, value, options, this.get(key));
  }

  /** Replaces a live document; StoreError KEY_NOT_FOUND, or CAS_MISMATCH when `options.cas` is not its CAS. */
  async replace(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    if (this.locks.any) await this.locks.free(key);
    checkDepth(key, value);
    this.sweep();
    const before = this.get(key);
    if (!before) throw new StoreError('KEY_NOT_FOUND', `Key not found: ${key}`);
    checkCas(before, options);
    return this.write(key, value, options, before);
  }

  /** {@link put} of a valid key (StoreError INVALID otherwise). */
  private write(key: string, value: Value, options: WriteOptions | undefined, before: StoredDocument | undefined): DocumentMeta | Promise<DocumentMeta> {
    this.checkKey(key);
    return this.put(key, value, options, before);
  }

  /** Removes a live document; resolves false if there was none; StoreError CAS_MISMATCH as {@link replace}. */
  async remove(key: string, options?: WriteOptions): Promise<boolean> {
    if (this.locks.any) await this.locks.free(key);
    this.sweep();
    const before = this.get(key);
    if (!before) return false;
    checkCas(before, options);
    await this.delete(before);
    return true;
  }

  // ---- transaction commit (src/transactions/commit.ts) ----

  /** A CAS for a committing transaction's write of this keyspace, given before the write (the commit log names it). */
  reserveCas(): number {
    return this.nextCas();
  }

  /**
   * Holds `keys` until `until` settles: a write of one of them (insert, upsert, replace,
   * remove) waits for it, so nothing changes a key between a transaction's conflict check and
   * its write.
   */
  lockKeys(keys: Iterable<string>, until: Promise<unknown>): void {
    this.locks.hold(keys, until);
  }


  /**
   * A committed transaction's write of `key` (`value` undefined: a removal), ignoring the key's
   * lock (the transaction holds it), with the CAS it reserved and the extended attributes the
   * transaction gave it (none: `{}`). Applied in memory at once; the promise settles when it is
   * acknowledged.
   */
  commitWrite(key: string, value: Value | undefined, expiration: number, cas: number, xattrs?: Record<string, Value>): Promise<unknown> {
    this.sweep();
    this.casCounter = Math.max(this.casCounter, cas);
    const before = this.get(key);
    if (value === undefined) return Promise.resolve(before ? this.delete(before, cas) : undefined);
    return Promise.resolve(this.write(key, value, { expiration, assignCas: cas, xattrs: xattrs ?? {} }, before));
  }
}

/** StoreError CAS_MISMATCH when the write asks for a CAS other than the document's. */
function checkCas(before: StoredDocument, options: WriteOptions | undefined): void {
  if (options?.cas !== undefined && options.cas !== before.meta.cas) throw new StoreError('CAS_MISMATCH', `CAS mismatch for key ${before.key}`);
}
