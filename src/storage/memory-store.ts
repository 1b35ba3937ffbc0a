import { compareStrings, deepFreeze, type Value } from '../values/index.js';
import {
  absoluteExpiration,
  isExpired,
  StoreError,
  type DocumentMeta,
  type KeyspaceStore,
  type MutationListener,
  type Store,
  type StoredDocument,
  type WriteOptions,
} from './store.js';

/** Source of the current time in milliseconds (injectable so tests need not wait). */
export type Clock = () => number;

/**
 * In-memory keyspace: a Map of documents plus a lazily sorted key list for primary scans.
 * Expired documents disappear from reads at once and are removed on the next write or scan.
 */
export class MemoryKeyspace implements KeyspaceStore {
  private readonly docs = new Map<string, StoredDocument>();
  private sortedKeys: string[] | undefined = [];
  private readonly listeners = new Set<MutationListener>();
  private seqno = 0;
  /** Documents with an expiration ever written (0: no document can expire, reads skip the check). */
  private expiring = 0;
  private casCounter = 0;

  constructor(
    readonly name: string,
    private readonly clock: Clock = Date.now,
  ) {}

  private expired(d: StoredDocument): boolean {
    return isExpired(d.meta.expiration, this.clock());
  }

  get(key: string): StoredDocument | undefined {
    const d = this.docs.get(key);
    if (d && this.expired(d)) {
      this.expire(d);
      return undefined;
    }
    return d;
  }

  private expire(d: StoredDocument): void {
    this.docs.delete(d.key);
    this.sortedKeys = undefined;
    this.emit(d.key, d, undefined);
  }

  *scan(): Iterable<StoredDocument> {
    if (!this.sortedKeys) this.sortedKeys = [...this.docs.keys()].sort(compareStrings);
    const keys = this.sortedKeys;
    for (let i = 0; i < keys.length; i++) {
      const d = this.docs.get(keys[i]);
      if (!d) continue;
      if (this.expired(d)) continue;
      yield d;
    }
  }

  documents(): Iterable<StoredDocument> {
    if (this.expiring === 0) return this.docs.values();
    const now = this.clock();
    return [...this.docs.values()].filter((d) => !isExpired(d.meta.expiration, now));
  }

  count(): number {
    if (this.expiring === 0) return this.docs.size;
    let n = 0;
    const now = this.clock();
    for (const d of this.docs.values()) if (!isExpired(d.meta.expiration, now)) n++;
    return n;
  }

  private nextCas(): number {
    // Monotonic, unique, and shaped like a time-based CAS (microseconds × 1000 + counter).
    this.casCounter = Math.max(this.casCounter + 1, this.clock() * 1000);
    return this.casCounter;
  }

  private write(key: string, value: Value, options: WriteOptions | undefined, before: StoredDocument | undefined): DocumentMeta {
    if (typeof key !== 'string' || key.length === 0) throw new StoreError('INVALID', 'document key must be a non-empty string');
    const meta: DocumentMeta = {
      id: key,
      cas: this.nextCas(),
      expiration: absoluteExpiration(options?.expiration, this.clock()),
      seqno: ++this.seqno,
    };
    if (meta.expiration !== 0) this.expiring++;
    const doc: StoredDocument = { key, value: deepFreeze(value), meta };
    if (!this.docs.has(key)) this.sortedKeys = undefined;
    this.docs.set(key, doc);
    this.emit(key, before, doc);
    return meta;
  }

  private emit(key: string, before: StoredDocument | undefined, after: StoredDocument | undefined): void {
    for (const l of this.listeners) l(key, before, after);
  }

  async insert(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    const before = this.get(key);
    if (before) throw new StoreError('KEY_EXISTS', `Duplicate Key: ${key}`);
    return this.write(key, value, options, undefined);
  }

  async upsert(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    return this.write(key, value, options, this.get(key));
  }

  async replace(key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    const before = this.get(key);
    if (!before) throw new StoreError('KEY_NOT_FOUND', `Key not found: ${key}`);
    if (options?.cas !== undefined && options.cas !== before.meta.cas) throw new StoreError('CAS_MISMATCH', `CAS mismatch for key ${key}`);
    return this.write(key, value, options, before);
  }

  async remove(key: string, options?: WriteOptions): Promise<boolean> {
    const before = this.get(key);
    if (!before) return false;
    if (options?.cas !== undefined && options.cas !== before.meta.cas) throw new StoreError('CAS_MISMATCH', `CAS mismatch for key ${key}`);
    this.docs.delete(key);
    this.sortedKeys = undefined;
    this.seqno++;
    this.emit(key, before, undefined);
    return true;
  }

  onMutation(listener: MutationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

/** A store that keeps every keyspace in memory; nothing survives `close()`. */
export class MemoryStore implements Store {
  private readonly spaces = new Map<string, MemoryKeyspace>();

  constructor(private readonly clock: Clock = Date.now) {}

  keyspace(name: string): KeyspaceStore | undefined {
    return this.spaces.get(name);
  }

  async createKeyspace(name: string): Promise<KeyspaceStore> {
    let ks = this.spaces.get(name);
    if (!ks) {
      ks = new MemoryKeyspace(name, this.clock);
      this.spaces.set(name, ks);
    }
    return ks;
  }

  async dropKeyspace(name: string): Promise<void> {
    this.spaces.delete(name);
  }

  keyspaceNames(): string[] {
    return [...this.spaces.keys()].sort(compareStrings);
  }

  async close(): Promise<void> {
    this.spaces.clear();
  }
}
