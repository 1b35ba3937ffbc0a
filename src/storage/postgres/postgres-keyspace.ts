import { AsyncReader } from './async-reader.js';
import { COUNT_LIVE, poolPages, syncPages } from './key-order-pages.js';
import { cloneValue, deepFreeze, toOutputValue, type Value } from '../../values/index.js';
import { KeyLocks } from '../key-locks.js';
import type { BucketStats, CompactableKeyspace, CompactionOptions, CompactionResult } from '../compaction.js';
import { checkDepth, type Clock } from '../document-keyspace.js';
import { columnsOf, type DocumentColumns } from '../document-table.js';
import { isExpired, StoreError, type DocumentMeta, type KeyspaceStore, type MutationListener, type StoredDocument, type WriteOptions } from '../store.js';
import type { BatchTarget, GroupCommit, WriteOp } from './group-commit.js';
import { DOC_COLUMNS, docRow, jsonText, liveRows, rowDocument, wellFormed, type DocRow } from './rows.js';
import type { SyncReader } from './sync-reader.js';
import { HandedOut } from './handed-out.js';
import { keyspaceStats } from './maintenance.js';
import { compactWithStats, type PgCompactionOptions } from './compact-keyspace.js';
import type pg from 'pg';
import { batchEntryChanges, writeEntryChanges, type EntryChanges, type PgIndex } from './index-entries-table.js';
import { PgIndexView } from './pg-index-view.js';
import { getMany } from './get-many.js';
import { ScanDocuments } from './scan-documents.js';
import { planWrites, type PlanContext, type Planned, type Write } from './plan-writes.js';

/** Rows per synchronous read of a scan (a few milliseconds of the event loop each). */
export const SCAN_CHUNK = 256;

/**
 * A keyspace of the PostgreSQL store (docs/postgres.md "Store layout"): its documents are rows of
 * `tokenql_documents` (keyspace id, key, value as JSON text, cas, expiration, seqno, xattrs,
 * deleted_at for a tombstone). Reads are synchronous statements on the store's reader connection
 * (a synckit worker; scans in key order, keyset-paginated in {@link SCAN_CHUNK}-row chunks);
 * writes go through the store's {@link GroupCommit} and resolve once their transaction has
 * committed, after which the mutation listeners run. Semantics and errors are the in-memory
 * keyspace's (document-keyspace.ts): KEY_EXISTS, KEY_NOT_FOUND, CAS_MISMATCH, INVALID; expired
 * documents are never returned.
 *
 * Expiration: the keys of the documents with an expiration are kept in memory (loaded on open
 * from a partial index), so `mayExpire`/`expiredKeys` answer without a query and a due document
 * is expired (listeners told, a tombstone written) when a read meets it or before a scan.
 */
export class PostgresKeyspace implements KeyspaceStore, CompactableKeyspace, BatchTarget {
  private readonly listeners = new Set<MutationListener>();
  /** Expiration (Unix seconds) of each live document that has one, and the CAS of that version. */
  private readonly expiring = new Map<string, { expiration: number; cas: number }>();
  /**
   * Keys this node expired whose tombstone write has not committed yet: their index entries are
   * still rows until it does, so an index walk leaves them out ({@link expiredKeys}).
   */
  private readonly expiringWrites = new Set<string>();
  private readonly locks = new KeyLocks();
  private readonly handedOut = new HandedOut();
  private casCounter = 0;
  /** The indexes whose entries the writes maintain (every index not deferred, building ones too). */
  private indexes: readonly PgIndex[] = [];
  /** Per planned batch: the index entries its writes delete and insert. */
  private readonly entryChanges = new WeakMap<WriteOp[], EntryChanges>();
  /** Committed writes of this node to the keyspace (an index view's `version`). */
  private writes = 0;
  /** The documents the last index scan pages read with their entries (scan-documents.ts). */
  private readonly scanned = new ScanDocuments();
  /** The reader of index pages read ahead on the write pool (pg-index-view.ts `prefetch`). */
  private ahead: AsyncReader | undefined;
  /** What {@link planWrites} reads and calls of this keyspace. */
  private readonly planContext: PlanContext = {
    now: () => this.clock(),
    indexes: () => this.indexes,
    needValues: () => this.indexes.length > 0 || this.listeners.size > 0,
    expiring: (key) => this.expiring.get(key),
    nextCas: () => this.nextCas(),
    casAtLeast: (cas) => void (this.casCounter = Math.max(this.casCounter, cas)),
  };

