import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { compareStrings } from '../../values/index.js';
import type { Store } from '../store.js';
import { readJson, syncDir, writeFileAtomic } from './fsutil.js';
import { DirectoryLock } from './lock.js';
import type { FileKeyspace } from './file-keyspace.js';
import { openKeyspace } from './open-keyspace.js';
import { CommitLog } from './commit-log.js';
import { createRecordFile } from './out-file.js';
import type { FileStoreOptions, Manifest, StoreLogger } from './types.js';

/** A saved index definition: the CREATE INDEX statement and whether it was built. */
export interface IndexDefinition {
  name: string;
  statement: string;
  built: boolean;
}

const PREFIX = 'b_';

function bucketDir(name: string): string {
  return PREFIX + encodeURIComponent(name).replace(/\./g, '%2E').replace(/\*/g, '%2A');
}

const consoleLogger: StoreLogger = { warn: (m) => console.warn(`tokenql: ${m}`), error: (m) => console.error(`tokenql: ${m}`) };

/**
 * The durable file store (docs/storage.md): one directory per bucket under the data directory,
 * each with an append-only data file, an index file per secondary index, `CURRENT` (the files
 * in use) and `indexes.json` (index definitions). The data directory is locked while open.
 */
export class FileStore implements Store {
  private readonly spaces = new Map<string, FileKeyspace>();
  private readonly creating = new Map<string, Promise<FileKeyspace>>();
  private readonly logger: StoreLogger;
  private closed = false;
  /** The transactions' commit log (commit-log.ts), opened after the buckets. */
  commitLog: CommitLog | undefined;

  private constructor(
    readonly dir: string,
    private readonly options: FileStoreOptions,
    private readonly lock: DirectoryLock,
  ) {
    this.logger = options.logger ?? consoleLogger;
  }

  /**
   * Opens (creating if needed) a data directory and every bucket in it.
   * @throws Error `DIR is a file, not a data directory` when the path is an existing file
   */
  static async open(dir: string, options: FileStoreOptions = {}): Promise<FileStore> {
    const existing = await stat(dir).catch(() => undefined);
    if (existing && !existing.isDirectory()) throw new Error(`${dir} is a file, not a data directory`);
    await mkdir(dir, { recursive: true });
    const lock = await DirectoryLock.acquire(dir);
    const store = new FileStore(dir, options, lock);
    try {
      for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) => compareStrings(a.name, b.name))) {
        if (!entry.isDirectory()) continue;
        if (entry.name.startsWith('.tmp-') || entry.name.startsWith('.trash-')) {
          await rm(join(dir, entry.name), { recursive: true, force: true });
          continue;
        }
        if (!entry.name.startsWith(PREFIX)) continue;
        const name = decodeURIComponent(entry.name.slice(PREFIX.length));
        store.spaces.set(name, await openKeyspace(name, join(dir, entry.name), options, store.logger));
      }
      store.commitLog = await CommitLog.open(dir, store.spaces, store.logger);
    } catch (e) {
      await store.close().catch(() => {});
      throw e;
    }
    return store;
  }

  keyspace(name: string): FileKeyspace | undefined {
    return this.spaces.get(name);
  }

  /** Creates a bucket directory atomically (built under `.tmp-…`, then renamed); concurrent calls share one creation. */
  createKeyspace(name: string): Promise<FileKeyspace> {
    const existing = this.spaces.get(name);
    if (existing) return Promise.resolve(existing);
    let p = this.creating.get(name);
    if (!p) {
      p = this.create(name).finally(() => this.creating.delete(name));
      this.creating.set(name, p);
    }
    return p;
  }

  private async create(name: string): Promise<FileKeyspace> {
    if (this.closed) throw new Error('The file store is closed');
    const tmp = join(this.dir, `.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`);
    await mkdir(tmp);
    const { fh } = await createRecordFile(join(tmp, 'data.1.tql'), 'data');
    await fh.sync();
    await fh.close();
    const manifest: Manifest = { version: 1, data: 'data.1.tql', indexes: {} };
    await writeFileAtomic(tmp, 'CURRENT', JSON.stringify(manifest));
    const final = join(this.dir, bucketDir(name));
    await rename(tmp, final);
    await syncDir(this.dir);
    const ks = await openKeyspace(name, final, this.options, this.logger);
    this.spaces.set(name, ks);
    return ks;
  }

  /** Drops a bucket: its directory is renamed away (atomic), then deleted. */
  async dropKeyspace(name: string): Promise<void> {
    const ks = this.spaces.get(name);
    if (!ks) return;
    this.spaces.delete(name);
    await ks.close();
    const trash = join(this.dir, `.trash-${process.pid}-${Math.random().toString(36).slice(2)}`);
    await rename(ks.dir, trash);
    await syncDir(this.dir);
    await rm(trash, { recursive: true, force: true });
  }

  keyspaceNames(): string[] {
    return [...this.spaces.keys()].sort(compareStrings);
  }

  /** Saves the index definitions of a bucket (atomically, in `indexes.json`). */
  async saveIndexDefinitions(bucket: string, defs: IndexDefinition[]): Promise<void> {
    const ks = this.spaces.get(bucket);
    if (ks) await writeFileAtomic(ks.dir, 'indexes.json', JSON.stringify(defs, null, 1));
  }

  /** The saved index definitions of a bucket. */
  async indexDefinitions(bucket: string): Promise<IndexDefinition[]> {
    const ks = this.spaces.get(bucket);
    return (ks && (await readJson<IndexDefinition[]>(join(ks.dir, 'indexes.json')))) ?? [];
  }

  /**
   * Saves a store-wide catalogue (user-defined functions, JavaScript libraries, users and groups)
   * as `name` in the data directory, atomically.
   */
  async saveCatalog(name: 'functions.json' | 'libraries.json' | 'principals.json', value: unknown): Promise<void> {
    await writeFileAtomic(this.dir, name, JSON.stringify(value, null, 1));
  }

  /** A saved store-wide catalogue, or undefined. */
  async catalog<T>(name: 'functions.json' | 'libraries.json' | 'principals.json'): Promise<T | undefined> {
    return readJson<T>(join(this.dir, name));
  }

  /** Syncs and closes every bucket, then releases the directory lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const errors: unknown[] = [];
    await this.commitLog?.close().catch((e) => errors.push(e));
    for (const ks of this.spaces.values()) await ks.close().catch((e) => errors.push(e));
    this.spaces.clear();
    await this.lock.release();
    if (errors.length) throw errors[0];
  }
}
