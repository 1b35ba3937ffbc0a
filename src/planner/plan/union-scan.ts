import type { KeySource } from './operator.js';

import type { Expr } from '../../ast/index.js';

/**
 * The document keys any one of its scans yields, each once (OR of sargable predicates). `limit`:
 * OFFSET+LIMIT pushed when the scans decide the WHERE and no ORDER BY is asked: the union stops
 * after that many live documents (any will do). Source: couchbase/query `plan/scan_union.go`.
 */
export interface UnionScan {
  '#operator': 'UnionScan';
  limit?: Expr;
  scans: KeySource[];
}
