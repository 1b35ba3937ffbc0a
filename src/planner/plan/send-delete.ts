import type { Expr } from '../../ast/index.js';

/** Removes each row's document, with the cas read. `limit`: DELETE … LIMIT. Source: couchbase/query `plan/delete.go`. */
export interface SendDelete {
  '#operator': 'SendDelete';
  alias: string;
  keyspace: string;
  limit?: Expr;
  namespace: string;
}
