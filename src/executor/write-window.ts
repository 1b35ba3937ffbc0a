import { waitFor, type Row, type RowStream } from './runtime.js';

/**
 * Writes of one DML operator (SendInsert, SendUpsert, SendUpdate, SendDelete) kept in flight
 * together, up to {@link WRITE_WINDOW}, and finished in the order they were issued: their
 * failures are recorded and their rows (for RETURNING) emitted in input order, as when each
 * write was awaited before the next. A store that commits writes in groups (the PostgreSQL
 * store's group commit, the file store's batched sync) can then put many of one statement's
 * writes in one transaction instead of one transaction per document.
 *
 * A write of a key that an unfinished write of the same statement also writes waits for the
 * window to drain first, so writes of one key still run one after the other (a second INSERT
 * of a key sees the first; preserve_expiry reads the replaced document after its write).
 * Source of the per-document semantics: couchbase/query `execution/insert_send.go`,
 * `update_send.go`, `delete_send.go` (each document is an independent mutation).
 */
export const WRITE_WINDOW = 512;

/** One write (or a failure found before writing): settled into the row to emit or a report. */
interface Slot {
  key: string | undefined;
  done: Promise<void>;
  /** The row to emit (RETURNING), set when the write succeeded and gave one. */
  row?: Row;
  /** Records the failure (in issue order), set when the write failed. */
  report?: () => void;
}

const SETTLED = Promise.resolve();

export class WriteWindow {
  private readonly slots: Slot[] = [];
  private readonly keys = new Map<string, number>();

  /** True if an unfinished write of this window writes `key`. */
  has(key: string): boolean {
    return this.keys.has(key);
  }

  /**
   * Adds a started write of `key`: `then` turns its result into the row to emit (or undefined),
   * `failed` records its error; both run when the write is finished, in issue order. Yields the
   * finished writes' rows (and pauses) while the window is full.
   */
  *add<T>(key: string, write: Promise<T>, then: (result: T) => Row | undefined, failed: (error: unknown) => void): RowStream {
    const slot: Slot = { key, done: SETTLED };
    slot.done = write.then(
      (r) => void (slot.row = then(r)),
      (e) => void (slot.report = () => failed(e)),
    );
    this.slots.push(slot);
    this.keys.set(key, (this.keys.get(key) ?? 0) + 1);
    while (this.slots.length >= WRITE_WINDOW) yield* this.finishOne();
  }

  /** Records a failure found before writing (a bad key, a MISSING value) in its place in the order. */
  fail(report: () => void): void {
    if (this.slots.length === 0) report();
    else this.slots.push({ key: undefined, done: SETTLED, report });
  }

  /** Finishes every write (in issue order), yielding their rows. */
  *drain(): RowStream {
    while (this.slots.length > 0) yield* this.finishOne();
  }

  private *finishOne(): RowStream {
    const slot = this.slots[0]!;
    if (slot.done !== SETTLED) yield waitFor(slot.done);
    this.slots.shift();
    if (slot.key !== undefined) {
      const n = this.keys.get(slot.key)! - 1;
      if (n === 0) this.keys.delete(slot.key);
      else this.keys.set(slot.key, n);
    }
    if (slot.report) slot.report();
    else if (slot.row) yield [slot.row];
  }
}
