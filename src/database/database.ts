import { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { ErrorCode, QueryError } from '../errors/index.js';
import { MemoryPool, RequestRegistry, timeoutError } from '../request-registry.js';
import type { Statement } from '../ast/index.js';
import { adviseReport, execute, type EngineDeps, type EngineParams, type PreparedStatement } from '../engine.js';
import { AdvisorSessions } from '../advisor-sessions.js';
import { ddlHandler, indexRow } from './index-ddl.js';
import { IndexManager } from '../indexes/index-manager.js';
import { readDocuments } from '../load/index.js';
import { MemorySequencePersistence, MemoryStore, SequenceRegistry, StoreError, type Store } from '../storage/index.js';
import { checkDepth } from '../storage/document-keyspace.js';
import { FileSequencePersistence, FileStore } from '../storage/file/index.js';
import { isPostgresUrl, PostgresKeyspace, PostgresStore } from '../storage/postgres/index.js';
import { IndexPersistence } from './index-persistence.js';
import { loadIntoPostgres } from './postgres-load.js';
import { persistFunctions } from './function-persistence.js';
import { FunctionCatalog } from '../executor/udf/function-catalog.js';
import { DEFAULT_JAVASCRIPT_LIMITS, JavascriptEngine, type JavascriptLimits } from '../executor/udf/javascript-engine.js';
import { LibraryCatalog, type Library } from '../executor/udf/library-catalog.js';
import { StatisticsDictionary } from '../statistics-dictionary.js';
import { ddlSources } from './ddl-sources.js';
import { cloneValue, jsonSize, toOutputValue, type Value } from '../values/index.js';
import { bucketStats, compactBucket, compactViews } from './bucket-storage.js';
import type { BucketStats, CompactionOptions, CompactionResult } from '../storage/compaction.js';
import type { DocumentMeta, StoredDocument, WriteOptions } from '../storage/index.js';
import type { LoadOptions, LoadReport } from '../load/index.js';
import type { QueryOptions, QueryResult } from '../query-types.js';
import type { OpenOptions } from './types.js';
import { TransactionManager, transactionControl, transactionInUse, type Transaction } from '../transactions/index.js';
import { hashPassword, PrincipalStore, userInfoRows, type SavedPrincipals } from '../security/index.js';

function splitParams(params: QueryOptions['params'], args: QueryOptions['args']): EngineParams {
  const named: Record<string, Value> = {};
  if (params !== undefined && !Array.isArray(params)) for (const [k, v] of Object.entries(params)) named[k.startsWith('$') ? k.slice(1) : k] = v;
  return { named, positional: args ?? (Array.isArray(params) ? params : []) };
}

/**
 * A document handed to the API as it is stored: a copy (the store freezes what it keeps) in the
 * JSON form N1QL mutations store (send-insert.ts): NaN and ±Infinity as the strings "NaN",
 * "+Infinity", "-Infinity", an int64 (bigint) as its nearest double, a MISSING array element as
 * null (values/json.ts toOutputValue). So every store holds the same document: the file store's
 * records are JSON text, which has none of those values (the reference stores NaN() as "NaN").
 */
function storedValue(value: Value): Value {
  return toOutputValue(cloneValue(value));
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
  /** File and PostgreSQL stores: saves index definitions (and keeps the file store's index files in step). */
  private readonly persistence: IndexPersistence | undefined;

  /** The open transactions (docs/transactions.md). */
  readonly transactions: TransactionManager;

  private constructor(
    private readonly store: Store,
    clock: () => number = Date.now,
    javascript: Partial<JavascriptLimits> = {},
  ) {
    const indexes = new IndexManager(store);
    const transactions = new TransactionManager(store, indexes, () => (store instanceof FileStore ? store.commitLog : undefined), clock);
    this.transactions = transactions;
    const ddl = ddlHandler(indexes);
    const persistence = store instanceof FileStore || store instanceof PostgresStore ? new IndexPersistence(store, indexes) : undefined;
    this.persistence = persistence;
    const sequences =
      store instanceof PostgresStore ? store.sequences() : new SequenceRegistry(store instanceof FileStore ? new FileSequencePersistence(store.dir) : new MemorySequencePersistence());
    const functions = new FunctionCatalog();
    this.principals = new PrincipalStore((password) => hashPassword(password));
    this.deps = {
      store,
      indexes,
      ddl: persistence
        ? (s, catalog, onProgress) =>
            persistence.serialize(async () => {
              await persistence.beforeDdl();
              const rows = await ddl(s, catalog, onProgress);
              await persistence.afterDdl(s);
              return rows;
            })
        : ddl,
      prepared: new LRUCache<string, PreparedStatement>({ max: 1024 }),
      ...(store instanceof PostgresStore ? { sharedPrepared: store.preparedStatements() } : {}),
      userDirectory: () => this.userDirectory?.() ?? userInfoRows(this.principals),
      principals: this.principals,
      bucketSettings: (bucket) => this.bucketSettings?.(bucket),
      bucketReplicas: (bucket) => this.bucketReplicas?.(bucket),
      dictionary: new StatisticsDictionary(),
      ddlSources: ddlSources(sequences, functions),
      statements: new LRUCache<string, Statement>({ max: 1024 }),
      sequences,
      functions,
      libraries: new LibraryCatalog(),
      javascript: new JavascriptEngine({ ...DEFAULT_JAVASCRIPT_LIMITS, ...javascript }),
      system: {
        keyspaces: () =>
          store.keyspaceNames().map((name) => ({
            name,
            count: store.keyspace(name)!.count(),
            // `system:keyspaces_info`'s size: the documents' JSON bytes, counted when read.
            size: () => [...store.keyspace(name)!.scan()].reduce((n, d) => n + jsonSize(d.value), 0),
          })),
        indexes: () => indexes.all().map(indexRow),
        transactions: () => transactions.rows(),
      },
    };
  }

  /**
   * Opens a database. Without `path` the database lives in memory. With `path` it is the
   * durable file store in that directory (created if missing; docs/storage.md): every bucket,
   * document and index definition found there is opened, the indexes are rebuilt, and the
   * directory is locked until {@link close}. `durability`, `batchIntervalMs`, `clock`
   * (milliseconds), `logger` and `repair` are described in {@link OpenOptions}. With `store`, a
   * `postgres://` URL, it is the PostgreSQL store in that database (docs/postgres.md): keyspaces,
   * documents, indexes (definitions and entries are rows: nothing is rebuilt), users, functions and
   * sequences come back from its tables.
   * @throws Error when `store` is not a PostgreSQL URL, or both `store` and `path` are given
   */
  static async open(options: OpenOptions = {}): Promise<Database> {
    if (options.store !== undefined) {
      if (!isPostgresUrl(options.store)) throw new Error(`store must be a postgres:// URL, got ${JSON.stringify(options.store)}`);
      if (options.path !== undefined) throw new Error('Database.open takes either path (the file store) or store (PostgreSQL), not both');
    } else if (options.path === undefined) return new Database(new MemoryStore(options.clock), options.clock, options.javascript);
    const store = options.store !== undefined ? await PostgresStore.open(options.store, { clock: options.clock }) : await FileStore.open(options.path!, options);
    const db = new Database(store, options.clock, options.javascript);
    try {
      await db.persistence!.restore((statement) => db.query(statement));
      await persistFunctions(store, db.deps.functions, db.deps.libraries);
      db.principals.restore(await store.catalog<SavedPrincipals>('principals.json'));
      db.principals.save = (all) => store.saveCatalog('principals.json', all);
    } catch (e) {
      await db.close().catch(() => {});
      throw e;
    }
    return db;
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
    const controller = new AbortController();
    const outer = options.signal;
    const onAbort = () => controller.abort(outer!.reason);
    if (outer?.aborted) onAbort();
    else outer?.addEventListener('abort', onAbort, { once: true });
    const timeoutMs = options.timeoutMs ?? 0;
    const timer = timeoutMs > 0 ? setTimeout(() => controller.abort(timeoutError(timeoutMs)), timeoutMs) : undefined;
    const entry = this.requests.start(statement, options.request ?? {}, controller);
    // The request's transaction: the one its txid names, or (tximplicit) one of its own.
    let tx: Transaction | undefined;
    const implicit = options.txid === undefined && options.tximplicit === true;
    const begin = { timeoutMs: options.txtimeoutMs, durabilityLevel: options.durabilityLevel };
    try {
      if (options.txid !== undefined) {
        tx = this.transactions.get(options.txid);
        if (tx.busy) throw transactionInUse();
        tx.uses++;
        tx.lastUse = Date.now();
      } else if (implicit) tx = this.transactions.begin({ ...begin, implicit: true });
      if (tx) tx.busy = true;
      const result = await execute(
        statement,
        {
          ...splitParams(options.params, options.args),
          onProgress: options.onProgress,
          ...(options.progress ? { progress: options.progress } : {}),
          restricted: options.restricted,
          authorize: options.authorize,
          signal: controller.signal,
          profile: options.profile,
          queryContext: options.queryContext,
          memoryQuotaBytes: options.memoryQuotaBytes,
          preserveExpiry: options.preserveExpiry,
          ...(options.useCbo ? { useCbo: true } : {}),
          durabilityLevel: options.durabilityLevel,
          memoryPool: this.memoryPool,
          requests: this.requests,
          advisorSessions: this.advisorSessions,
          transaction: tx,
          implicit,
          // The transaction statements see only an explicit transaction (with tximplicit, COMMIT is "outside the transaction").
          transactions: transactionControl(this.transactions, implicit ? undefined : tx, begin),
          users: options.users,
        },
        this.deps,
      );
      if (implicit && tx) await this.transactions.commit(tx);
      this.requests.finish(entry, { state: 'completed', resultCount: result.results.length });
      this.advisorSessions.record(statement, performance.now() - entry.start);
      return result;
    } catch (e) {
      const code = e instanceof QueryError ? e.code : undefined;
      const stopped = code === ErrorCode.REQUEST_STOPPED;
      this.requests.finish(entry, { state: stopped && /^Timeout/.test((e as QueryError).message) ? 'timeout' : stopped ? 'stopped' : 'errors', errorCount: 1 });
      if (implicit && tx && !tx.ended) this.transactions.rollback(tx);
      throw e;
    } finally {
      if (tx) tx.busy = false;
      if (timer) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * The requests running and recently run (`system:active_requests`, `system:completed_requests`);
   * `cancel(requestId)` aborts one.
   */
  readonly requests = new RequestRegistry();
  /** The index advisor's sessions (ADVISOR's object form, `system:tasks_cache`): advised as the database's own statements are. */
  readonly advisorSessions = new AdvisorSessions((statements) => adviseReport(statements, { named: {}, positional: [] }, this.deps));
  /**
   * The database's users and groups and their roles: what CREATE/ALTER/DROP USER|GROUP, GRANT and
   * REVOKE change and `system:user_info` / `system:group_info` list (docs/security.md). In memory,
   * or `principals.json` in a durable database's directory; the cluster adapter authenticates
   * against it and serves it on its REST users API.
   */
  readonly principals: PrincipalStore;
  /**
   * `system:user_info` rows (`{id, domain, name, roles}`) when a server shows its users its own
   * way (the cluster adapter); absent: the rows of {@link principals}.
   */
  userDirectory: (() => Value[]) | undefined;
  /** A bucket's settings (`{ramQuota: 256, …}`), for EXTRACTDDL's `CREATE BUCKET … WITH {…}`; a server with bucket settings sets it. */
  bucketSettings: ((bucket: string) => Record<string, Value> | undefined) | undefined;
  /**
   * A bucket's number of replicas (default 0). tokenql is one node: a write whose
   * `durabilityLevel` needs a majority of more copies than that fails with DURABILITY_IMPOSSIBLE
   * (12009), as on a one-node Couchbase cluster whose bucket has a replica.
   */
  bucketReplicas: ((bucket: string) => number | undefined) | undefined;
  /**
   * Memory all statements may hold together (`tokenql serve --query-memory-quota`): set `limit`
   * in bytes (0 = none); a statement that would pass it ends with 5500.
   */
  readonly memoryPool = new MemoryPool();

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
   * directory of `.json` files, a cbimport sample zip, a `Readable` such as `process.stdin`
   * holding a JSON array or JSON Lines, or an iterable of values. Documents that
   * cannot be read or keyed are reported in `failures` with their line; the rest are loaded.
   */
  async load(keyspace: string, source: string | Readable | Iterable<Value> | AsyncIterable<Value>, options: LoadOptions = {}): Promise<LoadReport> {
    this.check();
    const ks = await this.store.createKeyspace(keyspace);
    if (ks instanceof PostgresKeyspace) return loadIntoPostgres(ks, source, options);
    const inFlight = 256;
    const report: LoadReport = { loaded: 0, failures: [] };
    // Up to 256 writes in flight (a durable store acknowledges them with shared syncs), their
    // outcomes recorded in input order.
    const window: { source: string; line?: number; done: Promise<unknown> | string }[] = [];
    const settle = async (): Promise<void> => {
      const w = window.shift()!;
      if (typeof w.done === 'string') report.failures.push({ source: w.source, line: w.line, message: w.done });
      else {
        try {
          await w.done;
          report.loaded++;
        } catch (err) {
          const message = err instanceof StoreError ? err.message : String(err);
          report.failures.push({ source: w.source, line: w.line, message });
        }
      }
    };
    for await (const item of readDocuments(source, { key: options.key, onProgress: options.onProgress })) {
      if (!item.ok) {
        window.push({ source: item.source, line: item.line, done: item.message });
      } else {
        // Documents handed in as values are copied: the store freezes what it keeps.
        const value = typeof source === 'string' || source instanceof Readable ? item.value : storedValue(item.value);
        const done = options.mode === 'insert' ? ks.insert(item.key, value) : ks.upsert(item.key, value);
        done.catch(() => {}); // observed in settle()
        window.push({ source: item.source, line: item.line, done });
      }
      while (window.length >= inFlight) await settle();
    }
    while (window.length > 0) await settle();
    return report;
  }

  // ---- Buckets, documents and compaction (used by the cluster admin and gateway adapters) ----

  /** Creates a bucket (a keyspace) if it does not exist. */
  async createBucket(name: string): Promise<void> {
    await this.createKeyspace(name);
  }

  /** Drops a bucket, its documents and its indexes. */
  async dropBucket(name: string): Promise<void> {
    this.check();
    this.deps.indexes.dropKeyspace(name);
    this.persistence?.forget(name);
    await this.store.dropKeyspace(name);
    // A bucket's sequences go with it (not when only one of its collections is dropped).
    if (!name.includes('.')) this.deps.sequences?.dropBucket('default', name);
  }

  /** Statistics of a bucket: item count, tombstones, data and view file sizes and fragmentation (bytes, percent). */
  bucketStats(name: string): BucketStats {
    this.check();
    return bucketStats(this.store, this.deps.indexes, name);
  }

  /** Compacts a bucket (spec compaction-reference §6); cancel through `options.signal`. */
  async compactBucket(name: string, options?: CompactionOptions & { views?: boolean }): Promise<CompactionResult> {
    this.check();
    return compactBucket(this.store, name, options);
  }

  /** Compacts the index files of one design document of a bucket; false if it has no such design document. */
  async compactViews(bucket: string, designDoc: string, options?: CompactionOptions): Promise<CompactionResult | false> {
    this.check();
    return compactViews(this.store, this.deps.indexes, bucket, designDoc, options);
  }

  /** The live document with this key (undefined if none); its value must not be mutated. */
  get(keyspace: string, key: string): StoredDocument | undefined {
    this.check();
    return this.store.keyspace(keyspace)?.get(key);
  }

  /** Writes a document (creating the keyspace if needed); resolves when acknowledged. */
  async upsert(keyspace: string, key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    this.check();
    checkDepth(key, value);
    return (await this.store.createKeyspace(keyspace)).upsert(key, storedValue(value), options);
  }

  /** Adds a new document; rejects with StoreError KEY_EXISTS if the key is live. */
  async insert(keyspace: string, key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    this.check();
    checkDepth(key, value);
    return (await this.store.createKeyspace(keyspace)).insert(key, storedValue(value), options);
  }

  /** Replaces a live document (optionally only if its cas matches). */
  async replace(keyspace: string, key: string, value: Value, options?: WriteOptions): Promise<DocumentMeta> {
    this.check();
    checkDepth(key, value);
    return (await this.store.createKeyspace(keyspace)).replace(key, storedValue(value), options);
  }

  /** Removes a document; false if there was none. */
  async remove(keyspace: string, key: string, options?: WriteOptions): Promise<boolean> {
    this.check();
    const ks = this.store.keyspace(keyspace);
    return ks ? ks.remove(key, options) : false;
  }

  /** Live documents of a keyspace in key order (code point order), e.g. for `_all_docs`. */
  scan(keyspace: string): Iterable<StoredDocument> {
    this.check();
    return this.store.keyspace(keyspace)?.scan() ?? [];
  }

  // ---- JavaScript libraries of user-defined functions (the query service's /evaluator/v1/libraries) ----

  /** Every JavaScript library: `{name, bucket, scope, code}` (bucket and scope empty for a global one). */
  libraries(): Library[] {
    this.check();
    return this.deps.libraries.all();
  }

  /** One library (global unless `bucket` and `scope` are given), or undefined. */
  library(name: string, bucket = '', scope = ''): Library | undefined {
    this.check();
    return this.deps.libraries.get(name, bucket, scope);
  }

  /** Creates or replaces a library; durable on the file store. */
  async putLibrary(name: string, code: string, bucket = '', scope = ''): Promise<void> {
    this.check();
    await this.deps.libraries.put({ name, bucket, scope, code });
  }

  /** Deletes a library; false if there was none. */
  async deleteLibrary(name: string, bucket = '', scope = ''): Promise<boolean> {
    this.check();
    return this.deps.libraries.delete(name, bucket, scope);
  }

  /** Closes the database (the file store syncs its files and releases the directory lock); later calls raise. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.advisorSessions.close();
    this.deps.javascript.dispose();
    await this.store.close();
  }
}
