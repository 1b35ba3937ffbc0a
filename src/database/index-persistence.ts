import type { Statement } from '../ast/index.js';
import type { IndexManager } from '../indexes/index-manager.js';
import type { IndexInfo } from '../catalog/index.js';
import type { FileStore, IndexDefinition, IndexHook } from '../storage/file/index.js';
import type { PostgresStore } from '../storage/postgres/index.js';
import { parseStatement, printStatement } from '../syntax/index.js';
import type { CreateIndexStatement, CreatePrimaryIndexStatement } from '../ast/index.js';
import type { PgIndexDefinition } from '../storage/postgres/index.js';

/**
 * Keeps the file store (or the PostgreSQL store: definitions with their index ids and states;
 * the entries are rows there, see {@link restorePg}) in step with the index manager: after every index DDL statement the
 * definitions of each bucket are saved (`indexes.json`, the CREATE INDEX text and whether the
 * index was built) and the bucket's index files are attached or deleted. On open the saved
 * statements are run again, so every index comes back (rebuilt from the documents).
 */
export class IndexPersistence {
  /** The text of the statement that created each index, by `IndexInfo.id`. */
  private readonly created = new Map<string, string>();
  private readonly saved = new Map<string, string>();
  /** While {@link restore} runs the saved statements: nothing is saved until every bucket is back. */
  private restoring = false;
  /** PostgreSQL store: the indexes (`bucket NUL name NUL id`) seen in the saved definitions, so that one gone from them was dropped by another node. */
  private readonly published = new Set<string>();

  constructor(
    private readonly store: FileStore | PostgresStore,
    private readonly indexes: IndexManager,
  ) {}

  /** Records what an index DDL statement did and persists it. */
  async afterDdl(s: Statement): Promise<void> {
    if (s.kind !== 'CreateIndex' && s.kind !== 'CreatePrimaryIndex' && s.kind !== 'BuildIndex' && s.kind !== 'DropIndex') return;
    if (s.kind === 'CreateIndex' || s.kind === 'CreatePrimaryIndex') {
      for (const info of this.indexes.all()) if (!this.created.has(info.id)) this.created.set(info.id, printStatement(s));
    }
    if (!this.restoring) await this.persistAll();
  }

  private hook(info: IndexInfo): IndexHook {
    const entries = info.state === 'deferred' ? undefined : this.indexes.entries(info.keyspace, info.name);
    return entries ? { name: info.name, designDoc: info.designDoc, entries } : { name: info.name, designDoc: info.designDoc };
  }

  /**
   * PostgreSQL store, before an index DDL statement: takes in the definitions other nodes saved
   * since this node last loaded them, so that the statement sees their indexes and its save keeps them.
   */
  async beforeDdl(): Promise<void> {
    if (this.isPg()) await (this.store as PostgresStore).refreshIndexDefinitions();
  }

  /**
   * Runs an index DDL statement: on the PostgreSQL store as the only one on every query node of
   * the database (an advisory lock; postgres-store.ts `serializeIndexDdl`), elsewhere as it is.
   */
  serialize<T>(fn: () => Promise<T>): Promise<T> {
    return this.isPg() ? (this.store as PostgresStore).serializeIndexDdl(fn) : fn();
  }

  /** Saves the definitions and syncs the index files of every bucket whose indexes changed. */
  async persistAll(): Promise<void> {
    await this.beforeDdl();
    const live = new Set(this.indexes.all().map((i) => i.id));
    for (const id of [...this.created.keys()]) if (!live.has(id)) this.created.delete(id);
    // An index defined but not yet through its DDL statement (a build about to start): its own text.
    for (const i of this.indexes.all()) {
      const text = this.created.has(i.id) ? undefined : this.indexes.statement(i.keyspace, i.name);
      if (text !== undefined) this.created.set(i.id, text);
    }
    for (const bucket of this.store.keyspaceNames()) {
      const infos = this.indexes.infos(bucket).filter((i) => this.created.has(i.id));
      const defs: IndexDefinition[] | PgIndexDefinition[] = infos.map((i) => {
        const d: PgIndexDefinition = { name: i.name, statement: this.created.get(i.id)!, built: i.state !== 'deferred' };
        const id = this.indexes.pgId(i.keyspace, i.name);
        if (id !== undefined) d.id = id;
        if (this.isPg()) d.state = i.state;
        return d;
      });
      const text = JSON.stringify(defs);
      if (this.saved.get(bucket) === text) continue;
      this.saved.set(bucket, text);
      await this.store.saveIndexDefinitions(bucket, defs);
      for (const d of defs as PgIndexDefinition[]) this.published.add(`${bucket}\u0000${d.name}\u0000${d.id ?? ''}`);
      const ks = this.store.keyspace(bucket);
      if (ks && 'syncIndexes' in ks) await ks.syncIndexes(infos.filter((i) => !i.isPrimary).map((i) => this.hook(i)));
    }
  }

