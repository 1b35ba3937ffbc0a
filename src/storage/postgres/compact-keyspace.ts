/**
 * Compaction of a keyspace on the PostgreSQL store, mapped onto PostgreSQL's own maintenance
 * (docs/postgres.md "Compaction"): purge the keyspace's tombstones older than the purge interval,
 * then `VACUUM (ANALYZE)` tokenql's two tables (their dead row versions become reusable space and
 * the statistics fresh), then `REINDEX INDEX CONCURRENTLY` each of their indexes whose estimated
 * bloat (index-bloat.ts) reaches the threshold. Everything runs on one connection of the write
 * pool, never on the synchronous reader's (a VACUUM takes seconds to minutes and cannot run in a
 * transaction block); neither VACUUM nor REINDEX CONCURRENTLY blocks reads or writes. One
 * compaction at a time per database, across query nodes: the others wait for its advisory lock.
 */
import type pg from 'pg';
import type { CompactionOptions, CompactionResult } from '../compaction.js';
import { indexBloat } from './index-bloat.js';
import { keyspaceStats, purgeTombstones } from './maintenance.js';
import type { SyncReader } from './sync-reader.js';
import { MAINTAINED_TABLES } from './table-fragmentation.js';

/** Advisory lock held by the node that compacts ('tok_vac' as a number; the migrations use another). */
const COMPACTION_LOCK = 0x746f6b5f766163;
/** The index bloat (percent) at which a compaction rebuilds an index, unless the options say otherwise. */
export const DEFAULT_INDEX_FRAGMENTATION_PERCENT = 30;
/** Indexes up to this size are never rebuilt (the estimate is coarse at a few pages; the daemon's smallest data file too). */
export const MIN_REINDEX_BYTES = 131072;

/** The name PostgreSQL gives the new and the old copy of an index during REINDEX CONCURRENTLY. */
const LEFT_BY_REINDEX = /_cc(new|old)\d*"?$/;

/**
 * Makes the backend add its pending statistics to the shared ones as soon as it is idle
 * (`pg_stat_force_next_flush()`, PostgreSQL 15+; a no-op before). A backend otherwise adds them
 * at most once a second, and one that flushed less than a second ago waits 10 s when idle
 * (PGSTAT_MIN_INTERVAL, PGSTAT_IDLE_INTERVAL in PostgreSQL's src/backend/utils/activity/pgstat.c).
 * VACUUM sets a table's dead-row count to what it left: counts of rows it removed that arrived
 * after it would make the table look fragmented again.
 */
const FORCE_STATS_FLUSH = "DO $$ BEGIN IF to_regproc('pg_stat_force_next_flush') IS NOT NULL THEN PERFORM pg_stat_force_next_flush(); END IF; END $$";

/**
 * Flushes the statistics of the write pool's idle connections ({@link FORCE_STATS_FLUSH} on each;
 * the compaction runs once the node's queued writes have committed, so all are idle but for
 * writes made since). Another node's pending counts arrive when they arrive.
 */
async function flushPoolStatistics(pool: pg.Pool): Promise<void> {
  const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  try {
    await Promise.all(clients.map((x) => x.query(FORCE_STATS_FLUSH)));
  } finally {
    for (const x of clients) x.release();
  }
}

/** What a PostgreSQL compaction needs beyond {@link CompactionOptions}. */
export interface PgCompactionOptions extends CompactionOptions {
  /** Rebuild an index whose estimated bloat is at least this percentage (default 30, the cluster's `indexFragmentationThreshold`). */
  indexFragmentationPercent?: number;
}

/** What a compaction did, beyond the purge (for tests and logs). */
export interface PgCompactionReport {
  purged: number;
  /** Indexes rebuilt with REINDEX CONCURRENTLY; invalid leftovers of an interrupted rebuild dropped. */
  reindexed: string[];
  dropped: string[];
}

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });

/** True for PostgreSQL's "canceling statement due to user request" (our pg_cancel_backend). */
const cancelledStatement = (e: unknown): boolean => (e as { code?: string }).code === '57014';

