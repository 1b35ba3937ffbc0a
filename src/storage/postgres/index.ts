/** The PostgreSQL store (docs/postgres.md). */
export { PostgresStore, isPostgresUrl, type PostgresStoreOptions, type PgIndexDefinition } from './postgres-store.js';
export { PostgresKeyspace } from './postgres-keyspace.js';
export { PgIndexView } from './pg-index-view.js';
export { MAX_ENTRY_BYTES, type PgIndex } from './index-entries-table.js';