  constructor(
    readonly name: string,
    readonly id: number,
    private readonly reader: SyncReader,
    private readonly writer: GroupCommit,
    private readonly clock: Clock,
  ) {
    for (const r of reader.query('SELECT key, expiration, cas FROM tokenql_documents WHERE keyspace_id = $1 AND expiration <> 0 AND deleted_at IS NULL', [id])) {
      this.expiring.set(r[0] as string, { expiration: Number(r[1]), cas: Number(r[2]) });
    }
  }

  // ---- reads ----

  /** The row of a key that is not a tombstone (it may have expired), or undefined. */
  private row(key: string): DocRow | undefined {
    const kept = this.scanned.take(key, this.writes);
    if (kept !== undefined) return kept ?? undefined;
    const r = this.reader.query(`SELECT ${DOC_COLUMNS} FROM tokenql_documents WHERE keyspace_id = $1 AND key = $2 AND deleted_at IS NULL`, [this.id, key]);
    return r.length ? docRow(r[0]!) : undefined;
  }

  get(key: string): StoredDocument | undefined {
    const row = this.row(key);
    if (!row) return undefined;
    const d = this.documentOf(row);
    if (d.meta.expiration !== 0 && isExpired(d.meta.expiration, this.clock())) {
      this.expire(d);
      return undefined;
    }
    return d;
  }

  peek(key: string): StoredDocument | undefined {
    const row = this.row(key);
    if (!row || (row.expiration !== 0 && isExpired(row.expiration, this.clock()))) return undefined;
    return this.documentOf(row);
  }

  /**
   * The live documents of `keys` (missing and expired ones left out), read in one statement:
   * for a Fetch of many keys. Expired ones are not expired here (as {@link peek}).
   */
  peekMany(keys: readonly string[]): Map<string, StoredDocument> {
    const out = new Map<string, StoredDocument>();
    const now = this.clock();
    const rest: string[] = [];
    for (const k of keys) {
      const kept = this.scanned.take(k, this.writes);
      if (kept === undefined) rest.push(k);
      else if (kept && (kept.expiration === 0 || !isExpired(kept.expiration, now))) out.set(k, rowDocument(kept));
    }
    for (const row of liveRows(this.reader, this.id, rest, SCAN_CHUNK)) {
      if (row.expiration === 0 || !isExpired(row.expiration, now)) out.set(row.key, rowDocument(row));
    }
    return out;
  }

  /** KeyspaceStore `getMany` (a lookup join's batch): the keys' documents in one statement per chunk of keys (get-many.ts). */
  getMany(keys: readonly unknown[], n: number, docs: (StoredDocument | undefined)[], values?: (Value | undefined)[]): void {
    getMany({ id: this.id, reader: this.reader, clock: this.clock, documentOf: (r) => this.documentOf(r), expire: (d) => this.expire(d) }, keys, n, docs, values);
  }

  /** The live documents in key order (code point order: `COLLATE "C"` is UTF-8 byte order), read in chunks. */
  *scan(): Iterable<StoredDocument> {
    for (const chunk of this.scanChunks(SCAN_CHUNK)) yield* chunk;
  }

  /** {@link scan} in chunks of at most `size` documents, each one keyset-paginated statement (key-order-pages.ts). */
  scanChunks(size: number): Iterable<StoredDocument[]> {
    this.sweep();
    return syncPages(this.reader, this.id, this.clock, Math.max(1, Math.min(size, SCAN_CHUNK * 4)));
  }

  /** {@link scanChunks} read on the write pool: the event loop runs while PostgreSQL reads (an index build). */
  scanChunksAsync(size: number): AsyncIterable<StoredDocument[]> {
    this.sweep();
    return poolPages(this.aheadReader(), this.id, this.clock, Math.max(1, Math.min(size, SCAN_CHUNK * 4)));
  }

