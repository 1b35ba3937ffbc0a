/**
 * When PostgreSQL's statistics of this process's writes are complete. A backend adds the rows its
 * transactions updated and deleted to the shared statistics (`n_dead_tup`, …) when it goes idle,
 * at most once a second (PGSTAT_MIN_INTERVAL, PostgreSQL's src/backend/utils/activity/pgstat.c):
 * until then they are pending in the backend. A VACUUM sets the table's dead-row count to what it
 * left; counts that arrive after it for rows it already removed would make the table look
 * fragmented again. So a compaction waits until the write pool's counts have arrived: one
 * {@link SETTLE_MS} after this process's last commit. (Another node's writes of the last second
 * may still arrive late; PostgreSQL's own autovacuum lives with the same imprecision.)
 */

/** How long after a commit its statistics are surely flushed (1 s flush interval, with a margin). */
export const SETTLE_MS = 1100;

/** `performance.now()` of this process's last committed write transaction on the PostgreSQL store. */
let lastCommit = Number.NEGATIVE_INFINITY;

/** Notes a commit (the keyspaces call it after each committed batch). */
export function noteCommit(): void {
  lastCommit = performance.now();
}

/** Milliseconds until the statistics of the commits so far have arrived (0: now). */
export function msUntilSettled(): number {
  return Math.max(0, lastCommit + SETTLE_MS - performance.now());
}
