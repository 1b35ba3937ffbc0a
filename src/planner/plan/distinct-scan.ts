import type { IndexScan3 } from './index-scan3.js';

/** Each document key of its scan once (a scan of an array index yields a key per matching element). Source: couchbase/query `plan/scan_distinct.go`. */
export interface DistinctScan {
  '#operator': 'DistinctScan';
  scan: IndexScan3;
}
