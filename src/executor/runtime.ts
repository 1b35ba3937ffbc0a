import type { Env, ExecContext } from '../eval/index.js';
import type { IndexTree, Store } from '../storage/index.js';
import type { Value } from '../values/index.js';

/** One row flowing between operators: its variable environment and, after projection, its output value. */
export interface Row {
  env: Env;
  out?: Value;
}

/** Operators pass rows in batches: fewer generator steps per document. */
export type RowStream = Iterable<Row[]>;

/** Rows per batch produced by scans. */
export const BATCH_SIZE = 256;

/** Information the `system:` keyspaces show. */
export interface SystemInfo {
  keyspaces(): { name: string; count: number }[];
  indexes(): Value[];
  /** Rows of `system:active_requests` (none when absent). */
  activeRequests?(): Value[];
  /** Rows of `system:completed_requests` (none when absent). */
  completedRequests?(): Value[];
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
  /** Aborts the statement (timeout, cancel, client gone): operators check it between batches. */
  signal?: AbortSignal;
  /** The data of an online index, or undefined. */
  indexTree(keyspace: string, index: string): IndexTree | undefined;
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
