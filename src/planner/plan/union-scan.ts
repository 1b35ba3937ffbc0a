import type { KeySource } from './operator.js';

/** The document keys any one of its scans yields, each once (OR of sargable predicates). Source: couchbase/query `plan/scan_union.go`. */
export interface UnionScan {
  '#operator': 'UnionScan';
  scans: KeySource[];
}