  /** {@link count} read on the write pool (the event loop runs meanwhile). */
  async countAsync(): Promise<number> {
    this.sweep();
    const r = await this.aheadReader().query(COUNT_LIVE, [this.id, Math.floor(this.clock() / 1000)]);
    return Number(r[0]![0]);
  }

  /** The reader of statements the event loop waits for, on the write pool. */
  private aheadReader(): AsyncReader {
    return (this.ahead ??= new AsyncReader(this.writer.pool));
  }

  /**
   * Every live document, in key order, in chunks read as {@link scanChunks} reads them. While the
   * iteration is on a chunk, `get` and `peek` of one of its keys return the very object handed
   * out (as the in-memory keyspace does) as long as the document is unchanged: an index build
   * checks `ks.get(d.key) === d` to tell a document written during the build.
   */
  *documents(): Iterable<StoredDocument> {
    for (const chunk of this.scanChunks(SCAN_CHUNK)) {
      const handed = new Map<string, StoredDocument>();
      for (const d of chunk) handed.set(d.key, d);
      const ref = this.handedOut.add(handed);
      try {
        yield* chunk;
      } finally {
        this.handedOut.release(ref);
      }
    }
  }

  /**
   * The live documents' keys and values (read as {@link documents}, all at once). While the
   * columns are referenced, `get` of one of their keys returns the document whose value is the
   * one in the columns as long as it is unchanged (an index build checks `d.value !== values[i]`).
   */
  documentColumns(): DocumentColumns {
    const handed = new Map<string, StoredDocument>();
    for (const chunk of this.scanChunks(SCAN_CHUNK)) for (const d of chunk) handed.set(d.key, d);
    const columns = columnsOf(handed.values());
    // The columns hold the map (weakly referenced by the keyspace): it lives as long as they do.
    Object.defineProperty(columns, 'documents', { value: handed, enumerable: false });
    this.handedOut.add(handed);
    return columns;
  }

  /** The document of `row`: the object handed out before if it is the same version (handed-out.ts), else a new one. */
  private documentOf(row: DocRow): StoredDocument {
    return this.handedOut.find(row.key, row.cas, row.seqno) ?? rowDocument(row);
  }

  count(): number {
    this.sweep();
    const r = this.reader.query(COUNT_LIVE, [this.id, Math.floor(this.clock() / 1000)]);
    return Number(r[0]![0]);
  }

  mayExpire(): boolean {
    return this.expiring.size > 0 || this.expiringWrites.size > 0;
  }

  expiredKeys(): ReadonlySet<string> {
    const out = new Set<string>(this.expiringWrites);
    if (this.expiring.size === 0) return out;
    const now = this.clock();
    for (const [k, e] of this.expiring) if (isExpired(e.expiration, now)) out.add(k);
    return out;
  }

  deletedXattrs(key: string): Record<string, Value> | undefined {
    const r = this.reader.query('SELECT xattrs FROM tokenql_documents WHERE keyspace_id = $1 AND key = $2 AND deleted_at IS NOT NULL', [this.id, key]);
    const x = r[0]?.[0] as string | null | undefined;
    return x ? (deepFreeze(JSON.parse(x) as Value) as Record<string, Value>) : undefined;
  }

  // ---- expiry ----

  /** Expires every document of this keyspace whose time has come (listeners told; tombstones written in the background). */
  sweep(): void {
    const due = [...this.expiredKeys()];
    if (due.length === 0) return;
    const docs = new Map<string, StoredDocument>();
    for (const row of liveRows(this.reader, this.id, due, SCAN_CHUNK)) docs.set(row.key, rowDocument(row));
    for (const k of due) {
      const d = docs.get(k);
      if (d && d.meta.cas === this.expiring.get(k)?.cas) this.expire(d);
      else this.expiring.delete(k);
    }
  }

  /** A document whose time has come: the listeners are told it is gone and its row becomes a tombstone. */
  private expire(d: StoredDocument): void {
    if (this.expiring.get(d.key)?.cas !== d.meta.cas) return; // already expired here (or rewritten)
    this.expiring.delete(d.key);
    this.emit(d.key, d, undefined);
    // Housekeeping: a read already leaves the document out; an index walk leaves its entries out
    // until the tombstone (and the entries' removal) has committed.
    this.expiringWrites.add(d.key);
    this.enqueue(d.key, { kind: 'expire', cas: d.meta.cas })
      .catch(() => {})
      .finally(() => this.expiringWrites.delete(d.key));
  }

