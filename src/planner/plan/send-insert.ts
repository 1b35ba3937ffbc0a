import type { Expr } from '../../ast/index.js';

/**
 * Writes a document per incoming row: after a ValueScan its key/value pair, after a SELECT the
 * row's value with `key`/`value`/`options` computed from it. INSERT fails a key that exists
 * (12009), UPSERT replaces it. Source: couchbase/query `plan/insert.go`, `plan/upsert.go`.
 */
export interface SendInsert {
  '#operator': 'SendInsert' | 'SendUpsert';
  alias: string;
  key?: Expr;
  keyspace: string;
  /** MERGE's LIMIT (printed on its Send operators, as the reference's). */
  limit?: Expr;
  namespace: string;
  options?: Expr;
  value?: Expr;
}
