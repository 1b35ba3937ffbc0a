import type { Expr } from '../../ast/index.js';

/** The document keys of `USE KEYS expr` (a string or an array of strings), in the order given; a Fetch follows. Source: couchbase/query `plan/scan_keys.go`. */
export interface KeyScan {
  '#operator': 'KeyScan';
  keys: Expr;
}
