import { deepFreeze, type Value } from '../../values/index.js';
import { fileStats, type BucketStats, type CompactableKeyspace, type CompactionOptions, type CompactionResult, type FileStats } from '../compaction.js';
import { DocumentKeyspace, type Clock } from '../document-keyspace.js';
import type { DocumentColumns } from '../document-table.js';
import type { DocumentMeta, StoredDocument, WriteOptions } from '../store.js';
import type { AppendFile } from './append-file.js';
import { compactData } from './compact.js';
import { writeFileAtomic } from './fsutil.js';
import type { IndexLog } from './index-log.js';
import { compactIndexes, syncIndexLogs, type IndexHook } from './index-hooks.js';
import { delRecord, putRecord } from './record.js';
import type { Manifest, Rec, StoreLogger } from './types.js';

/**
 * A bucket of the file store. Every live document is kept in memory (reads are synchronous);
 * every mutation is applied in memory at once and appended to the data file, and the write
 * resolves when the record is acknowledged. Members not in {@link CompactableKeyspace} are
 * internal to the file store.
 */
export class FileKeyspace extends DocumentKeyspace implements CompactableKeyspace {
  /** The current record of every key: live documents and tombstones. */
  readonly recs = new Map<string, Rec>();
  readonly indexLogs = new Map<string, IndexLog>();
  /** Design documents of the bucket's secondary indexes (built or not), by index name. */
  readonly designDocs = new Map<string, string>();
  private readonly expiring = new Map<string, number>();
  private nextExpiry = Infinity;
  /** Bytes of the current records (plus the file record). */
  liveBytes = 0;
  tombstones = 0;
  compaction: Promise<CompactionResult> | undefined;
  private manifestChain: Promise<void> = Promise.resolve();
  private indexChain: Promise<void> = Promise.resolve();
  /** Set by close(): a running compaction stops (as if cancelled). */
  closing = false;

  constructor(
    name: string,
    readonly dir: string,
    public data: AppendFile,
    readonly manifest: Manifest,
    clock: Clock,
    readonly logger: StoreLogger,
  ) {
    super(name, clock);
  }

  // ---- state changes (recovery uses `apply` directly) ----

  /** Makes `rec` the key's current record; `doc` is the live document or undefined for a tombstone. */
  apply(rec: Rec, doc: StoredDocument | undefined): void {
    const old = this.recs.get(rec.key);
    if (old) {
      old.superseded = true;
      this.liveBytes -= old.size;
      if (old.deletedAt >= 0) this.tombstones--;
    }
    this.recs.set(rec.key, rec);
    this.liveBytes += rec.size;
    if (rec.deletedAt >= 0) this.tombstones++;
    const had = this.docs.has(rec.key);
    if (doc) this.docs.set(rec.key, doc);
    else this.docs.delete(rec.key);
    if (had !== (doc !== undefined)) this.sortedKeys = undefined;
    if (doc && doc.meta.expiration !== 0) {
      this.expiring.set(rec.key, doc.meta.expiration);
      this.nextExpiry = Math.min(this.nextExpiry, doc.meta.expiration * 1000);
    } else this.expiring.delete(rec.key);
  }

  /** Turns an expired document into a tombstone deleted at its expiration (its PUT record stays the current record). */
  protected expire(d: StoredDocument): void {
    const rec = this.recs.get(d.key)!;
    this.docs.delete(d.key);
    this.expiring.delete(d.key);
    this.sortedKeys = undefined;
    rec.deletedAt = d.meta.expiration;
    this.tombstones++;
    this.emit(d.key, d, undefined);
  }

  /** False when no live document has an expiration: reads and scans skip the check (and a lookup join reads a batch of keys at once). */
  override mayExpire(): boolean {
    return this.expiring.size !== 0;
  }

  /** Expires every document whose time has come (cheap when none has). */
  override sweep(): void {
    const now = this.clock();
    if (now < this.nextExpiry) return;
    let next = Infinity;
    for (const [key, exp] of this.expiring) { // deleting the current entry while iterating a Map is safe
      if (exp * 1000 <= now) this.expire(this.docs.get(key)!);
      else next = Math.min(next, exp * 1000);
    }
    this.nextExpiry = next;
  }

  protected override emit(key: string, before: StoredDocument | undefined, after: StoredDocument | undefined): void {
    super.emit(key, before, after);
    for (const log of this.indexLogs.values()) log.update(key, after);
  }

  // ---- reads ----

  documents(): Iterable<StoredDocument> {
    this.sweep(); // nothing left is due: no copy to filter
    return this.docs.values();
  }

  documentColumns(): DocumentColumns {
    this.sweep(); // as documents(): what is left is live now, and a later expiry is a removal
    return this.docs.columns();
  }

