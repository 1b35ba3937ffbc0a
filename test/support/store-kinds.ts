/**
 * The stores the statement-level suites run on (issue 25: the same statements and the same
 * expected results on every store). A suite wraps its tests in `describeStores`
 * (describe-stores.ts) and opens its databases with {@link openTestDatabase} (or
 * {@link testStore} when it closes and reopens one), so that each test runs once per store kind
 * and its title names the store.
 *
 * Kinds: `memory` (the in-memory store), `file` (the durable file store, in a fresh directory
 * under /dev/shm, a tmpfs, when there is one: see {@link FILE_OPTIONS}) and `postgres` (the
 * PostgreSQL store: a database of its own per test database, on one private cluster per test
 * file started by test/support/postgres.ts). `TOKENQL_TEST_STORES=memory,file,postgres` picks
 * the kinds; unset, every available kind runs (postgres when PostgreSQL
 * is installed). A kind named there that cannot run here is an error, so a CI job cannot pass
 * without it silently.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Database, type OpenOptions } from '../../src/index.js';
import { migrate } from '../../src/storage/postgres/schema.js';
import { startTestPostgres } from './postgres.js';

export const STORE_KINDS = ['memory', 'file', 'postgres'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/** The kinds whose data outlives a close (reopen, tombstones, compaction): not `memory`. */
export const DURABLE_KINDS: readonly StoreKind[] = ['file', 'postgres'];

/** One place a test database lives: opened (and reopened after a close) with {@link TestStore.open}. */
export interface TestStore {
  kind: StoreKind;
  /** Where it lives: `path` of a file store, `store` (a URL) of a PostgreSQL one; nothing in memory. */
  location: OpenOptions;
  /** Opens the database; after a close, the same one again (for restart checks). */
  open(options?: OpenOptions): Promise<Database>;
  /** Removes its storage (temporary directory, PostgreSQL database). Call after closing. */
  dispose(): Promise<void>;
}

/**
 * The file store's test options. `durability: 'batch'` acknowledges a write once it is written
 * (synced every 100 ms) instead of after its fsync: the same records, files and recovery code,
 * without a sync per statement. On tmpfs an fsync costs little anyway; with it on a disk the
 * suites would measure the disk, not the store. Durability itself is tested in
 * test/storage/file/ (crash, durability, tx-crash) with the default `fsync`.
 */
export const FILE_OPTIONS: OpenOptions = { durability: 'batch' };


/** File store directories not yet removed: removed at process exit too (a test that timed out). */
const liveDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of liveDirs) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory for a file store: on tmpfs (/dev/shm) when present, else the system temp dir. */
function freshDir(): { dir: string; remove(): void } {
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dir = mkdtempSync(path.join(base, 'tokenql-test-'));
  liveDirs.add(dir);
  return {
    dir,
    remove() {
      rmSync(dir, { recursive: true, force: true });
      liveDirs.delete(dir);
    },
  };
}

/**
 * The PostgreSQL cluster of this test file (one per worker process), started on first use, with
 * `tokenql_template`: a database that tokenql's own migrations (src/storage/postgres/schema.ts)
 * have brought to the current schema version, and nothing else. Each test database is a copy of
 * it (`CREATE DATABASE … TEMPLATE tokenql_template`): the state that opening a fresh, empty
 * database leaves (the migrations applied, no keyspace, sequences unused), made once per file
 * instead of once per database (the migrations take ~100 ms a database).
 */
interface PgFixture {
  /** The cluster's admin database (`postgres`). */
  url: string;
  /** Runs a statement on the admin connection, after those queued before it (CREATE / DROP DATABASE). */
  admin(statement: string): Promise<unknown>;
  /**
   * The name of a new copy of `tokenql_template`. One copy is kept made ahead, in the
   * background: the next test's database is made while this one runs.
   */
  fresh(): Promise<string>;
  /** Drops a database, in the background (awaited by `stop`). */
  drop(name: string): void;
  stop(): Promise<void>;
}
const TEMPLATE = 'tokenql_template';
let cluster: Promise<PgFixture> | undefined;
let databases = 0;

async function postgresCluster(): Promise<PgFixture> {
  cluster ??= (async () => {
    const started = await startTestPostgres();
    if (!started) throw new Error('the postgres store kind needs PostgreSQL (initdb, pg_ctl): TOKENQL_TEST_STORES names it but it is not installed');
    const { default: pg } = await import('pg');
    const url = started.cluster.url();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${TEMPLATE}`);
    const pool = new pg.Pool({ connectionString: started.cluster.url(TEMPLATE), max: 1 });
    try {
      await migrate(pool);
    } finally {
      await pool.end();
    }
    /** Background work (the spare copy, drops): settled before the cluster stops. */
    const background = new Set<Promise<unknown>>();
    /** The admin statements, one after another on the one connection. */
    let queue: Promise<unknown> = Promise.resolve();
    const admin1 = (statement: string): Promise<unknown> => {
      const run = queue.then(() => admin.query(statement));
      queue = run.catch(() => {});
      return run;
    };
    const track = <T>(p: Promise<T>): Promise<T> => {
      background.add(p);
      p.then(() => background.delete(p), () => background.delete(p));
      return p;
    };
    const copy = (): Promise<string> => {
      const name = `tokenql_test_${process.pid}_${++databases}`;
      return track(admin1(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`).then(() => name));
    };
    let spare: Promise<string> | undefined;
    return {
      url,
      admin: admin1,
      fresh() {
        const next = spare ?? copy();
        spare = copy();
        spare.catch(() => {}); // its error, if any, reaches the test that takes it
        return next;
      },
      drop(name) {
        track(admin1(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).catch((e: unknown) => console.warn(`tokenql tests: DROP DATABASE ${name}: ${String(e)}`));
      },
      async stop() {
        await Promise.allSettled([...background]);
        await admin.end().catch(() => {});
        await started.stop();
      },
    };
  })();
  return cluster;
}