  // ---- writes ----

  private enqueue(key: string, data: Write): Promise<unknown> {
    return new Promise((resolve, reject) => this.writer.submit({ target: this, key, data, resolve, reject }));
  }

  private checkKey(key: string): void {
    if (typeof key !== 'string' || key.length === 0) throw new StoreError('INVALID', 'document key must be a non-empty string');
    // PostgreSQL text holds neither NUL nor a lone surrogate (not UTF-8).
    if (key.includes('\u0000') || !wellFormed(key)) throw new StoreError('INVALID', `Document key ${JSON.stringify(key)} has a character PostgreSQL text cannot hold (NUL or a lone surrogate)`);
  }

  async insert(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    if (this.locks.any) await this.locks.free(key);
    checkDepth(key, value);
    this.checkKey(key);
    return (await this.enqueue(key, { kind: 'insert', value, options })) as DocumentMeta;
  }

  async upsert(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    if (this.locks.any) await this.locks.free(key);
    checkDepth(key, value);
    this.checkKey(key);
    return (await this.enqueue(key, { kind: 'upsert', value, options })) as DocumentMeta;
  }

  async replace(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    if (this.locks.any) await this.locks.free(key);
    checkDepth(key, value);
    this.checkKey(key);
    return (await this.enqueue(key, { kind: 'replace', value, options })) as DocumentMeta;
  }

  async remove(key: string, options?: WriteOptions): Promise<boolean> {
    if (this.locks.any) await this.locks.free(key);
    if (typeof key !== 'string' || key.length === 0 || key.includes('\u0000') || !wellFormed(key)) return false;
    return (await this.enqueue(key, { kind: 'remove', options })) as boolean;
  }

  /**
   * A write of a load (src/database/postgres-load.ts): as {@link insert} / {@link upsert}, but
   * the document's JSON text is made at once (the text a write of the value stores: `jsonText` of
   * its output form), as UTF-8 bytes (a Buffer's bytes are outside the JavaScript heap, which the
   * garbage collector's young generation copies while they wait), and, when the keyspace has no
   * index and no listener, the value is not kept
   * (less for the garbage collector to hold while the write waits for its transaction; the
   * caller's value is neither copied nor frozen); else a copy is kept for the index entries and
   * the listeners, and the text is not made again when the row is sent. No promise either: `settle`
   * is called once the transaction has committed (with undefined) or the write failed (with the
   * error, a StoreError for a bad key or document). Returns a promise only when the key is held by
   * a committing N1QL transaction (the write is queued once the key is free).
   */
  loadWrite(kind: 'insert' | 'upsert', key: string, value: Value, settle: (error: unknown) => void): Promise<void> | undefined {
    if (this.locks.any) return this.locks.free(key).then(() => this.loadWrite(kind, key, value, settle));
    let json: Buffer;
    let kept: Value;
    try {
      checkDepth(key, value);
      this.checkKey(key);
      const stored = toOutputValue(value);
      json = Buffer.from(jsonText(stored), 'utf8');
      if (this.indexes.length > 0 || this.listeners.size > 0) kept = stored === value ? cloneValue(value) : stored;
    } catch (e) {
      settle(e);
      return undefined;
    }
    this.writer.submit({ target: this, key, data: kept === undefined ? { kind, json } : { kind, json, value: kept }, resolve: () => settle(undefined), reject: settle });
    return undefined;
  }

