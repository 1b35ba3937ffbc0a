/** The durable file store (docs/storage.md). */
export { FileStore, type IndexDefinition } from './file-store.js';
export { FileKeyspace } from './file-keyspace.js';
export { StoreDamageError } from './open-keyspace.js';
export type { IndexHook } from './index-hooks.js';
export type { FileStoreOptions, StoreLogger } from './types.js';
export type { Durability } from './append-file.js';
export { FileSequencePersistence } from './sequence-file.js';
