import { compareStrings, deepFreeze, type Value } from '../values/index.js';
import { DocumentKeyspace, type Clock } from './document-keyspace.js';
import { columnsOf, type DocumentColumns } from './document-table.js';
import type { DocumentMeta, KeyspaceStore, Store, StoredDocument, WriteOptions } from './store.js';

export type { Clock } from './document-keyspace.js';

/**
 * In-memory keyspace: a Map of documents plus a lazily sorted key list for primary scans.
 * Expired documents disappear from reads at once, and from the Map when a read meets them.
 */
export class MemoryKeyspace extends DocumentKeyspace implements KeyspaceStore {
  /** Documents with an expiration ever written (0: no document can expire, and `documents()` and `count()` skip the check). */
  private expiring = 0;
  /** Keys of the stored documents that have an expiration. */
  private readonly expiringKeys = new Set<string>();

  override mayExpire(): boolean {
    return this.expiring !== 0;
  }

  /** The keys of the stored documents whose expiration has passed (KeyspaceStore `expiredKeys`). */
  expiredKeys(): ReadonlySet<string> {
    const out = new Set<string>();
    if (this.expiringKeys.size === 0) return out;
    const now = this.clock();
    for (const k of this.expiringKeys) {
      const d = this.docs.get(k);
      if (d && this.expired(d, now)) out.add(k);
    }
    return out;
  }

  protected expire(d: StoredDocument): void {
    this.expiringKeys.delete(d.key);
    this.docs.delete(d.key);
    this.sortedKeys = undefined;
    this.emit(d.key, d, undefined);
  }

  documents(): Iterable<StoredDocument> {
    if (this.expiring === 0) return this.docs.values();
    const now = this.clock();
    return [...this.docs.values()].filter((d) => !this.expired(d, now));
  }

  documentColumns(): DocumentColumns {
    return this.expiring === 0 ? this.docs.columns() : columnsOf(this.documents());
  }

  count(): number {
    if (this.expiring === 0) return this.docs.size;
    let n = 0;
    const now = this.clock();
    for (const d of this.docs.values()) if (!this.expired(d, now)) n++;
    return n;
  }

  protected put(key: string, value: Value, options: WriteOptions | undefined, before: StoredDocument | undefined): DocumentMeta {
    const meta = this.newMeta(key, options, before);
    if (meta.expiration !== 0) {
      this.expiring++;
      this.expiringKeys.add(key);
    } else if (this.expiringKeys.size) this.expiringKeys.delete(key);
    const doc: StoredDocument = { key, value: deepFreeze(value), meta };
    if (!this.docs.has(key)) this.sortedKeys = undefined;
    this.docs.set(key, doc);
    this.emit(key, before, doc);
    return meta;
  }

  protected delete(before: StoredDocument): void {
    const kept = this.systemXattrs(before);
    if (kept) this.tombstoneXattrs.set(before.key, kept);
    this.expiringKeys.delete(before.key);
    this.docs.delete(before.key);
    this.sortedKeys = undefined;
    this.seqno++;
    this.emit(before.key, before, undefined);
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
