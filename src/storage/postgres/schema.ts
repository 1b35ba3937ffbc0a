import type pg from 'pg';

/**
 * The PostgreSQL store's tables (docs/postgres.md "Store layout"), created and migrated by
 * tokenql itself: `tokenql_schema_version` holds the number of migrations applied, and
 * {@link MIGRATIONS} are applied in order, each in its own transaction, under an advisory lock
 * (two tokenql processes opening one database at once migrate it once). Only SQL that Citus can
 * run too: the documents' primary key holds the document key (the distribution column).
 */
export const MIGRATIONS: readonly string[] = [
  // 1: keyspaces, documents (tombstones are rows with deleted_at set), the catalog.
  `CREATE TABLE tokenql_keyspaces (
     id integer PRIMARY KEY,
     name text COLLATE "C" NOT NULL UNIQUE
   );
   CREATE SEQUENCE tokenql_keyspace_ids;
   CREATE TABLE tokenql_documents (
     keyspace_id integer NOT NULL,
     key text COLLATE "C" NOT NULL,
     value text,
     cas bigint NOT NULL,
     expiration bigint NOT NULL DEFAULT 0,
     seqno bigint NOT NULL,
     xattrs text,
     deleted_at bigint,
     PRIMARY KEY (keyspace_id, key)
   );
   CREATE INDEX tokenql_documents_expiring ON tokenql_documents (keyspace_id, expiration) WHERE expiration <> 0 AND deleted_at IS NULL;
   CREATE INDEX tokenql_documents_tombstones ON tokenql_documents (keyspace_id, deleted_at) WHERE deleted_at IS NOT NULL;
   CREATE TABLE tokenql_catalog (
     kind text COLLATE "C" NOT NULL,
     name text COLLATE "C" NOT NULL,
     value text NOT NULL,
     PRIMARY KEY (kind, name)
   );`,
  // 2: index entries (docs/postgres.md "Index keys"), index ids, and the version of the index
  // definitions that every write transaction reads (a node reloads the definitions when it changed).
  `CREATE TABLE tokenql_index_entries (
     index_id integer NOT NULL,
     key bytea NOT NULL,
     doc_key text COLLATE "C" NOT NULL,
     PRIMARY KEY (index_id, key, doc_key)
   );
   CREATE SEQUENCE tokenql_index_ids;
   INSERT INTO tokenql_catalog (kind, name, value) VALUES ('meta', 'index_version', '0');`,
];

/** Advisory lock key of the migrations ('tokenql' as a number). */
const MIGRATION_LOCK = 0x746f6b656e716c;

/**
 * Brings the database's tokenql tables to the current schema version.
 * @throws Error when the database has a newer schema than this tokenql knows
 */
export async function migrate(pool: pg.Pool): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await c.query('CREATE TABLE IF NOT EXISTS tokenql_schema_version (version integer NOT NULL)');
    const r = await c.query<{ version: number }>('SELECT version FROM tokenql_schema_version');
    let version = r.rows[0]?.version ?? 0;
    if (r.rows.length === 0) await c.query('INSERT INTO tokenql_schema_version VALUES (0)');
    if (version > MIGRATIONS.length) throw new Error(`tokenql: the PostgreSQL database has schema version ${version}, newer than this tokenql's ${MIGRATIONS.length}`);
    for (; version < MIGRATIONS.length; version++) {
      await c.query('BEGIN');
      try {
        await c.query(MIGRATIONS[version]!);
        await c.query('UPDATE tokenql_schema_version SET version = $1', [version + 1]);
        await c.query('COMMIT');
      } catch (e) {
        await c.query('ROLLBACK');
        throw e;
      }
    }
    await distribute(c);
  } finally {
    await c.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    c.release();
  }
}

/**
 * On a Citus coordinator (the `citus` extension is installed): distributes the documents by
 * document key (and the index entries by theirs, co-located) and makes the keyspace list and the catalog reference tables, once. Untested
 * here (Citus is not installable on this machine); plain PostgreSQL skips it.
 */
async function distribute(c: pg.PoolClient): Promise<void> {
  const citus = await c.query("SELECT 1 FROM pg_extension WHERE extname = 'citus'");
  if (citus.rows.length === 0) return;
  const done = await c.query("SELECT 1 FROM pg_dist_partition WHERE logicalrelid = 'tokenql_documents'::regclass");
  if (done.rows.length === 0) {
    await c.query("SELECT create_reference_table('tokenql_keyspaces')");
    await c.query("SELECT create_reference_table('tokenql_catalog')");
    await c.query("SELECT create_distributed_table('tokenql_documents', 'key')");
  }
  // The entries of a document on its document's node (migration 2).
  const entries = await c.query("SELECT 1 FROM pg_dist_partition WHERE logicalrelid = 'tokenql_index_entries'::regclass");
  if (entries.rows.length === 0) await c.query("SELECT create_distributed_table('tokenql_index_entries', 'doc_key', colocate_with => 'tokenql_documents')");
}
