import pg from 'pg';
import { compareStrings } from '../../values/index.js';
import type { SequencePersistence, SequenceRecord } from '../sequence-registry.js';
import type { Store } from '../store.js';
import { GroupCommit } from './group-commit.js';
import { PostgresKeyspace } from './postgres-keyspace.js';
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
 * in catalogue files (index definitions, users, functions, libraries, sequences) are rows of
 * `tokenql_catalog`, so that a reopen — by this process or another query node — finds them.
 */
export class PostgresStore implements Store {
  private readonly spaces = new Map<string, PostgresKeyspace>();
  private closed = false;

  private constructor(
    readonly url: string,
    private readonly pool: pg.Pool,
    private readonly reader: SyncReader,
    private readonly writer: GroupCommit,
    private readonly clock: () => number,
  ) {}

  /**
   * Connects to the database at `url`, creates or migrates tokenql's tables, and opens every keyspace.
   * @throws the connection or migration error (nothing is left open)
   */
  static async open(url: string, options: PostgresStoreOptions = {}): Promise<PostgresStore> {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 8, application_name: 'tokenql', options: '-c enable_bitmapscan=off' });
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

  /** The keyspace names in the database (every query node's), sorted. */
  keyspaceNames(): string[] {
    if (this.closed) return [];
    return this.reader
      .query('SELECT name FROM tokenql_keyspaces')
      .map((r) => r[0] as string)
      .sort(compareStrings);
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

  /** Saves the index definitions of a keyspace (the CREATE INDEX statements, run again on open). */
  async saveIndexDefinitions(bucket: string, defs: PgIndexDefinition[]): Promise<void> {
    await this.putCatalog('indexes', bucket, JSON.stringify(defs));
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

  /**
   * The sequences' records as a row of the catalogue, saved synchronously (NEXT VALUE is
   * evaluated synchronously and a block must be durable before its first value is handed out):
   * through the reader connection, one autocommitted statement per save.
   */
  sequencePersistence(): SequencePersistence {
    return {
      load: () => {
        const r = this.reader.query("SELECT value FROM tokenql_catalog WHERE kind = 'sequences' AND name = 'all'");
        return r.length ? (JSON.parse(r[0]![0] as string) as Record<string, SequenceRecord>) : {};
      },
      save: (records) => {
        this.reader.query("INSERT INTO tokenql_catalog (kind, name, value) VALUES ('sequences', 'all', $1) ON CONFLICT (kind, name) DO UPDATE SET value = EXCLUDED.value", [JSON.stringify(records)]);
      },
    };
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
