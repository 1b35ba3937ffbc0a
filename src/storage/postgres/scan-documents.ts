import type { DocRow } from './rows.js';

/** Rows kept at most (a page is at most 256 rows; each page replaces the last one's). */
const MAX_ROWS = 2048;

/**
 * The documents an index scan read with its entries (docs/postgres.md "Index entries", Scans):
 * a scan followed by a Fetch reads each page's entries joined with their documents' rows in one
 * statement, and the scan's liveness check and the Fetch (`get`, `peek`, `peekMany` of the
 * keyspace) take them from here instead of sending one statement per key. A row is taken once;
 * `null` records a document that had no live row when the page was read. What is held is
 * dropped when the event loop next turns (`setImmediate`: the statement that read it is still
 * running synchronously, so it sees no other statement's work in between), and whenever this
 * node has committed a write to the keyspace since it was read (the keyspace's write count).
 * Another node's write between the scan's page and the Fetch is not seen, as if the Fetch had
 * run at the scan's snapshot.
 */
export class ScanDocuments {
  private readonly rows = new Map<string, DocRow | null>();
  private writes = -1;
  private clearing = false;

  /** Drops what is kept (a new page's rows replace the last page's, whose visits are done). */
  clear(): void {
    this.rows.clear();
  }

  /** Keeps a page's documents (`null`: no live row), read when the keyspace's write count was `writes`. */
  put(key: string, row: DocRow | null, writes: number): void {
    if (writes !== this.writes || this.rows.size >= MAX_ROWS) this.rows.clear();
    this.writes = writes;
    this.rows.set(key, row);
    if (!this.clearing) {
      this.clearing = true;
      setImmediate(() => {
        this.rows.clear();
        this.clearing = false;
      });
    }
  }

  /** The row kept for `key` (taken: a second call reads PostgreSQL), `null` if it had none, undefined if not kept. */
  take(key: string, writes: number): DocRow | null | undefined {
    if (this.rows.size === 0) return undefined;
    if (writes !== this.writes) {
      this.rows.clear();
      return undefined;
    }
    const r = this.rows.get(key);
    if (r !== undefined) this.rows.delete(key);
    return r;
  }
}
