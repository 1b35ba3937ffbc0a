import { ErrorCode, QueryError } from '../errors/index.js';
import { StoreError } from '../storage/index.js';
import type { Value } from '../values/index.js';

/** What a DML statement produced: RETURNING rows, the number of mutated documents, per-key failures. */
export interface DmlResult {
  results: Value[];
  mutationCount: number;
  failures: QueryError[];
}

/** Turns a store failure on one key into the reference's DML error (12009, e.g. "Duplicate Key k"). */
export function dmlError(op: string, key: string, err: unknown): QueryError {
  if (err instanceof QueryError) return err;
  const cause = err instanceof StoreError && err.reason === 'KEY_EXISTS' ? `Duplicate Key ${key}` : err instanceof Error ? err.message : String(err);
  return new QueryError({
    code: ErrorCode.DML,
    phase: 'execution',
    message: `DML Error, possible causes include concurrent modification. Failed to perform ${op} on key ${key} - cause: ${cause}`,
    cause: err,
  });
}

/**
 * The error a DML statement raises after doing what it could: the first failure, with the
 * number of failures when there are several. Rows that did not fail stay written, as in the
 * reference.
 */
export function raiseFailures(r: DmlResult): void {
  if (r.failures.length === 0) return;
  const first = r.failures[0];
  const more = r.failures.length > 1 ? ` (and ${r.failures.length - 1} more errors)` : '';
  const err = new QueryError({ code: first.code, phase: first.phase, message: first.message + more, cause: first });
  (err as QueryError & { partial?: DmlResult }).partial = r;
  throw err;
}
