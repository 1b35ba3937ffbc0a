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
}

