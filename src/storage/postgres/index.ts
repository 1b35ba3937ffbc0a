/** The PostgreSQL store (docs/postgres.md). */
export { PostgresStore, isPostgresUrl, type PostgresStoreOptions, type PgIndexDefinition } from './postgres-store.js';
export { PostgresKeyspace } from './postgres-keyspace.js';
