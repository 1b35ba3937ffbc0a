import type { KeySource } from './operator.js';

/**
 * An IntersectScan whose first scan's order is the output order: the documents every scan
 * selects, in the order the first scan gives them (its `index_order` serves the block's ORDER BY,
 * so no Order follows; no LIMIT is pushed into it). Source: couchbase/query
 * `plan/scan_intersect_ordered.go` (OrderedIntersectScan).
 */
export interface OrderedIntersectScan {
  '#operator': 'OrderedIntersectScan';
  scans: KeySource[];
}
