/** Drops rows whose result value is equivalent to an earlier row's. Source: couchbase/query `plan/distinct.go`. */
export interface Distinct {
  '#operator': 'Distinct';
}
