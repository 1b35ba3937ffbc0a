import { ErrorCode, QueryError } from '../errors/index.js';
import { nextTurn, SLICE_MS } from '../event-loop-turns.js';
import type { Env, ExecContext } from '../eval/index.js';
import type { Store, StoredDocument } from '../storage/index.js';
import type { ResumableIndex } from './index-walk.js';
import type { Value } from '../values/index.js';

/** One row flowing between operators: its variable environment and, after projection, its output value. */
export interface Row {
  env: Env;
  out?: Value;
  /** A scan's document key, and the document when the scan read it (Fetch binds it). */
  key?: string;
  doc?: import('../storage/index.js').StoredDocument;
  /** A system keyspace's row value (its Fetch binds it). */
  item?: Value;
  /** A group being built (InitialGroup → IntermediateGroup → FinalGroup). */
  group?: { keys: Value[]; accs: import('./aggregates.js').Accumulator[]; groupAs?: Value[] };
  /** INSERT: the key, value and options of the document to write. */
  /** `options` is absent when the statement gives none (present but MISSING when its expression is). */
  pair?: { key: Value; value: Value; options?: Value };
  /** UPDATE: the copy of the document Set and Unset change (what SendUpdate writes). */
  clone?: Value;
  /** UPDATE: the copy of the document's extended attributes, once a SET/UNSET of `META().xattrs.…` changed it. */
  xattrs?: import('../values/index.js').ObjectValue;
  /** UPDATE: the expiration `SET META().expiration` gave (what SendUpdate writes). */
  expiration?: number;
}

/**
 * A row a full scan (PrimaryScan3) made for one document in this run: owned by the one pipeline
 * it flows down (Fetch binds into it), it has a slot for the output value from the start, so
 * InitialProject fills it in place rather than making a second row per document.
 */
export class ScanRow implements Row {
  out: Value = undefined;
  constructor(
    public env: Env,
    public key: string,
    public doc: StoredDocument | undefined,
  ) {}
}

/** Operators pass rows in batches: fewer generator steps per document. */
export type RowStream = Iterable<Row[]>;

/** Rows per batch produced by scans. */
export const BATCH_SIZE = 256;

/** Information the `system:` keyspaces show. */
export interface SystemInfo {
  /** The store's keyspaces, their document count and (`system:keyspaces_info`) their size in bytes. */
  keyspaces(): { name: string; count: number; size?(): number }[];
  indexes(): Value[];
  /** Rows of `system:active_requests` (none when absent). */
  activeRequests?(): Value[];
  /** Rows of `system:completed_requests` (none when absent). */
  completedRequests?(): Value[];
  /** Rows of `system:transactions` (none when absent). */
  transactions?(): Value[];
  /** Rows of `system:prepareds` (the prepared-statement cache). */
  prepareds?(): Value[];
  /** Rows of `system:my_user_info`: the users the request is authenticated as. */
  myUserInfo?(): Value[];
  /** Rows of `system:user_info` (and, from their roles, `system:applicable_roles`): every user. */
  userInfo?(): Value[];
  /** Rows of `system:group_info`: every group of users. */
  groupInfo?(): Value[];
  /** Rows of `system:nodes`. */
  nodes?(): Value[];
  /** Rows of `system:dictionary`: the statistics UPDATE STATISTICS recorded. */
  dictionary?(): Value[];
  /** Rows of `system:tasks_cache`: the index advisor's sessions. */
  tasksCache?(): Value[];
}

/**
 * Everything a running statement can reach: parameters and warnings (ExecContext, seen by
 * compiled expressions), the store, and the system catalogue.
 */
