import { ErrorCode, QueryError } from '../errors/index.js';
import type { IndexManager } from '../indexes/index-manager.js';
import { fileStats, isCompactable, type BucketStats, type CompactionOptions, type CompactionResult, type FileStats } from '../storage/compaction.js';
import type { KeyspaceStore, Store } from '../storage/index.js';
import { jsonSize } from '../values/index.js';

/** The keyspace of a bucket, or QueryError 12003. */
export function bucketOf(store: Store, name: string): KeyspaceStore {
  const ks = store.keyspace(name);
  if (!ks) throw new QueryError({ code: ErrorCode.KEYSPACE_NOT_FOUND, phase: 'storage', message: `Bucket not found: ${name}` });
  return ks;
}

/**
 * Statistics of a bucket. A keyspace without files (the in-memory store) reports its documents'
 * JSON size as both file and live bytes (no fragmentation) and one empty view entry per design
 * document of its indexes.
 */
export function bucketStats(store: Store, indexes: IndexManager, name: string): BucketStats {
  const ks = bucketOf(store, name);
  if (isCompactable(ks)) return ks.stats();
  let bytes = 0;
  for (const d of ks.documents()) bytes += jsonSize(d.value) + Buffer.byteLength(d.key);
  const views: Record<string, FileStats> = {};
  for (const i of indexes.infos(name)) if (!i.isPrimary) views[i.designDoc] = fileStats(0, 0);
  return { itemCount: ks.count(), tombstones: 0, data: fileStats(bytes, bytes), views };
}

/** Compacts a bucket's data (and view) files; in memory there is nothing to reclaim. */
export async function compactBucket(store: Store, name: string, options: CompactionOptions & { views?: boolean } = {}): Promise<CompactionResult> {
  const ks = bucketOf(store, name);
  if (isCompactable(ks)) return ks.compact(options);
  options.onProgress?.(100);
  return { cancelled: options.signal?.aborted ?? false, bytesBefore: 0, bytesAfter: 0, purgedTombstones: 0 };
}

/** Compacts the index files of one design document; false if the bucket has no such design document. */
export async function compactViews(store: Store, indexes: IndexManager, bucket: string, designDoc: string, options: CompactionOptions = {}): Promise<CompactionResult | false> {
  const ks = bucketOf(store, bucket);
  if (isCompactable(ks)) return ks.compactViews(designDoc, options);
  if (!indexes.infos(bucket).some((i) => i.designDoc === designDoc)) return false;
  options.onProgress?.(100);
  return { cancelled: false, bytesBefore: 0, bytesAfter: 0, purgedTombstones: 0 };
}
