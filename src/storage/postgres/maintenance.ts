import { fileStats, type BucketStats, type CompactionOptions, type CompactionResult } from '../compaction.js';
import type { SyncReader } from './sync-reader.js';

/** Seconds in a day (the purge interval is in days). */
const DAY = 24 * 60 * 60;
/** Tombstones deleted per statement of a purge. */
const PURGE_BATCH = 1000;

/**
 * Item count, tombstones, and the data "file" of keyspace `id` as the bytes of its rows (key,
 * JSON texts, tombstones included). A document whose expiration has passed at `nowSec` (seconds)
 * counts as a tombstone, as the other stores count it, whether or not the write that makes it
 * one has committed yet. Fragmentation is reported as 0: the space of deleted and updated rows is
 * PostgreSQL's to reclaim (autovacuum), and reading it from PostgreSQL's statistics is not done
 * yet (docs/postgres.md). One statement over every row of the keyspace.
 */
export function keyspaceStats(reader: SyncReader, id: number, nowSec: number): BucketStats {
  const live = 'deleted_at IS NULL AND (expiration = 0 OR expiration > $2::int8)';
  const r = reader.query(
    `SELECT count(*) FILTER (WHERE ${live}), count(*) FILTER (WHERE NOT (${live})),
            coalesce(sum(octet_length(key) + coalesce(octet_length(value), 0) + coalesce(octet_length(xattrs), 0)), 0)
     FROM tokenql_documents WHERE keyspace_id = $1`,
    [id, nowSec],
  )[0]!;
  return { itemCount: Number(r[0]), tombstones: Number(r[1]), data: fileStats(Number(r[2]), Number(r[2])), views: {} };
}

/**
 * Compaction of keyspace `id` on the PostgreSQL store: deletes the tombstones older than the
 * purge interval (default 3 days, as the file store's compaction) at `nowMs`, {@link PURGE_BATCH}
 * per statement with a turn of the event loop between; the space goes back to PostgreSQL's own
 * maintenance (autovacuum). Cancelled through `options.signal` between statements.
 */
export async function purgeTombstones(reader: SyncReader, id: number, nowMs: number, options: CompactionOptions): Promise<CompactionResult> {
  const nowSec = Math.floor(nowMs / 1000);
  const before = keyspaceStats(reader, id, nowSec).data.fileBytes;
  const cutoff = Math.floor(nowMs / 1000 - (options.purgeIntervalDays ?? 3) * DAY);
  let purged = 0;
  for (;;) {
    if (options.signal?.aborted) return { cancelled: true, bytesBefore: before, bytesAfter: keyspaceStats(reader, id, nowSec).data.fileBytes, purgedTombstones: purged };
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
  return { cancelled: false, bytesBefore: before, bytesAfter: keyspaceStats(reader, id, nowSec).data.fileBytes, purgedTombstones: purged };
}
