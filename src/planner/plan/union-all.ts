import type { Operator } from './operator.js';

/** The rows of every child, one child after another (UNION ALL; UNION adds a Distinct). Source: couchbase/query `plan/union.go`. */
export interface UnionAll {
  '#operator': 'UnionAll';
  '~children': Operator[];
}
