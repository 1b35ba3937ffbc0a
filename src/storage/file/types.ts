import type { Durability } from './append-file.js';

/** Receives the file store's warnings (a torn tail cut back) and errors (damage found). */
export interface StoreLogger {
  warn(message: string): void;
  error(message: string): void;
}

/** Options of {@link FileStore.open} (and of `Database.open({ path })`). */
export interface FileStoreOptions {
  /** `fsync` (default): a write is acknowledged once it is synced to disk. `batch`: once written; synced every `batchIntervalMs`. */
  durability?: Exclude<Durability, 'none'>;
  /** Sync interval of the `batch` setting, in milliseconds (default 100). */
  batchIntervalMs?: number;
  /** Current time in milliseconds since the Unix epoch (expiration, tombstone ages, cas). */
  clock?: () => number;
  /** Where warnings and errors of recovery go (default: `console.warn` / `console.error`). */
  logger?: StoreLogger;
  /**
   * Damage in the middle of a data file (not a torn tail), a record of the wrong shape, or a
   * damaged first (file) record makes the open fail with an error naming the file and offset.
   * With `repair: true` the damaged bytes are skipped (their records are lost, and each skipped
   * range is reported through `logger.error`); a damaged first record is replaced by rewriting
   * the rest of the file into the next data file generation.
   */
  repair?: boolean;
}

/** Where a document's current record (a version or a tombstone) lies in the data file. */
export interface Rec {
  key: string;
  kind: 'put' | 'del';
  /** Offset in the current data file; -1 until its batch is written. */
  offset: number;
  size: number;
  /** Deletion time in Unix seconds for a tombstone (a deleted or expired document); -1 when live. */
  deletedAt: number;
  cas: number;
  seqno: number;
  /** Set when a newer record of the key replaced this one (compaction then leaves it alone). */
  superseded?: boolean;
}

/** The `CURRENT` manifest of a bucket directory: which files are in use. */
export interface Manifest {
  version: 1;
  /** The data file, `data.<generation>.tql`. */
  data: string;
  /** Index files by index name, `index-<name>.<generation>.tql`. */
  indexes: Record<string, string>;
}

/** `data.3.tql` → 3. */
export function generationOf(file: string): number {
  const m = /\.(\d+)\.tql$/.exec(file);
  return m ? Number(m[1]) : 0;
}
