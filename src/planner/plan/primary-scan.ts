/**
 * The scan of a keyspace of the `system` namespace (`system:keyspaces`, `system:indexes`,
 * `system:namespaces`, `system:dual`), as the reference shows it (`using: "system"`); a Fetch
 * of namespace `system` follows. Source: couchbase/query `plan/scan_primary.go`, `datastore/system`.
 */
export interface PrimaryScan {
  '#operator': 'PrimaryScan';
  as?: string;
  index: '#primary';
  keyspace: 'keyspaces' | 'indexes' | 'namespaces' | 'dual' | 'active_requests' | 'completed_requests' | 'sequences' | 'transactions' | 'functions';
  namespace: 'system';
  using: 'system';
}