  onMutation(listener: MutationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(key: string, before: StoredDocument | undefined, after: StoredDocument | undefined): void {
    for (const l of this.listeners) l(key, before, after);
  }

  /** Monotonic, unique in this process, and shaped like a time-based CAS (microseconds × 1000 + counter). */
  private nextCas(): number {
    this.casCounter = Math.max(this.casCounter + 1, this.clock() * 1000);
    return this.casCounter;
  }

  // ---- BatchTarget (group-commit.ts) ----

  /** Sets the indexes the writes maintain (docs/postgres.md "Index entries"). */
  setIndexes(indexes: readonly PgIndex[]): void {
    this.indexes = indexes;
  }

  /** The read side of index `id` (its keys' directions `desc`). */
  indexView(id: number, desc: readonly boolean[]): PgIndexView {
    return new PgIndexView(this.reader, id, desc, () => this.writes, { keyspaceId: this.id, clear: () => this.scanned.clear(), put: (key, row) => this.scanned.put(key, row, this.writes) }, false, this.aheadReader());
  }

  onlyNewKeys(ops: WriteOp[]): boolean {
    for (const op of ops) {
      const k = (op.data as Write).kind;
      if (k !== 'insert' && k !== 'upsert') return false;
    }
    return true;
  }

  /** Decides the batch's writes against the locked rows (plan-writes.ts); the index entries they change. */
  plan(ops: WriteOp[], rows: Map<string, DocRow | undefined>): number {
    const original = this.indexes.length > 0 ? new Map(rows) : undefined;
    const seqnos = planWrites(this.planContext, ops, rows);
    if (original) this.entryChanges.set(ops, batchEntryChanges(this.indexes, original, rows));
    return seqnos;
  }

  /** In the batch's transaction, after its document rows: the index entries its writes changed. */
  async writeIndexEntries(c: pg.PoolClient, ops: WriteOp[]): Promise<void> {
    const changes = this.entryChanges.get(ops);
    if (changes) await writeEntryChanges(c, changes);
  }

  number(ops: WriteOp[], seqnos: number[]): void {
    let i = 0;
    for (const op of ops) {
      if (!op.needsSeqno) continue;
      const p = op.planned as Planned;
      const s = seqnos[i++]!;
      p.row!.seqno = s;
      if (p.meta) p.meta.seqno = s;
    }
  }

  committed(ops: WriteOp[]): void {
    this.writes++;
    for (const op of ops) {
      for (const [before, after] of op.events ?? []) {
        const a = after as StoredDocument | undefined;
        if (a && a.meta.expiration !== 0) this.expiring.set(op.key, { expiration: a.meta.expiration, cas: a.meta.cas });
        else if ((op.data as Write).kind !== 'expire') this.expiring.delete(op.key);
        this.emit(op.key, before as StoredDocument | undefined, a);
      }
      if (op.outcome?.ok === false) op.reject(op.outcome.error);
      else op.resolve(op.outcome?.value);
    }
  }

  // ---- transaction commit (src/transactions/commit.ts) ----

  /** A CAS for a committing transaction's write of this keyspace. */
  reserveCas(): number {
    return this.nextCas();
  }

  /** Holds `keys` until `until` settles: writes of them wait (as DocumentKeyspace.lockKeys). */
  lockKeys(keys: Iterable<string>, until: Promise<unknown>): void {
    this.locks.hold(keys, until);
  }


  /** A committed transaction's write of `key` (`value` undefined: a removal) with its reserved CAS; resolves once committed. */
  commitWrite(key: string, value: Value | undefined, expiration: number, cas: number, xattrs?: Record<string, Value>): Promise<unknown> {
    return this.enqueue(key, { kind: 'commit', value, expiration, cas, xattrs });
  }

  // ---- statistics and compaction (the cluster admin API, maintenance.ts) ----

  stats(): BucketStats {
    this.sweep();
    return keyspaceStats(this.reader, this.id, Math.floor(this.clock() / 1000));
  }

  /** Purge, VACUUM (ANALYZE), REINDEX CONCURRENTLY of bloated indexes (compact-keyspace.ts, docs/postgres.md "Compaction"). */
  async compact(options: PgCompactionOptions & { views?: boolean } = {}): Promise<CompactionResult> {
    // The expired documents' tombstones are written (and committed) before the purge reads them.
    this.sweep();
    await this.writer.idle();
    return compactWithStats(this.writer.pool, this.reader, this.id, this.clock, options);
  }

  /** The PostgreSQL store keeps no index files (index entries are rows, compacted with the data by {@link compact}): nothing to compact. */
  async compactViews(): Promise<CompactionResult | false> {
    return false;
  }
}
