import { fileStats, type BucketStats, type CompactionOptions, type CompactionResult } from '../compaction.js';
import type { SyncReader } from './sync-reader.js';

/** Seconds in a day (the purge interval is in days). */
const DAY = 24 * 60 * 60;
/** Tombstones deleted per statement of a purge. */
const PURGE_BATCH = 1000;

/**
 * Item count, tombstones, and the data "file" of keyspace `id` as the bytes of its rows (key,
 * JSON texts): live bytes are the live documents', the rest (tombstones) is what a compaction
 * purges. One statement over every row of the keyspace.
 */
export function keyspaceStats(reader: SyncReader, id: number): BucketStats {
  const r = reader.query(
    `SELECT count(*) FILTER (WHERE deleted_at IS NULL), count(*) FILTER (WHERE deleted_at IS NOT NULL),
            coalesce(sum(octet_length(key) + coalesce(octet_length(value), 0) + coalesce(octet_length(xattrs), 0)) FILTER (WHERE deleted_at IS NULL), 0),
            coalesce(sum(octet_length(key) + coalesce(octet_length(value), 0) + coalesce(octet_length(xattrs), 0)), 0)
     FROM tokenql_documents WHERE keyspace_id = $1`,
    [id],
  )[0]!;
  return { itemCount: Number(r[0]), tombstones: Number(r[1]), data: fileStats(Number(r[3]), Number(r[2])), views: {} };
}

/**
 * Compaction of keyspace `id` on the PostgreSQL store: deletes the tombstones older than the
 * purge interval (default 3 days, as the file store's compaction) at `nowMs`, {@link PURGE_BATCH}
 * per statement with a turn of the event loop between; the space goes back to PostgreSQL's own
 * maintenance (autovacuum). Cancelled through `options.signal` between statements.
 */
export async function purgeTombstones(reader: SyncReader, id: number, nowMs: number, options: CompactionOptions): Promise<CompactionResult> {
  const before = keyspaceStats(reader, id).data.fileBytes;
  const cutoff = Math.floor(nowMs / 1000 - (options.purgeIntervalDays ?? 3) * DAY);
  let purged = 0;
  for (;;) {
    if (options.signal?.aborted) return { cancelled: true, bytesBefore: before, bytesAfter: keyspaceStats(reader, id).data.fileBytes, purgedTombstones: purged };
    const r = reader.query(
      `DELETE FROM tokenql_documents WHERE keyspace_id = $1 AND deleted_at IS NOT NULL AND deleted_at < $2
         AND key IN (SELECT key FROM tokenql_documents WHERE keyspace_id = $1 AND deleted_at IS NOT NULL AND deleted_at < $2 LIMIT ${PURGE_BATCH})
       RETURNING 1`,
      [id, cutoff],
    );
    purged += r.length;
    if (r.length < PURGE_BATCH) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  options.onProgress?.(100);
  return { cancelled: false, bytesBefore: before, bytesAfter: keyspaceStats(reader, id).data.fileBytes, purgedTombstones: purged };
}
