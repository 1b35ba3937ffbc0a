import type { Expr } from '../../ast/index.js';

/** Replaces each row's document by its updated copy, with the cas read (a concurrent change fails that key, 12009). `limit`: UPDATE … LIMIT. Source: couchbase/query `plan/update.go`. */
export interface SendUpdate {
  '#operator': 'SendUpdate';
  alias: string;
  keyspace: string;
  limit?: Expr;
  namespace: string;
}