  count(): number {
    this.sweep();
    return this.docs.size;
  }

  // ---- writes ----

  protected put(key: string, value: Value, options: WriteOptions | undefined, before: StoredDocument | undefined): Promise<DocumentMeta> {
    if (this.data.failed) throw this.data.failed;
    const meta = this.newMeta(key, options, before);
    const buf = putRecord(key, meta.cas, meta.expiration, meta.seqno, value, meta.xattrs);
    const rec: Rec = { key, kind: 'put', offset: -1, size: buf.length, deletedAt: -1, cas: meta.cas, seqno: meta.seqno };
    const doc: StoredDocument = { key, value: deepFreeze(value), meta };
    this.apply(rec, doc);
    this.emit(key, before, doc);
    return this.data.append(buf, (o) => (rec.offset = o)).then(() => meta);
  }

  protected async delete(before: StoredDocument, reserved?: number): Promise<void> {
    if (this.data.failed) throw this.data.failed;
    const cas = reserved ?? this.nextCas();
    const seqno = ++this.seqno;
    const deletedAt = Math.floor(this.clock() / 1000);
    const kept = this.systemXattrs(before);
    if (kept) this.tombstoneXattrs.set(before.key, kept);
    const buf = delRecord(before.key, cas, seqno, deletedAt, kept);
    const rec: Rec = { key: before.key, kind: 'del', offset: -1, size: buf.length, deletedAt, cas, seqno };
    this.apply(rec, undefined);
    this.emit(before.key, before, undefined);
    await this.data.append(buf, (o) => (rec.offset = o));
  }

  // ---- files, statistics, compaction ----

  /**
   * Changes the manifest and writes it (writes are serialized: each sees the latest state). If
   * the write fails the change is undone, so the manifest in memory never names a file that the
   * caller then discards, and the error is raised.
   * @param change applies the change to the manifest and returns what undoes it
   */
  async changeManifest(change: (m: Manifest) => () => void): Promise<void> {
    const undo = change(this.manifest);
    const next = this.manifestChain.then(() => writeFileAtomic(this.dir, 'CURRENT', JSON.stringify(this.manifest)));
    this.manifestChain = next.catch(() => {});
    try {
      await next;
    } catch (e) {
      undo();
      throw e;
    }
  }

  /** Declares the bucket's secondary indexes (the database calls this after every index change). */
  syncIndexes(hooks: IndexHook[]): Promise<void> {
    const next = this.indexChain.then(() => syncIndexLogs(this, hooks));
    this.indexChain = next.catch(() => {});
    return next;
  }

  stats(): BucketStats {
    this.sweep();
    const views: Record<string, FileStats> = {};
    const sums = new Map<string, [number, number]>();
    for (const ddoc of this.designDocs.values()) sums.set(ddoc, [0, 0]);
    for (const log of this.indexLogs.values()) {
      const s = sums.get(log.designDoc) ?? [0, 0];
      sums.set(log.designDoc, [s[0] + log.file.size, s[1] + log.liveBytes]);
    }
    for (const [ddoc, [f, l]] of sums) views[ddoc] = fileStats(f, l);
    return { itemCount: this.docs.size, tombstones: this.tombstones, data: fileStats(this.data.size, this.liveBytes), views };
  }

  compact(options: CompactionOptions & { views?: boolean } = {}): Promise<CompactionResult> {
    if (!this.compaction) this.compaction = this.compactAll(options).finally(() => (this.compaction = undefined));
    return this.compaction;
  }

  private async compactAll(options: CompactionOptions & { views?: boolean }): Promise<CompactionResult> {
    const r = await compactData(this, options);
    if (r.cancelled || options.views === false) return r;
    const v = await compactIndexes(this, [...this.indexLogs.values()], options);
    return { cancelled: v.cancelled, bytesBefore: r.bytesBefore + v.bytesBefore, bytesAfter: r.bytesAfter + v.bytesAfter, purgedTombstones: r.purgedTombstones };
  }

  async compactViews(designDoc: string, options: CompactionOptions = {}): Promise<CompactionResult | false> {
    if (![...this.designDocs.values()].includes(designDoc)) return false;
    return compactIndexes(this, [...this.indexLogs.values()].filter((l) => l.designDoc === designDoc), options);
  }

  /** Syncs and closes every file. */
  async close(): Promise<void> {
    this.closing = true;
    await this.compaction?.catch(() => {});
    for (const log of this.indexLogs.values()) await log.compaction?.catch(() => {}); // compactViews runs stop too
    await this.indexChain;
    await this.data.close();
    for (const log of this.indexLogs.values()) await log.close();
    await this.manifestChain;
  }
}
