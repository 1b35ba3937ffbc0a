import type { Operator } from './operator.js';

/** The rows of `first` not in `second` (EXCEPT ALL keeps multiplicities; `distinct` for EXCEPT). Source: couchbase/query `plan/except.go`. */
export interface ExceptAll {
  '#operator': 'ExceptAll';
  distinct?: boolean;
  first: Operator;
  second: Operator;
}
