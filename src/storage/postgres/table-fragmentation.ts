/**
 * Fragmentation of the PostgreSQL store's tables from PostgreSQL's own statistics
 * (docs/postgres.md "Compaction"). The documents and the index entries of every keyspace share
 * two tables, `tokenql_documents` and `tokenql_index_entries`; the space `VACUUM` reclaims is
 * their dead row versions (left by updates, deletes and the purge), which the cumulative
 * statistics count per table (`pg_stat_user_tables.n_dead_tup`, `n_live_tup`; PostgreSQL's
 * "Cumulative Statistics System", monitoring-stats.html). No extension and no superuser needed.
 */
import type { SyncReader } from './sync-reader.js';

/** The tables whose dead rows a compaction reclaims (verbatim SQL names). */
export const MAINTAINED_TABLES = ['tokenql_documents', 'tokenql_index_entries'] as const;

/** One table's counts as PostgreSQL's statistics have them now. */
export interface TableCounts {
  table: string;
  /** Estimated live rows and dead row versions (`n_live_tup`, `n_dead_tup`). */
  live: number;
  dead: number;
  /** Bytes of the table on disk, its TOAST table included, its indexes not (`pg_table_size`). */
  bytes: number;
}

/** The statement reading {@link TableCounts} of every {@link MAINTAINED_TABLES} table (one row each). */
export const TABLE_COUNTS_SQL = `SELECT relname::text, n_live_tup, n_dead_tup, pg_table_size(relid)
  FROM pg_stat_user_tables WHERE relid IN (${MAINTAINED_TABLES.map((t) => `'${t}'::regclass`).join(', ')})`;

/** Rows of {@link TABLE_COUNTS_SQL} as {@link TableCounts}. */
export function tableCounts(rows: unknown[][]): TableCounts[] {
  return rows.map((r) => ({ table: String(r[0]), live: Number(r[1]), dead: Number(r[2]), bytes: Number(r[3]) }));
}

/**
 * The dead fraction (0–1) of the tables' space: each table's dead row versions over its row
 * versions (`dead / (live + dead)`), averaged with the table's size as weight (a table of a few
 * pages does not outweigh one of gigabytes). 0 for empty tables.
 */
export function deadFraction(tables: readonly TableCounts[]): number {
  let weighted = 0;
  let total = 0;
  for (const t of tables) {
    const versions = t.live + t.dead;
    if (versions <= 0 || t.bytes <= 0) continue;
    weighted += t.bytes * (t.dead / versions);
    total += t.bytes;
  }
  return total === 0 ? 0 : Math.min(1, Math.max(0, weighted / total));
}

/** {@link deadFraction} of the tables now, through the synchronous reader (one small statement). */
export function tablesDeadFraction(reader: SyncReader): number {
  return deadFraction(tableCounts(reader.query(TABLE_COUNTS_SQL)));
}

/**
 * A keyspace's share of the tables' fragmentation, in the shape of a data file: `liveBytes` are
 * the bytes of the keyspace's own rows, and its fragmented bytes are that much again in the
 * proportion of the tables' dead fraction `f` (`liveBytes × f / (1 − f)`), so every keyspace
 * reports the tables' fragmentation percentage (dead space is not attributable to a keyspace:
 * PostgreSQL counts dead rows per table, and one VACUUM of a table reclaims every keyspace's).
 * `f` is capped at 0.99 so that the file size stays finite. Returns the file bytes.
 */
export function fileBytesOf(liveBytes: number, f: number): number {
  const dead = Math.min(0.99, Math.max(0, f));
  return liveBytes === 0 ? 0 : Math.round(liveBytes / (1 - dead));
}
