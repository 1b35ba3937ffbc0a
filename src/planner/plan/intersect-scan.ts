import type { KeySource } from './operator.js';

/** The document keys every one of its scans yields (AND of sargable predicates on several indexes). Source: couchbase/query `plan/scan_intersect.go`. */
export interface IntersectScan {
  '#operator': 'IntersectScan';
  scans: KeySource[];
}
