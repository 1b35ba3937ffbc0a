import { LRUCache } from 'lru-cache';
import { ErrorCode, notSupported, QueryError } from './errors/index.js';
import { execute, type EngineDeps, type EngineParams, type PreparedStatement } from './engine.js';
import { ddlHandler, indexRow } from './ddl.js';
import { IndexManager } from './indexes/index-manager.js';
import { readDocuments } from './load/index.js';
import { MemoryStore, StoreError, type Store } from './storage/index.js';
import { cloneValue, type Value } from './values/index.js';
import type { LoadOptions, LoadReport, OpenOptions, QueryOptions, QueryResult } from './database-types.js';

function splitParams(params: QueryOptions['params']): EngineParams {
  if (params === undefined) return { named: {}, positional: [] };
  if (Array.isArray(params)) return { named: {}, positional: params };
  const named: Record<string, Value> = {};
  for (const [k, v] of Object.entries(params)) named[k.startsWith('$') ? k.slice(1) : k] = v;
  return { named, positional: [] };
}

/**
 * A tokenql database: keyspaces of JSON documents queried with N1QL.
 *
 * ```ts
 * const db = await Database.open();
 * await db.load('product', '../shared/datasets/product.jsonl', { key: '%productId%_arrayIndex' });
 * const { results } = await db.query("SELECT name FROM product WHERE CONTAINS_TOKEN(name, 'Briefcase')");
 * await db.close();
 * ```
 */
export class Database {
  private readonly deps: EngineDeps;
  private closed = false;

  private constructor(private readonly store: Store) {
    const indexes = new IndexManager(store);
    this.deps = {
      store,
      indexes,
      ddl: ddlHandler(indexes, { hasKeyspace: (n) => store.keyspace(n) !== undefined }),
      prepared: new LRUCache<string, PreparedStatement>({ max: 1024 }),
      system: {
        keyspaces: () => store.keyspaceNames().map((name) => ({ name, count: store.keyspace(name)!.count() })),
        indexes: () => indexes.all().map(indexRow),
      },
    };
  }

  /**
   * Opens a database. Without `path` the database lives in memory. A `path` (the durable file
   * store) raises QueryError 4050 until the file store is available.
   */
  static async open(options: OpenOptions = {}): Promise<Database> {
    if (options.path !== undefined) throw notSupported('The durable file store (Database.open({ path }))');
    return new Database(new MemoryStore());
  }

  private check(): void {
    if (this.closed) throw new QueryError({ code: ErrorCode.INTERNAL, phase: 'service', message: 'The database is closed' });
  }

  /**
   * Runs one N1QL statement (a trailing `;` is allowed).
   * @returns rows, metrics (times in milliseconds, sizes in bytes) and warnings
   * @throws QueryError with `code`, `phase`, `message` and, for parse and semantic errors, `line` and `column`
   */
  async query(statement: string, options: QueryOptions = {}): Promise<QueryResult> {
    this.check();
    return execute(statement, splitParams(options.params), this.deps);
  }

  /** The plan of a statement as EXPLAIN JSON (`{"#operator": "Sequence", …}`). */
  async explain(statement: string, options: QueryOptions = {}): Promise<Value> {
    const r = await this.query(`EXPLAIN ${statement}`, options);
    return (r.results[0] as { plan: Value }).plan;
  }

  /** Creates a keyspace if it does not exist. */
  async createKeyspace(name: string): Promise<void> {
    this.check();
    if (!name) throw new QueryError({ code: ErrorCode.KEYSPACE_NOT_FOUND, phase: 'storage', message: 'A keyspace needs a name' });
    await this.store.createKeyspace(name);
  }

  /** Names of the keyspaces, sorted. */
  keyspaces(): string[] {
    return this.store.keyspaceNames();
  }

  /** Number of documents in a keyspace (undefined if it does not exist). */
  count(keyspace: string): number | undefined {
    return this.store.keyspace(keyspace)?.count();
  }

  /**
   * Loads documents into a keyspace (created if missing): from JSON Lines, a JSON array, a
   * directory of `.json` files, a cbimport sample zip, or an iterable of values. Documents that
   * cannot be read or keyed are reported in `failures` with their line; the rest are loaded.
   */
  async load(keyspace: string, source: string | Iterable<Value> | AsyncIterable<Value>, options: LoadOptions = {}): Promise<LoadReport> {
    this.check();
    const ks = await this.store.createKeyspace(keyspace);
    const report: LoadReport = { loaded: 0, failures: [] };
    for await (const item of readDocuments(source, { key: options.key, onProgress: options.onProgress })) {
      if (!item.ok) {
        report.failures.push({ source: item.source, line: item.line, message: item.message });
        continue;
      }
      // Documents handed in as values are copied: the store freezes what it keeps.
      const value = typeof source === 'string' ? item.value : cloneValue(item.value);
      try {
        if (options.mode === 'insert') await ks.insert(item.key, value);
        else await ks.upsert(item.key, value);
        report.loaded++;
      } catch (err) {
        const message = err instanceof StoreError ? err.message : String(err);
        report.failures.push({ source: item.source, line: item.line, message });
      }
    }
    return report;
  }

  /** Closes the database; later calls raise. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.store.close();
  }
}
