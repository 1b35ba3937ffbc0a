/**
 * Storage statistics and compaction, as the cluster admin API shows them
 * (spec compaction-reference.md §2.6, §5, §6). Sizes in bytes, percentages 0–100.
 */
import type { KeyspaceStore } from './store.js';

export interface FileStats {
  /** Bytes of the file(s) on disk. */
  fileBytes: number;
  /** Bytes of the records that are still live. */
  liveBytes: number;
  /** `fileBytes − liveBytes`. */
  fragmentedBytes: number;
  /** `fragmentedBytes / fileBytes × 100` (0 for an empty file). */
  fragmentationPercent: number;
}

/** Exact file statistics from file and live bytes (fragmentation clamped at 0). */
export function fileStats(fileBytes: number, liveBytes: number): FileStats {
  const fragmentedBytes = Math.max(0, fileBytes - liveBytes);
  return { fileBytes, liveBytes, fragmentedBytes, fragmentationPercent: fileBytes === 0 ? 0 : (fragmentedBytes / fileBytes) * 100 };
}

/** What a bucket reports: item count, data file stats, index file stats per design document. */
export interface BucketStats {
  itemCount: number;
  /** Tombstones (deleted or expired documents not yet purged). */
  tombstones: number;
  data: FileStats;
  /** Index files, by design document (`_design/ddl_<index>` unless chosen). */
  views: Record<string, FileStats>;
}

/** Options of a compaction run. */
export interface CompactionOptions {
  /** Tombstones older than this many days (fractional allowed) are purged; default 3. */
  purgeIntervalDays?: number;
  /** Aborts the compaction: the old files stay in use, nothing is lost. */
  signal?: AbortSignal;
  /** Progress callback, 0–100 percent. */
  onProgress?: (percent: number) => void;
  /**
   * The PostgreSQL store rebuilds (REINDEX) an index whose estimated bloat reaches this
   * percentage (default 30; the cluster API passes its `indexFragmentationThreshold`). Other
   * stores ignore it.
   */
  indexFragmentationPercent?: number;
}

/** The outcome of a compaction run. */
export interface CompactionResult {
  cancelled: boolean;
  bytesBefore: number;
  bytesAfter: number;
  purgedTombstones: number;
}

/** A keyspace that can report storage statistics and compact itself (the file store's). */
export interface CompactableKeyspace extends KeyspaceStore {
  stats(): BucketStats;
  compact(options?: CompactionOptions & { views?: boolean }): Promise<CompactionResult>;
  compactViews(designDoc: string, options?: CompactionOptions): Promise<CompactionResult | false>;
}

/** True if the keyspace implements {@link CompactableKeyspace}. */
export function isCompactable(ks: KeyspaceStore): ks is CompactableKeyspace {
  return typeof (ks as Partial<CompactableKeyspace>).compact === 'function';
}