  /** True on the PostgreSQL store. */
  private isPg(): boolean {
    return 'manageIndexes' in this.store;
  }

  /**
   * PostgreSQL store: brings the index manager to the saved definitions of every bucket, which
   * any node may have changed (docs/postgres.md "Index entries"): an index not known here is
   * taken in without a build (its entries are rows already), a known one follows its saved
   * state forward, and one that was saved before and is gone now (another node dropped it) is
   * forgotten. Returns the definitions still `building` (to finish on open).
   */
  async reloadPg(): Promise<{ bucket: string; name: string }[]> {
    const store = this.store as PostgresStore;
    const building: { bucket: string; name: string }[] = [];
    const seen = new Set<string>();
    for (const bucket of store.keyspaceNames()) {
      for (const d of await store.indexDefinitions(bucket)) {
        const tag = `${bucket}\u0000${d.name}\u0000${d.id ?? ''}`;
        seen.add(tag);
        this.published.add(tag);
        const known = this.indexes.info(bucket, d.name);
        if (known && this.indexes.pgId(bucket, d.name) !== d.id) continue; // another index of that name: this node's own, not yet saved
        const s = parseStatement(d.statement) as CreateIndexStatement | CreatePrimaryIndexStatement;
        const state = d.state ?? (d.built ? 'online' : 'deferred');
        this.indexes.adopt(s, bucket, d.id, state);
        if (!known) this.created.set(this.indexes.info(bucket, d.name)!.id, d.statement);
        if (state === 'building') building.push({ bucket, name: d.name });
      }
    }
    for (const info of this.indexes.all()) {
      const tag = `${info.keyspace}\u0000${info.name}\u0000${this.indexes.pgId(info.keyspace, info.name) ?? ''}`;
      if (this.published.has(tag) && !seen.has(tag)) {
        this.published.delete(tag);
        this.indexes.forget(info.keyspace, info.name);
      }
    }
    for (const bucket of store.keyspaceNames()) this.saved.delete(bucket);
    return building;
  }

  /**
   * PostgreSQL store, on open: loads the definitions ({@link reloadPg}), makes every write check
   * the catalogue's version (and reload it when another node changed it), and finishes the
   * builds a crash interrupted (`building` in the definitions; running a build again is harmless).
   */
  async restorePg(): Promise<void> {
    const store = this.store as PostgresStore;
    this.indexes.onDefined = () => this.persistAll();
    const version = store.currentIndexVersion();
    const building = await this.reloadPg();
    store.manageIndexes(version, async () => {
      await this.reloadPg();
    });
    for (const b of building) await this.indexes.resumeBuild(b.bucket, b.name);
    if (building.length > 0) await this.persistAll();
  }

  /** Runs the saved CREATE INDEX statements of every bucket (and BUILD INDEX for built deferred ones). */
  async restore(run: (statement: string) => Promise<unknown>): Promise<void> {
    if (this.isPg()) return this.restorePg();
    this.restoring = true;
    try {
      for (const bucket of this.store.keyspaceNames()) {
        for (const d of await this.store.indexDefinitions(bucket)) {
          await run(d.statement);
          const info = this.indexes.infos(bucket).find((i) => i.name === d.name);
          if (d.built && info?.state === 'deferred') await this.indexes.build(bucket, [d.name]);
        }
      }
    } finally {
      this.restoring = false;
    }
    await this.persistAll();
  }

  /** Forgets a dropped bucket. */
  forget(bucket: string): void {
    this.saved.delete(bucket);
  }
}