export interface RunContext extends ExecContext {
  store: Store;
  system: SystemInfo;
  /** Progress of an index build (CREATE/BUILD INDEX). */
  onProgress?: (p: { index: string; keyspace: string; done: number; total: number }) => void;
  /**
   * The data of an online index (what a scan reads of it: a transaction's view merges its own
   * writes in), or undefined. `withDocuments()`, where present: the same index for a scan whose
   * documents are read next (the PostgreSQL store reads them with the entries, one statement).
   */
  indexTree(keyspace: string, index: string): (ResumableIndex & { withDocuments?(): ResumableIndex }) | undefined;
  /**
   * The occurrences of a document's entries in a secondary index (an ALL array key's duplicate
   * elements each kept: what a GSI ALL index holds), for a covering scan that makes one row per
   * occurrence (an UNNEST answered from the index). Undefined: not a secondary index.
   */
  indexOccurrences?(keyspace: string, index: string): ((doc: StoredDocument) => Value[][]) | undefined;
  /** Cancels the request (checked at every pause, error 1080). */
  signal?: AbortSignal;
  /**
   * The statement's memory account, when it has a quota: `add(bytes)` raises 5500 past it. The
   * driver adds each result row's JSON size; Order adds the rows it buffers.
   */
  memory?: { add(bytes: number): void };
  /** When the driver last let the event loop run (performance.now() ms); set by the driver. */
  clock?: { since: number };
  /** Per-operator counts of `profile: "phases"` (inDocs/outDocs by operator name), when profiling. */
  profile?: Map<string, { inDocs: number; outDocs: number; time: number; operators?: number }>;
  /** Per-operator rows and exclusive times of `profile: "timings"` (executionTimings), when asked. */
  timings?: import('./operator-timings.js').OperatorTimings;
  /** Counts the documents and index entries the scans read (QueryOptions.progress). */
  progress?: { scanned: number };
  /** DML: documents written so far, and the keys that failed (the statement raises after the others are written). */
  dml?: { mutationCount: number; failures: QueryError[] };
  /** The database's sequences (CREATE/ALTER/DROP SEQUENCE, NEXT/PREV VALUE, system:sequences). */
  sequenceRegistry?: import('../storage/index.js').Sequences;
  /**
   * The request's `preserve_expiry`: a write that sets no expiration keeps the document's
   * (UPDATE, UPSERT of an existing key, MERGE's update) instead of clearing it.
   */
  preserveExpiry?: boolean;
  /**
   * Why the request's `durability_level` cannot be met for writes to a keyspace (its bucket has
   * more replicas than tokenql's one node can hold, executor/durability.ts), or undefined.
   */
  durabilityImpossible?: (keyspace: string) => string | undefined;
  /** The transaction statements' access to the request's transaction (src/transactions/); absent: not supported. */
  transactions?: TransactionControl;
  /** User-defined functions: the request's runtime, and CREATE / DROP FUNCTION (executor/udf/). */
  udf?: import('./udf/function-services.js').FunctionServices;
  /** Runs index DDL (CREATE/DROP/BUILD INDEX) and returns its rows. */
  ddl?: (statement: import('../ast/index.js').Statement) => Promise<Value[]>;
}

/**
 * What the transaction operators ask of the request (src/transactions/control.ts): each raises
 * the reference's 17xxx error when the statement is not allowed where it runs (COMMIT outside a
 * transaction, BEGIN inside one …).
 */
export interface TransactionControl {
  /** BEGIN / START: starts a transaction; its row is `{"txid": …}`. */
  start(): Value;
  commit(): Promise<void>;
  /** ROLLBACK, or ROLLBACK TO SAVEPOINT `savepoint`. */
  rollback(savepoint?: string): Promise<void>;
  savepoint(name: string): void;
  /** SET TRANSACTION ISOLATION LEVEL READ COMMITTED. */
  isolation(): void;
}

/** Narrows the ExecContext a compiled expression receives to the RunContext it really is. */
export function asRun(ctx: ExecContext): RunContext {
  return ctx as RunContext;
}

