import pg from 'pg';
import { compareStrings } from '../../values/index.js';
import type { Store } from '../store.js';
import { AdvisoryLock, INDEX_DDL_LOCK } from './ddl-lock.js';
import { GroupCommit } from './group-commit.js';
import { ENTRIES_TABLE, type PgIndex } from './index-entries-table.js';
import { buildIndexEntries, type BuildProgressFn } from './index-build.js';
import { PostgresKeyspace } from './postgres-keyspace.js';
import { PgPrepared } from './pg-prepared.js';
import { PgSequences } from './pg-sequences.js';
import { migrate } from './schema.js';
import { SyncReader } from './sync-reader.js';

/** Options of {@link PostgresStore.open}. */
export interface PostgresStoreOptions {
  /** Current time in milliseconds since the Unix epoch (expiration, tombstone ages, cas). */
  clock?: () => number;
  /** Connections of the write pool (default 8). */
  poolSize?: number;
}

/** A saved index definition (as the file store's `indexes.json` holds them). */
export interface PgIndexDefinition {
  name: string;
  statement: string;
  built: boolean;
  /** The index's `index_id` in `tokenql_index_entries` (a secondary index; from `tokenql_index_ids`). */
  id?: number;
  /** `building` until its build has finished (a build interrupted by a crash is redone on open). */
  state?: 'building' | 'online' | 'deferred';
}

/** True for a `postgres://` or `postgresql://` URL (what `Database.open({ store })` takes). */
export function isPostgresUrl(s: string): boolean {
  return /^postgres(ql)?:\/\//i.test(s);
}

/**
 * The PostgreSQL store (docs/postgres.md "Store layout"): keyspaces and their documents in
 * tokenql's tables of one PostgreSQL database (created and migrated on open, schema.ts), read
 * synchronously through a synckit worker's connection (sync-reader.ts) and written
 * asynchronously, with group commit, on a `pg.Pool` (group-commit.ts). What the file store keeps
 * in catalogue files (index definitions, users, functions, libraries) are rows of
 * `tokenql_catalog` (sequences are PostgreSQL sequences), so that a reopen — by this process or another query node — finds them.
 */
export class PostgresStore implements Store {
  private readonly spaces = new Map<string, PostgresKeyspace>();
  private closed = false;
  /** The version of the index definitions this node's keyspaces maintain (undefined: not loaded). */
  private indexVersion: string | undefined;
  /** Serializes index DDL across the database's query nodes (ddl-lock.ts). */
  private readonly indexDdlLock: AdvisoryLock;

  private constructor(
    readonly url: string,
    private readonly pool: pg.Pool,
    private readonly reader: SyncReader,
    private readonly writer: GroupCommit,
    private readonly clock: () => number,
  ) {
    this.indexDdlLock = new AdvisoryLock(pool, INDEX_DDL_LOCK);
  }

  /**
   * Runs an index DDL statement (`fn`: reload the definitions, run it, save them) as the only one
   * on every query node of the database, so that no node's save of a keyspace's definitions
   * misses another's index (docs/postgres.md "Several query nodes").
   */
  serializeIndexDdl<T>(fn: () => Promise<T>): Promise<T> {
    this.check();
    return this.indexDdlLock.run(fn);
  }

