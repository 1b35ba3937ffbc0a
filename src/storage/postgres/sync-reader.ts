import { createSyncFn } from 'synckit';
import { workerModule } from '../../worker-file.js';

/** Runs one call of read-worker.ts synchronously. */
type SyncCall = (...call: unknown[]) => unknown;

let call: SyncCall | undefined;

function worker(): SyncCall {
  if (!call) {
    // read-worker.js beside this module (dist/src), read-worker.ts (the sources), or
    // postgres-read-worker.mjs beside the CLI bundle (whose `import.meta.url` is the bundle's).
    const file = workerModule(import.meta.url, [['./read-worker.js', false], ['./read-worker.ts', true], ['./postgres-read-worker.mjs', false]], 'the PostgreSQL reader worker');
    call = createSyncFn(file, { timeout: 60_000 }) as SyncCall;
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
