import type { Expr } from '../../ast/index.js';

/**
 * Lookup JOIN (`… JOIN ks ON KEYS expr`): fetches the inner documents whose keys `on_keys`
 * evaluates to for each outer row; `outer` is LEFT JOIN. `_validate`: ON KEYS VALIDATE (warning
 * 5503 for keys naming no document). Source: couchbase/query `plan/join.go`.
 */
export interface Join {
  '#operator': 'Join';
  as?: string;
  keyspace: string;
  namespace: string;
  on_keys: Expr;
  outer?: boolean;
  _alias: string;
  _validate?: boolean;
  /**
   * An inner join whose alias the rest of the block never reads (planner/alias-read.ts): the
   * rows it passes on need not bind the documents (a `COUNT(*)` over the join counts the keys
   * that name a document).
   */
  _unread?: boolean;
}
