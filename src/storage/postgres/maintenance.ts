import type pg from 'pg';
import { fileStats, type BucketStats } from '../compaction.js';
import type { SyncReader } from './sync-reader.js';
import { fileBytesOf, tablesDeadFraction } from './table-fragmentation.js';

/** Seconds in a day (the purge interval is in days). */
const DAY = 24 * 60 * 60;
/** Tombstones deleted per statement of a purge. */
const PURGE_BATCH = 1000;

/**
 * Item count, tombstones, and the data "file" of keyspace `id` (docs/postgres.md "Compaction"):
 * its live bytes are the bytes of its rows (key, JSON texts, tombstones included), and its
 * fragmentation is the dead fraction of tokenql's tables from PostgreSQL's statistics
 * (table-fragmentation.ts: the same percentage for every keyspace, as one VACUUM reclaims every
 * keyspace's dead rows). A document whose expiration has passed at `nowSec` (seconds) counts as a
 * tombstone, as the other stores count it, whether or not the write that makes it one has
 * committed yet. Two statements: one over every row of the keyspace, one of the statistics.
 */
export function keyspaceStats(reader: SyncReader, id: number, nowSec: number): BucketStats {
  const live = 'deleted_at IS NULL AND (expiration = 0 OR expiration > $2::int8)';
  const r = reader.query(
    `SELECT count(*) FILTER (WHERE ${live}), count(*) FILTER (WHERE NOT (${live})),
            coalesce(sum(octet_length(key) + coalesce(octet_length(value), 0) + coalesce(octet_length(xattrs), 0)), 0)
     FROM tokenql_documents WHERE keyspace_id = $1`,
    [id, nowSec],
  )[0]!;
  const liveBytes = Number(r[2]);
  return { itemCount: Number(r[0]), tombstones: Number(r[1]), data: fileStats(fileBytesOf(liveBytes, tablesDeadFraction(reader)), liveBytes), views: {} };
}

/**
 * Deletes the tombstones of keyspace `id` older than `purgeIntervalDays` (fractional allowed;
 * the file store's rule, spec compaction-reference §5: `deleted_at < now − round(days × 86400)`,
 * `now` in whole seconds of `nowMs`), {@link PURGE_BATCH} per autocommitted statement on `c`.
 * Stops between statements once `signal` is aborted. Returns how many it deleted.
 */
export async function purgeTombstones(c: pg.PoolClient, id: number, nowMs: number, purgeIntervalDays: number, signal?: AbortSignal): Promise<number> {
  const cutoff = Math.floor(nowMs / 1000) - Math.round(purgeIntervalDays * DAY);
  let purged = 0;
  while (!signal?.aborted) {
    const r = await c.query(
      `DELETE FROM tokenql_documents WHERE keyspace_id = $1 AND deleted_at IS NOT NULL AND deleted_at < $2
         AND key IN (SELECT key FROM tokenql_documents WHERE keyspace_id = $1 AND deleted_at IS NOT NULL AND deleted_at < $2 LIMIT ${PURGE_BATCH})`,
      [id, cutoff],
    );
    purged += r.rowCount ?? 0;
    if ((r.rowCount ?? 0) < PURGE_BATCH) break;
  }
  return purged;
}
