import type { Statement } from '../ast/index.js';
import type { IndexManager } from '../indexes/index-manager.js';
import type { IndexInfo } from '../catalog/index.js';
import type { FileStore, IndexDefinition, IndexHook } from '../storage/file/index.js';
import type { PostgresStore } from '../storage/postgres/index.js';
import { printStatement } from '../syntax/index.js';

/**
 * Keeps the file store (or the PostgreSQL store: definitions only, its indexes are in memory) in step with the index manager: after every index DDL statement the
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

  /** Saves the definitions and syncs the index files of every bucket whose indexes changed. */
  async persistAll(): Promise<void> {
    const live = new Set(this.indexes.all().map((i) => i.id));
    for (const id of [...this.created.keys()]) if (!live.has(id)) this.created.delete(id);
    for (const bucket of this.store.keyspaceNames()) {
      const infos = this.indexes.infos(bucket).filter((i) => this.created.has(i.id));
      const defs: IndexDefinition[] = infos.map((i) => ({ name: i.name, statement: this.created.get(i.id)!, built: i.state !== 'deferred' }));
      const text = JSON.stringify(defs);
      if (this.saved.get(bucket) === text) continue;
      this.saved.set(bucket, text);
      await this.store.saveIndexDefinitions(bucket, defs);
      const ks = this.store.keyspace(bucket);
      if (ks && 'syncIndexes' in ks) await ks.syncIndexes(infos.filter((i) => !i.isPrimary).map((i) => this.hook(i)));
    }
  }

  /** Runs the saved CREATE INDEX statements of every bucket (and BUILD INDEX for built deferred ones). */
  async restore(run: (statement: string) => Promise<unknown>): Promise<void> {
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
