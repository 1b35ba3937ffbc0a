import { compareStrings, deepFreeze, type Value } from '../values/index.js';
import { absoluteExpiration, StoreError, type DocumentMeta, type KeyspaceStore, type StoredDocument, type WriteOptions } from '../storage/index.js';
import { columnsOf, type DocumentColumns } from '../storage/document-table.js';
import { checkDepth } from '../storage/document-keyspace.js';
import { duplicateKey } from './errors.js';

/** A write of the transaction undone by ROLLBACK TO SAVEPOINT: the key's delta entry before it (`had` false: none). */
export interface UndoEntry {
  ks: TxKeyspace;
  key: string;
  had: boolean;
  prev: StoredDocument | null | undefined;
}

/**
 * One keyspace as a transaction sees it: the committed documents of `base` overlaid with the
 * transaction's own writes (`delta`: the new document, or null for a removal), which no other
 * request sees until COMMIT. Reads are the base's except for the keys the transaction wrote;
 * writes go to the delta only, recording for each key the CAS its committed document had when
 * the transaction first wrote it (0: none), which COMMIT checks (a write-write conflict), and
 * an undo entry for savepoints. Implements the KeyspaceStore the executor reads and writes.
 */
export class TxKeyspace implements KeyspaceStore {
  readonly delta = new Map<string, StoredDocument | null>();
  /** CAS of the committed document of each written key when first written (0: none). */
  readonly before = new Map<string, number>();
  /** Grows with every write (the transaction's index overlays are rebuilt when it changed). */
  version = 0;
  private sorted: StoredDocument[] | undefined;

  constructor(
    readonly base: KeyspaceStore,
    private readonly undo: UndoEntry[],
    private readonly nextCas: () => number,
    private readonly clock: () => number,
  ) {}

  get name(): string {
    return this.base.name;
  }

  get(key: string): StoredDocument | undefined {
    const d = this.delta.get(key);
    if (d !== undefined) return d ?? undefined;
    return this.base.get(key);
  }

  peek(key: string): StoredDocument | undefined {
    const d = this.delta.get(key);
    if (d !== undefined) return d ?? undefined;
    return this.base.peek(key);
  }

  /** The transaction's live documents, in key order. */
  private ownSorted(): StoredDocument[] {
    if (!this.sorted) {
      this.sorted = [...this.delta.values()].filter((d): d is StoredDocument => d !== null).sort((a, b) => compareStrings(a.key, b.key));
    }
    return this.sorted;
  }

  *scan(): Iterable<StoredDocument> {
    const own = this.ownSorted();
    let i = 0;
    for (const d of this.base.scan()) {
      while (i < own.length && compareStrings(own[i].key, d.key) < 0) yield own[i++];
      if (!this.delta.has(d.key)) yield d;
    }
    while (i < own.length) yield own[i++];
  }

  *documents(): Iterable<StoredDocument> {
    for (const d of this.base.documents()) if (!this.delta.has(d.key)) yield d;
    yield* this.ownSorted();
  }

  documentColumns(): DocumentColumns {
    return columnsOf(this.documents());
  }

  count(): number {
    let n = this.base.count();
    for (const [key, d] of this.delta) n += (d ? 1 : 0) - (this.base.peek(key) ? 1 : 0);
    return n;
  }

  async insert(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    checkDepth(key, value);
    if (this.get(key)) throw duplicateKey(key);
    return this.stage(key, value, options);
  }

  async upsert(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    checkDepth(key, value);
    return this.stage(key, value, options);
  }

  async replace(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    checkDepth(key, value);
    const cur = this.get(key);
    if (!cur) throw new StoreError('KEY_NOT_FOUND', `Key not found: ${key}`);
    if (options?.cas !== undefined && options.cas !== cur.meta.cas) throw new StoreError('CAS_MISMATCH', `CAS mismatch for key ${key}`);
    return this.stage(key, value, options);
  }

  async remove(key: string, options?: WriteOptions): Promise<boolean> {
    const cur = this.get(key);
    if (!cur) return false;
    if (options?.cas !== undefined && options.cas !== cur.meta.cas) throw new StoreError('CAS_MISMATCH', `CAS mismatch for key ${key}`);
    this.record(key, null);
    return true;
  }

  /** Listeners see committed mutations only: a transaction's writes are not mutations until COMMIT. */
  onMutation(): () => void {
    return () => {};
  }

  private stage(key: string, value: Value, options: WriteOptions | undefined): DocumentMeta {
    if (typeof key !== 'string' || key.length === 0) throw new StoreError('INVALID', 'document key must be a non-empty string');
    const meta: DocumentMeta = { id: key, cas: this.nextCas(), expiration: absoluteExpiration(options?.expiration, this.clock()), seqno: 0 };
    // Extended attributes: those written, else those the document had (as the store's writes keep them).
    const xattrs = options?.xattrs ?? this.get(key)?.meta.xattrs;
    if (xattrs && Object.keys(xattrs).length > 0) meta.xattrs = deepFreeze(xattrs) as Record<string, Value>;
    this.record(key, { key, value: deepFreeze(value), meta });
    return meta;
  }

  /** Makes `doc` the key's delta entry, with its undo entry and (first write) the committed CAS. */
  private record(key: string, doc: StoredDocument | null): void {
    const had = this.delta.has(key);
    this.undo.push({ ks: this, key, had, prev: this.delta.get(key) });
    if (!this.before.has(key)) this.before.set(key, this.base.peek(key)?.meta.cas ?? 0);
    this.delta.set(key, doc);
    this.changed();
  }

  /** Undoes one write (ROLLBACK TO SAVEPOINT, a failed statement). */
  undoWrite(e: UndoEntry): void {
    if (e.had) this.delta.set(e.key, e.prev!);
    else {
      this.delta.delete(e.key);
      this.before.delete(e.key);
    }
    this.changed();
  }

  private changed(): void {
    this.version++;
    this.sorted = undefined;
  }
}
