import type { FileStoreOptions } from '../storage/file/types.js';

/**
 * Options of {@link Database.open}. The file store's options (`durability`: `'fsync'` default
 * or `'batch'`; `batchIntervalMs`; `clock` in milliseconds since the epoch; `logger`; `repair`)
 * apply with `path`; `clock` also drives the in-memory store's expiration.
 */
export interface OpenOptions extends FileStoreOptions {
  /**
   * Data directory of the durable file store (docs/storage.md). Omitted: an in-memory store
   * that is lost on close.
   */
  path?: string;
  /**
   * A `postgres://` (or `postgresql://`) URL: the PostgreSQL store in that database
   * (docs/postgres.md); its tables are created or migrated on open. Not with `path`.
   */
  store?: string;
  /**
   * Limits of each call of a JavaScript user-defined function: `timeoutMs` (default 10 000) and
   * `memoryMb` (V8 heap, default 64): past either the call ends with 10109.
   */
  javascript?: Partial<import('../executor/udf/javascript-engine.js').JavascriptLimits>;
}