/** Whether PostgreSQL's initdb is on PATH or in Debian's /usr/lib/postgresql/<version>/bin. */
function postgresInstalled(): boolean {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) for (const v of readdirSync(root)) dirs.push(path.join(root, v, 'bin'));
  return dirs.some((d) => existsSync(path.join(d, 'initdb')));
}

interface KindDef {
  /** Whether the kind can run on this machine (the default list holds only those). */
  available(): boolean;
  /**
   * A fresh storage location: empty, or, with `from`, an exact copy of the closed location whose
   * `id` that is (see {@link openPopulatedTestDatabase}); the options that open it, its removal,
   * and its `id` (a database name, a directory).
   */
  create(from?: string): Promise<{ options: OpenOptions; remove(): Promise<void>; id: string }>;
  /** Whether `create(from)` can copy a location (not in memory: nothing outlives a close). */
  copies: boolean;
  /** Frees what the kind's databases of one test file share (run after the file's suites). */
  shutdown?(): Promise<void>;
}

/** The kinds, in run order. Adding a store is one entry here. */
const KINDS: Record<StoreKind, KindDef> = {
  memory: {
    available: () => true,
    copies: false,
    create: async () => ({ options: {}, remove: async () => {}, id: '' }),
  },
  file: {
    available: () => true,
    copies: true,
    async create(from) {
      const { dir, remove } = freshDir();
      // The store's files as the closed store left them (its lock is released at close).
      if (from !== undefined) cpSync(from, dir, { recursive: true });
      return { options: { ...FILE_OPTIONS, path: dir }, remove: async () => remove(), id: dir };
    },
  },
  postgres: {
    // PostgreSQL is installed (in CI, where .ci/run installs it, the fixture's own error says
    // so when it is not).
    available: () => postgresInstalled() || !!process.env.CI,
    copies: true,
    async create(from) {
      const fixture = await postgresCluster();
      let name: string;
      if (from === undefined) name = await fixture.fresh();
      else {
        name = `tokenql_test_${process.pid}_${++databases}`;
        await fixture.admin(`CREATE DATABASE ${name} TEMPLATE ${from}`);
      }
      const own = new URL(fixture.url);
      own.pathname = `/${name}`;
      // `store` is the PostgreSQL store's option (Database.open({ store: 'postgres://…' })). Its
      // removal is a DROP DATABASE in the background (no connection to it is left: it is closed).
      return { options: { store: own.href } as OpenOptions, remove: async () => fixture.drop(name), id: name };
    },
    async shutdown() {
      const c = cluster;
      cluster = undefined;
      if (c) await (await c).stop();
    },
  },
};

/**
 * The kinds to run: `TOKENQL_TEST_STORES` (comma-separated), or every available kind.
 * @throws Error for an unknown kind, or one named there that cannot run here
 */
export function testStoreKinds(): StoreKind[] {
  const env = process.env.TOKENQL_TEST_STORES?.trim();
  if (!env) return STORE_KINDS.filter((k) => KINDS[k].available());
  const named = env.split(',').map((s) => s.trim()).filter(Boolean);
  for (const k of named) {
    if (!(STORE_KINDS as readonly string[]).includes(k)) throw new Error(`TOKENQL_TEST_STORES: unknown store kind "${k}" (known: ${STORE_KINDS.join(', ')})`);
    if (!KINDS[k as StoreKind].available()) throw new Error(`TOKENQL_TEST_STORES names "${k}", which cannot run here`);
  }
  return STORE_KINDS.filter((k) => named.includes(k));
}

/** A fresh, empty storage location of `kind` (see {@link TestStore}). */
export async function testStore(kind: StoreKind): Promise<TestStore> {
  return storeAt(kind, await KINDS[kind].create());
}

/** The {@link TestStore} of a location that `KINDS[kind].create` made. */
function storeAt(kind: StoreKind, { options: base, remove }: { options: OpenOptions; remove(): Promise<void> }): TestStore {
  /** The close() of each database opened here (closing twice is harmless). */
  const closes: (() => Promise<void>)[] = [];
  let disposed = false;
  return {
    kind,
    location: base,
    async open(options = {}) {
      const db = await Database.open({ ...base, ...options });
      closes.push(db.close.bind(db));
      return db;
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      for (const close of closes.splice(0)) await close();
      await remove();
    },
  };
}