/** Re-batches a stream of single rows. */
export function* batched(rows: Iterable<Row>, size = BATCH_SIZE): RowStream {
  let batch: Row[] = [];
  for (const r of rows) {
    batch.push(r);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/**
 * The rows of `input` for which `keep` is true, batch by batch; empty batches (pauses) are
 * passed through at once, as every operator must (see {@link PauseBatch}). `keep` may keep
 * state (Distinct's seen set, INTERSECT's counts): it sees the rows in order.
 */
export function* rowsWhere(input: RowStream, keep: (row: Row) => boolean): RowStream {
  for (const batch of input) {
    if (batch.length === 0) {
      yield batch;
      continue;
    }
    const out: Row[] = [];
    for (let i = 0; i < batch.length; i++) if (keep(batch[i]!)) out.push(batch[i]!);
    if (out.length) yield out;
  }
}

/**
 * A batch with no rows, passed up through every operator to the driver: "let the event loop
 * run" (an operator has worked ~{@link SLICE_MS} ms since the driver last yielded), or, with
 * `wait`, "wait for this promise" (a write to the store). Every operator forwards an empty batch
 * from its input at once, so that a blocking operator (Order, FinalGroup …) still lets the loop
 * run while it reads its input.
 */
export interface PauseBatch extends Array<Row> {
  wait?: Promise<unknown>;
}

/** Milliseconds of work after which an operator hands a pause up to the driver (event-loop-turns.ts). */
export { SLICE_MS };

/** The pause batch (empty, frozen: nothing may add rows to it). */
export const PAUSE: PauseBatch = Object.freeze([]) as unknown as PauseBatch;

/** True if the request has worked for a slice since the driver last let the event loop run. */
export function due(rc: RunContext): boolean {
  return rc.clock !== undefined && performance.now() - rc.clock.since >= SLICE_MS;
}

/** A pause batch that asks the driver to wait for `p` before pulling again. */
export function waitFor(p: Promise<unknown>): PauseBatch {
  const b: PauseBatch = [];
  b.wait = p;
  return b;
}

/**
 * The error of a request whose signal was aborted (code 1080, see ErrorCode.REQUEST_STOPPED).
 * `AbortSignal.timeout(ms)` gives the reference's timeout message.
 */
export function stoppedError(signal: AbortSignal): QueryError {
  // A caller's own error (the query service's timeout 1080 "Timeout 200ms exceeded", a
  // cancellation from system:active_requests) is raised as it is.
  if (signal.reason instanceof QueryError) return signal.reason;
  const reason = signal.reason as { name?: string } | undefined;
  const timeout = reason?.name === 'TimeoutError';
  return new QueryError({ code: ErrorCode.REQUEST_STOPPED, phase: 'execution', message: timeout ? 'Timeout exceeded' : 'Request cancelled', cause: signal.reason });
}

/** Raises the request's stop error if its signal was aborted. */
export function checkAbort(rc: RunContext): void {
  if (rc.signal?.aborted) throw stoppedError(rc.signal);
}

/**
 * Runs a stream to its end synchronously (a subquery in an expression, evaluated for a row):
 * pauses cannot let the event loop run here, but the signal is checked at each one, so a long
 * subquery still stops when the request is cancelled. A write (a pause with `wait`) cannot run
 * in an expression.
 */
export function drainSync(s: RowStream, rc: RunContext, onRow: (r: Row) => void): void {
  syncDrains++;
  try {
    for (const batch of s) {
      if (batch.length === 0) {
        if ((batch as PauseBatch).wait) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: 'A statement that writes cannot run inside an expression' });
        checkAbort(rc);
        continue;
      }
      for (let i = 0; i < batch.length; i++) onRow(batch[i]!);
    }
  } finally {
    syncDrains--;
  }
}

/** Streams being drained synchronously ({@link drainSync}) right now, nested. */
let syncDrains = 0;

/**
 * True while a stream is drained synchronously (a subquery in an expression): an operator must
 * not hand up a pause with `wait` then. An optional wait (a read started ahead, which the
 * operator can do without) is asked for only when this is false. One thread runs JavaScript and
 * a synchronous drain lets nothing else run, so a process-wide count is exact.
 */
export function inSyncDrain(): boolean {
  return syncDrains > 0;
}

/**
 * Runs a stream to its end on the event loop (the request's driver): at each pause it lets the
 * loop run (setImmediate) or waits for the pause's promise, and checks the request's signal.
 */
export async function drainAsync(s: RowStream, rc: RunContext, onRow: (r: Row) => void): Promise<void> {
  checkAbort(rc);
  const clock = (rc.clock ??= { since: performance.now() });
  const it = s[Symbol.iterator]();
  try {
    for (;;) {
      const step = it.next();
      if (step.done) break;
      const batch = step.value;
      if (batch.length === 0) {
        const wait = (batch as PauseBatch).wait;
        if (wait) await wait;
        else if (due(rc)) await nextTurn();
        checkAbort(rc);
        clock.since = performance.now();
        continue;
      }
      for (let i = 0; i < batch.length; i++) onRow(batch[i]!);
    }
  } finally {
    it.return?.();
  }
}
