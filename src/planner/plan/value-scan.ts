import type { Expr } from '../../ast/index.js';

/** The `(KEY, VALUE[, OPTIONS])` rows of `INSERT … VALUES`, as key/value/options pairs for SendInsert. Source: couchbase/query `plan/scan_value.go`. */
export interface ValueScan {
  '#operator': 'ValueScan';
  values: { key: Expr; value?: Expr; options?: Expr }[];
}