/** The test store and open options of each database of {@link openTestDatabase}. */
const opened = new WeakMap<Database, { store: TestStore; options: OpenOptions; close(): Promise<void> }>();

/** Opens `store` and makes the database's `close()` dispose of the store. */
async function openOwned(store: TestStore, options: OpenOptions): Promise<Database> {
  const db = await store.open(options);
  opened.set(db, { store, options, close: db.close.bind(db) });
  db.close = () => store.dispose();
  return db;
}

/**
 * Opens a fresh, empty database of `kind` (`options`: clock, javascript limits …; the kind
 * supplies `path` or `store`). Its `close()` also removes its storage.
 */
export async function openTestDatabase(kind: StoreKind, options: OpenOptions = {}): Promise<Database> {
  const store = await testStore(kind);
  try {
    return await openOwned(store, options);
  } catch (e) {
    await store.dispose();
    throw e;
  }
}

/**
 * The populated locations of {@link openPopulatedTestDatabase} in this process, by kind and
 * content key: the `id` of a closed location to copy, and its removal.
 */
const populated = new Map<StoreKind, Map<string, Promise<{ id: string; remove(): Promise<void>; value: unknown }>>>();

/**
 * Opens a fresh database of `kind` holding what `populate` wrote into a fresh, empty one, as the
 * store recovers it after a restart (on a durable kind), or as written (memory) — what
 * `openTestDatabase`, `populate(db)`, `reopenTestDatabase` give, without repeating the writes
 * (`populate` may restart its database too: `restart()` closes it and gives it reopened, or in
 * memory gives it back as it is, as {@link reopenTestDatabase} does):
 * on a durable kind the first call for a `content` key runs `populate` on a location of its own
 * and closes it, and every call (that one too) opens an exact copy of that closed location (on
 * PostgreSQL a database made with `CREATE DATABASE … TEMPLATE` it, on the file store a copy of its
 * directory), so each database is still fresh: what one test writes no other sees. `content`
 * must name everything `populate` writes (the same key, the same documents). In memory, where
 * nothing outlives a close, `populate` runs each time. Returns the database (its `close()`
 * removes its storage) and what `populate` returned (the first time, for a copy).
 */
export async function openPopulatedTestDatabase<T>(
  kind: StoreKind,
  content: string,
  populate: (db: Database, restart: () => Promise<Database>) => Promise<T>,
  options: OpenOptions = {},
): Promise<{ db: Database; value: T }> {
  const def = KINDS[kind];
  if (!def.copies) {
    const db = await openTestDatabase(kind, options);
    try {
      return { db, value: await populate(db, async () => db) };
    } catch (e) {
      await db.close();
      throw e;
    }
  }
  let byContent = populated.get(kind);
  if (!byContent) populated.set(kind, (byContent = new Map()));
  let made = byContent.get(content);
  if (!made) {
    made = (async () => {
      const location = await def.create();
      let db = await Database.open({ ...location.options, ...options });
      const restart = async (): Promise<Database> => {
        await db.close();
        return (db = await Database.open({ ...location.options, ...options }));
      };
      let value: T;
      try {
        value = await populate(db, restart);
      } finally {
        await db.close();
      }
      return { ...location, value };
    })();
    byContent.set(content, made);
    made.catch(() => byContent!.delete(content)); // a failed populate is not kept (the caller sees its error)
  }
  const { id, value } = await made;
  const store = storeAt(kind, await def.create(id));
  try {
    return { db: await openOwned(store, options), value: value as T };
  } catch (e) {
    await store.dispose();
    throw e;
  }
}

/**
 * Restarts a database of {@link openTestDatabase} on a durable kind: closes it and opens its
 * storage again, so that what follows reads what the store recovered (documents parsed from
 * the file store's records, index definitions rebuilt; on PostgreSQL, a new connection), not
 * what the writes left in memory. Returns the new database (the old one is closed); on the
 * memory store, the same database. State outside the store (prepared statements, open
 * transactions, settings made on the object) does not survive, as on a real restart.
 */
export async function reopenTestDatabase(db: Database): Promise<Database> {
  const entry = opened.get(db);
  if (!entry || !DURABLE_KINDS.includes(entry.store.kind)) return db;
  await entry.close();
  return openOwned(entry.store, entry.options);
}

/** A label for titles: `memory store`, `file store`, `postgres store`. */
export const storeLabel = (kind: StoreKind): string => `${kind} store`;

/** Frees what the databases of `kind` in this process share (the PostgreSQL cluster); run after a file's suites. */
export async function releaseStoreKind(kind: StoreKind): Promise<void> {
  const made = populated.get(kind);
  populated.delete(kind);
  for (const location of made?.values() ?? []) await location.then((l) => l.remove(), () => {});
  await KINDS[kind].shutdown?.();
}
