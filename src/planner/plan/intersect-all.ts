import type { Operator } from './operator.js';

/** The rows of `first` also in `second` (INTERSECT ALL keeps multiplicities; `distinct` for INTERSECT). Source: couchbase/query `plan/intersect.go`. */
export interface IntersectAll {
  '#operator': 'IntersectAll';
  distinct?: boolean;
  first: Operator;
  second: Operator;
}