/**
 * Compacts keyspace `id`: purge, VACUUM (ANALYZE), REINDEX CONCURRENTLY of bloated indexes.
 * Progress: 5 % once the lock is held, 30 % after the purge, 60 % and 80 % after each VACUUM,
 * 100 % at the end. `signal` cancels between steps and cancels a running statement
 * (`pg_cancel_backend`); what was done stays done (tombstones purged, tables vacuumed), nothing
 * else changes; an interrupted REINDEX CONCURRENTLY leaves an invalid index, which the next
 * compaction drops. Returns `cancelled` and what it did.
 * @throws the PostgreSQL error of a failing statement (other than the cancellation)
 */
export async function compactKeyspace(pool: pg.Pool, id: number, nowMs: number, options: PgCompactionOptions): Promise<{ cancelled: boolean; report: PgCompactionReport }> {
  const { signal } = options;
  const report: PgCompactionReport = { purged: 0, reindexed: [], dropped: [] };
  const c = await pool.connect();
  let pid: number | undefined;
  const cancel = (): void => {
    if (pid !== undefined) void pool.query('SELECT pg_cancel_backend($1)', [pid]).catch(() => {});
  };
  signal?.addEventListener('abort', cancel);
  let locked = false;
  let broken = false;
  try {
    pid = Number((await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
    while (!signal?.aborted) {
      locked = (await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [COMPACTION_LOCK])).rows[0]!.ok;
      if (locked) break;
      await sleep(200, signal); // another node compacts: the tables are its until it is done
    }
    if (signal?.aborted) return { cancelled: true, report };
    options.onProgress?.(5);
    report.purged = await purgeTombstones(c, id, nowMs, options.purgeIntervalDays ?? 3, signal);
    if (signal?.aborted) return { cancelled: true, report };
    options.onProgress?.(30);
    // An index left invalid by an interrupted REINDEX CONCURRENTLY (a crash, a cancellation) is dropped.
    for (const ix of await indexBloat(c)) {
      if (ix.valid || !LEFT_BY_REINDEX.test(ix.name) || signal?.aborted) continue;
      await c.query(`DROP INDEX CONCURRENTLY IF EXISTS ${ix.name}`);
      report.dropped.push(ix.name);
    }
    // The purge's counts (this connection's) and the write pool's reach the statistics before VACUUM sets them.
    await c.query(FORCE_STATS_FLUSH);
    await flushPoolStatistics(pool);
    for (const [i, table] of MAINTAINED_TABLES.entries()) {
      if (signal?.aborted) return { cancelled: true, report };
      await c.query(`VACUUM (ANALYZE) ${table}`);
      options.onProgress?.(60 + 20 * i);
    }
    const threshold = (options.indexFragmentationPercent ?? DEFAULT_INDEX_FRAGMENTATION_PERCENT) / 100;
    for (const ix of await indexBloat(c)) {
      if (signal?.aborted) return { cancelled: true, report };
      if (!ix.valid || ix.bytes <= MIN_REINDEX_BYTES || ix.bloat < threshold) continue;
      await c.query(`REINDEX INDEX CONCURRENTLY ${ix.name}`);
      report.reindexed.push(ix.name);
    }
    options.onProgress?.(100);
    return { cancelled: false, report };
  } catch (e) {
    if (signal?.aborted && cancelledStatement(e)) return { cancelled: true, report };
    broken = true;
    throw e;
  } finally {
    signal?.removeEventListener('abort', cancel);
    if (locked) await c.query('SELECT pg_advisory_unlock($1)', [COMPACTION_LOCK]).catch(() => (broken = true));
    // A cancelled run's connection is closed, not pooled: a late pg_cancel_backend must not hit a write on it.
    c.release(broken || signal?.aborted === true);
  }
}

/**
 * {@link compactKeyspace} as the store's `compact()` answers it: the keyspace's data "file" bytes
 * before and after (maintenance.ts `keyspaceStats`, read through `reader`) and the tombstones
 * purged. `clock` gives the store's time (the purge's `now`).
 */
export async function compactWithStats(pool: pg.Pool, reader: SyncReader, id: number, clock: () => number, options: PgCompactionOptions): Promise<CompactionResult> {
  const bytes = (): number => keyspaceStats(reader, id, Math.floor(clock() / 1000)).data.fileBytes;
  const bytesBefore = bytes();
  const { cancelled, report } = await compactKeyspace(pool, id, clock(), options);
  return { cancelled, bytesBefore, bytesAfter: bytes(), purgedTombstones: report.purged };
}
