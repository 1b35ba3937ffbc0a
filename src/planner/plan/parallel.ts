import type { Operator } from './operator.js';

/**
 * Marks the operators under it as working on each row independently (couchbase/query
 * `plan/parallel.go`): the reference runs copies of `~child` on several workers. tokenql runs
 * one copy (one worker per request on one event loop), so the executor runs `~child` as is; the
 * node is kept because it tells which operators need no order between rows, and EXPLAIN shows
 * the reference's shape. `maxParallelism` 1 is printed where the reference prints it (DummyScan).
 */
export interface Parallel {
  '#operator': 'Parallel';
  maxParallelism?: number;
  '~child': Operator;
}

export function parallel(child: Operator, maxParallelism?: number): Parallel {
  return { '#operator': 'Parallel', ...(maxParallelism !== undefined ? { maxParallelism } : {}), '~child': child };
}
