import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createSyncFn } from 'synckit';

/** Runs one call of read-worker.ts synchronously. */
type SyncCall = (...call: unknown[]) => unknown;

let call: SyncCall | undefined;

/**
 * The worker file: `read-worker.js` beside this module (tsc's output in dist/src), else
 * `read-worker.ts` (the sources, run through tsx), else `postgres-read-worker.mjs` beside the
 * CLI bundle (scripts/build-cli.mjs builds it there; in the bundle `import.meta.url` is the
 * bundle's own URL).
 */
function workerPath(): { path: string; ts: boolean } {
  for (const [name, ts] of [['./read-worker.js', false], ['./read-worker.ts', true], ['./postgres-read-worker.mjs', false]] as const) {
    const p = fileURLToPath(new URL(name, import.meta.url));
    if (existsSync(p)) return { path: p, ts };
  }
  throw new Error(`tokenql: the PostgreSQL reader worker is missing beside ${fileURLToPath(import.meta.url)}`);
}

/**
 * For the TypeScript worker (dev and tests): a small ES module, written once per process into a
 * temporary directory, that registers tsx's loader in the worker thread and imports the worker.
 * Node 20 ignores `--import tsx` in a worker's execArgv, so synckit's own `tsRunner` cannot start
 * a TypeScript worker there.
 */
function tsBootstrap(worker: string): string {
  const api = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  const file = join(mkdtempSync(join(tmpdir(), 'tokenql-pg-reader-')), 'bootstrap.mjs');
  writeFileSync(file, `const { register } = await import(${JSON.stringify(api)});\nregister();\nawait import(${JSON.stringify(pathToFileURL(worker).href)});\n`);
  return file;
}

function worker(): SyncCall {
  if (!call) {
    const { path, ts } = workerPath();
    call = createSyncFn(ts ? tsBootstrap(path) : path, { timeout: 60_000 }) as SyncCall;
  }
  return call;
}

let nextId = 0;

/**
 * The page after the one a call reads, in a keyset-paginated read: statement `text` with
 * `params`, whose parameter `keyParam` (0-based) the worker sets to column `keyColumn` of the
 * page's last row. It is read only when the page had `full` rows.
 */
export interface NextPage {
  text: string;
  params: unknown[];
  keyColumn: number;
  keyParam: number;
  full: number;
}

/**
 * A synchronous connection to PostgreSQL, for the store's reads (KeyspaceStore reads are
 * synchronous: expressions and subqueries evaluate synchronously). Each call blocks the event
 * loop until a synckit worker thread, which holds the connection, answers; callers keep every
 * statement bounded (keyset-paginated chunks, batched keys) so that a call takes milliseconds.
 * One worker thread serves every store of the process; each store has its own connection in it.
 */
export class SyncReader {
  private readonly id = `r${process.pid}-${++nextId}`;
  private open = false;

  constructor(private readonly url: string) {}

  /** Connects (synchronously). @throws the connection error */
  connect(): void {
    worker()('open', this.id, this.url);
    this.open = true;
  }

  /**
   * Runs one statement and returns its rows as arrays (int8 as decimal strings). Given `next`
   * (a keyset-paginated read), the worker then starts reading the following page, which runs in
   * PostgreSQL and the worker while the caller works on this one; the caller's next call with
   * that statement and those parameters takes it. Any other statement comes after it.
   */
  query(text: string, params: unknown[] = [], next?: NextPage): unknown[][] {
    if (!this.open) throw new Error('tokenql: the PostgreSQL store is closed');
    return worker()('query', this.id, text, params, next) as unknown[][];
  }

  /** Closes the connection (the worker thread stays, unreferenced, for other stores). */
  close(): void {
    if (!this.open) return;
    this.open = false;
    worker()('close', this.id);
  }
}
