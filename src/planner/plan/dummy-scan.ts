/** One empty row: the source of a SELECT without FROM (couchbase/query `plan/scan_dummy.go`). */
export interface DummyScan {
  '#operator': 'DummyScan';
}
