import { canonicalKey } from '../../values/index.js';
import type { StoredDocument } from '../store.js';
import type { AppendFile } from './append-file.js';
import { encodeRecord, RecordType } from './record.js';
import type { ScannedRecord } from './scan.js';
import type { StoreLogger } from './types.js';

/** The outcome of compacting one index file. */
export interface IndexCompaction {
  cancelled: boolean;
  bytesBefore: number;
  bytesAfter: number;
}

/** The index entries (composite keys) of a document, as the index manager computes them. */
export type EntriesOf = (doc: StoredDocument) => readonly unknown[][];

/** An index entry record. */
export function entryRecord(type: typeof RecordType.ADD | typeof RecordType.REMOVE, docId: string, entryKey: string): Buffer {
  return encodeRecord(type, JSON.stringify([docId, entryKey]));
}

/**
 * The index file of one secondary index: an append-only log of entry changes (ADD / REMOVE of
 * a (document, entry key) pair). The live entries are kept in memory with the size of the ADD
 * record that made each one live, so live bytes (and fragmentation) are exact.
 */
export class IndexLog {
  /** Live entries: document key → entry key text → size of its ADD record. */
  readonly entries = new Map<string, Map<string, number>>();
  liveBytes = 0;
  /** The compaction of this file that is running, if any (a second one joins it). */
  compaction: Promise<IndexCompaction> | undefined;
  private reported = false;

  constructor(
    readonly name: string,
    public designDoc: string,
    public file: AppendFile,
    private readonly entriesOf: EntriesOf,
    private readonly logger: StoreLogger,
  ) {}

  /** Replays one record of the file (recovery). */
  replay(r: ScannedRecord): void {
    if (r.type === RecordType.FILE) {
      this.liveBytes += r.size;
      return;
    }
    const [docId, key] = JSON.parse(r.payload.toString('utf8')) as [string, string];
    let m = this.entries.get(docId);
    const prev = m?.get(key);
    if (prev !== undefined) this.liveBytes -= prev;
    if (r.type === RecordType.ADD) {
      if (!m) this.entries.set(docId, (m = new Map()));
      m.set(key, r.size);
      this.liveBytes += r.size;
    } else if (m) {
      m.delete(key);
      if (m.size === 0) this.entries.delete(docId);
    }
  }

  private keysOf(doc: StoredDocument | undefined): Set<string> {
    const s = new Set<string>();
    if (doc) for (const e of this.entriesOf(doc)) s.add(canonicalKey(e as never));
    return s;
  }

  /** Appends the entry changes of a document's mutation (diffing against the live entries). */
  update(docId: string, after: StoredDocument | undefined): void {
    const old = this.entries.get(docId);
    const next = this.keysOf(after);
    if (old) {
      for (const [k, size] of old) {
        if (next.has(k)) continue;
        old.delete(k);
        this.liveBytes -= size;
        this.append(entryRecord(RecordType.REMOVE, docId, k));
      }
    }
    let m = old;
    for (const k of next) {
      if (m?.has(k)) continue;
      if (!m) this.entries.set(docId, (m = new Map()));
      const b = entryRecord(RecordType.ADD, docId, k);
      m.set(k, b.length);
      this.liveBytes += b.length;
      this.append(b);
    }
    if (m && m.size === 0) this.entries.delete(docId);
  }

  private append(b: Buffer): void {
    this.file.appendDetached(b, this.failed);
  }

  /** Reports the first failed write of the file (the index file is rebuilt on the next open). */
  private readonly failed = (e: unknown): void => {
    if (!this.reported) this.logger.error(`index ${this.name}: ${(e as Error).message} (the index file is rebuilt on the next open)`);
    this.reported = true;
  };

  async close(): Promise<void> {
    await this.file.close();
  }
}