  /**
   * Connects to the database at `url`, creates or migrates tokenql's tables, and opens every keyspace.
   * @throws the connection or migration error (nothing is left open)
   */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 8, application_name: 'tokenql', options: '-c enable_bitmapscan=off -c plan_cache_mode=force_generic_plan' });
    pool.on('error', () => {}); // an idle client's error: the next checkout reconnects
    const reader = new SyncReader(url);
    try {
      await migrate(pool);
      reader.connect();
    } catch (e) {
      reader.close();
      await pool.end().catch(() => {});
      throw e;
    }
    const store = new PostgresStore(url, pool, reader, new GroupCommit(pool), options.clock ?? Date.now);
    store.writer.onDropped = (ids) => store.forgetKeyspaces(ids);
    for (const name of store.keyspaceNames()) store.keyspace(name);
    return store;
  }

  private check(): void {
    if (this.closed) throw new Error('The PostgreSQL store is closed');
  }

  /** Transactions the store's group commit has committed, and the writes they carried. */
  get commits(): { readonly transactions: number; readonly writes: number } {
    return this.writer.committed;
  }

  /** The keyspace, opened on first use (another query node may have created it). */
  keyspace(name: string): PostgresKeyspace | undefined {
    const ks = this.spaces.get(name);
    if (ks || this.closed) return ks;
    const r = this.reader.query('SELECT id FROM tokenql_keyspaces WHERE name = $1', [name]);
    if (r.length === 0) return undefined;
    const opened = new PostgresKeyspace(name, Number(r[0]![0]), this.reader, this.writer, this.clock);
    this.spaces.set(name, opened);
    return opened;
  }

  /** Creates a keyspace (a row of `tokenql_keyspaces` and its seqno sequence) unless it exists. */
  async createKeyspace(name: string): Promise<PostgresKeyspace> {
    this.check();
    const existing = this.keyspace(name);
    if (existing) return existing;
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      const id = Number((await c.query<{ id: string }>("SELECT nextval('tokenql_keyspace_ids') AS id")).rows[0]!.id);
      const r = await c.query('INSERT INTO tokenql_keyspaces (id, name) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [id, name]);
      if (r.rowCount === 1) await c.query(`CREATE SEQUENCE IF NOT EXISTS tokenql_seqno_${id}`);
      await c.query('COMMIT');
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      c.release();
    }
    return this.keyspace(name)!;
  }

  /** Drops a keyspace: its documents, tombstones, saved index definitions and seqno sequence, in one transaction. */
  async dropKeyspace(name: string): Promise<void> {
    this.check();
    const ks = this.keyspace(name);
    if (!ks) return;
    await this.writer.idle();
    this.spaces.delete(name);
    const c = await this.pool.connect();
    try {
      await c.query('BEGIN');
      // First the index catalogue's version, then the keyspace's row, in the order the write
      // transactions lock them FOR SHARE (group-commit.ts): the writes in flight finish before the
      // documents are deleted, and later ones find the keyspace gone.
      await c.query("UPDATE tokenql_catalog SET value = (value::int8 + 1)::text WHERE kind = 'meta' AND name = 'index_version'");
      await c.query('SELECT 1 FROM tokenql_keyspaces WHERE id = $1 FOR UPDATE', [ks.id]);
      const defs = await c.query<{ value: string }>("SELECT value FROM tokenql_catalog WHERE kind = 'indexes' AND name = $1", [name]);
      const ids = defs.rows.length ? (JSON.parse(defs.rows[0]!.value) as PgIndexDefinition[]).flatMap((d) => (d.id !== undefined ? [d.id] : [])) : [];
      if (ids.length > 0) await c.query(`DELETE FROM ${ENTRIES_TABLE} WHERE index_id = ANY($1::int4[])`, [ids]);
      await c.query('DELETE FROM tokenql_documents WHERE keyspace_id = $1', [ks.id]);
      await c.query('DELETE FROM tokenql_keyspaces WHERE id = $1', [ks.id]);
      await c.query("DELETE FROM tokenql_catalog WHERE kind = 'indexes' AND name = $1", [name]);
      await c.query(`DROP SEQUENCE IF EXISTS tokenql_seqno_${ks.id}`);
      await c.query('COMMIT');
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      c.release();
    }
  }

  /**
   * Forgets the opened keyspaces whose ids are in `ids`, or (no `ids`) whose rows are gone: a
   * query node dropped them. The next use of the name opens the keyspace now of that name, if any.
   */
  forgetKeyspaces(ids?: ReadonlySet<number>): void {
    const live = ids ? undefined : new Set(this.reader.query('SELECT id FROM tokenql_keyspaces').map((r) => Number(r[0])));
    for (const [name, ks] of this.spaces) if (ids ? ids.has(ks.id) : !live!.has(ks.id)) this.spaces.delete(name);
  }

  /** The keyspace names in the database (every query node's), sorted. */
  keyspaceNames(): string[] {
    if (this.closed) return [];
    const rows = this.reader.query('SELECT name, id FROM tokenql_keyspaces');
    // A keyspace opened here whose name now has another id, or none, was dropped by a node: forgotten.
    const ids = new Map(rows.map((r) => [r[0] as string, Number(r[1])]));
    for (const [name, ks] of this.spaces) if (ids.get(name) !== ks.id) this.spaces.delete(name);
    return [...ids.keys()].sort(compareStrings);
  }

  // ---- catalogue (what the file store keeps in files) ----

  private async putCatalog(kind: string, name: string, value: string): Promise<void> {
    this.check();
    await this.pool.query('INSERT INTO tokenql_catalog (kind, name, value) VALUES ($1, $2, $3) ON CONFLICT (kind, name) DO UPDATE SET value = EXCLUDED.value', [kind, name, value]);
  }

  private async getCatalog(kind: string, name: string): Promise<string | undefined> {
    this.check();
    const r = await this.pool.query<{ value: string }>('SELECT value FROM tokenql_catalog WHERE kind = $1 AND name = $2', [kind, name]);
    return r.rows[0]?.value;
  }

  /**
   * Saves the index definitions of a keyspace and, in the same transaction, bumps the index
   * catalogue's version (every node's next write reloads the definitions, group-commit.ts
   * `IndexCatalogCheck`; the update waits for the write transactions that read the old version).
   * Then deletes the entries of the indexes that are no longer defined.
   */
  async saveIndexDefinitions(bucket: string, defs: PgIndexDefinition[]): Promise<void> {
    this.check();
    const c = await this.pool.connect();
    let gone: number[] = [];
    try {
      await c.query('BEGIN');
      const old = await c.query<{ value: string }>("SELECT value FROM tokenql_catalog WHERE kind = 'indexes' AND name = $1 FOR UPDATE", [bucket]);
      const kept = new Set(defs.map((d) => d.id));
      gone = old.rows.length ? (JSON.parse(old.rows[0]!.value) as PgIndexDefinition[]).flatMap((d) => (d.id !== undefined && !kept.has(d.id) ? [d.id] : [])) : [];
      await c.query('INSERT INTO tokenql_catalog (kind, name, value) VALUES ($1, $2, $3) ON CONFLICT (kind, name) DO UPDATE SET value = EXCLUDED.value', ['indexes', bucket, JSON.stringify(defs)]);
      await c.query("UPDATE tokenql_catalog SET value = (value::int8 + 1)::text WHERE kind = 'meta' AND name = 'index_version'");
      await c.query('COMMIT');
    } catch (e) {
      await c.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      c.release();
    }
    if (gone.length > 0) await this.pool.query(`DELETE FROM ${ENTRIES_TABLE} WHERE index_id = ANY($1::int4[])`, [gone]);
  }

  /** A new index id (the `index_id` of its entries). */
  async newIndexId(): Promise<number> {
    this.check();
    const r = await this.pool.query<{ id: string }>("SELECT nextval('tokenql_index_ids') AS id");
    return Number(r.rows[0]!.id);
  }

  /** Builds the entries of `index` in keyspace `name` (index-build.ts); resolves to the number of documents left out (keys too long). */
  async buildIndex(name: string, index: PgIndex, progress?: BuildProgressFn): Promise<number> {
    const ks = this.keyspace(name);
    if (!ks) throw new Error(`tokenql: no keyspace ${name}`);
    return buildIndexEntries(ks, index, this.pool, progress);
  }

  /** The current version of the index catalogue (read now). */
  currentIndexVersion(): string {
    const r = this.reader.query("SELECT value FROM tokenql_catalog WHERE kind = 'meta' AND name = 'index_version'");
    return String(r[0]?.[0] ?? '0');
  }

  /** Reloads the index definitions if another node changed them since this node loaded them (before index DDL). */
  async refreshIndexDefinitions(): Promise<void> {
    const v = this.currentIndexVersion();
    if (this.writer.catalog && v !== this.indexVersion) await this.writer.catalog.reload(v);
  }

  /**
   * Makes every write transaction check the index catalogue's version (group-commit.ts): when
   * another node (or this one) changed the definitions, `reload()` loads them (the indexes the
   * keyspaces maintain) before the write runs again. `version` is the version the node loaded.
   */
  manageIndexes(version: string, reload: () => Promise<void>): void {
    this.indexVersion = version;
    this.writer.catalog = {
      known: () => this.indexVersion,
      reload: async (v) => {
        // A DROP of a keyspace changes the version too: forget the keyspaces dropped since.
        this.forgetKeyspaces();
        await reload();
        this.indexVersion = v;
      },
    };
  }

  /** The saved index definitions of a keyspace. */
  async indexDefinitions(bucket: string): Promise<PgIndexDefinition[]> {
    const v = await this.getCatalog('indexes', bucket);
    return v ? (JSON.parse(v) as PgIndexDefinition[]) : [];
  }

  /** Saves a store-wide catalogue (functions, libraries, users and groups) by its file store name. */
  async saveCatalog(name: 'functions.json' | 'libraries.json' | 'principals.json', value: unknown): Promise<void> {
    await this.putCatalog('catalog', name, JSON.stringify(value));
  }

  /** A saved store-wide catalogue, or undefined. */
  async catalog<T>(name: 'functions.json' | 'libraries.json' | 'principals.json'): Promise<T | undefined> {
    const v = await this.getCatalog('catalog', name);
    return v === undefined ? undefined : (JSON.parse(v) as T);
  }

  /** The prepared statements every query node of the database finds (pg-prepared.ts). */
  preparedStatements(): PgPrepared {
    return new PgPrepared(this.reader);
  }

  /** The database's sequences: PostgreSQL sequences shared by every query node (pg-sequences.ts). */
  sequences(): PgSequences {
    return new PgSequences(this.reader);
  }

  /** Waits for the queued writes, then closes the pool and the reader connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    await this.writer.idle();
    this.closed = true;
    this.spaces.clear();
    this.reader.close();
    await this.pool.end();
  }
}
