import type { SystemKeyspace } from '../catalog.js';
/**
 * The scan of a keyspace of the `system` namespace (`system:keyspaces`, `system:indexes`,
 * `system:namespaces`, `system:dual`), as the reference shows it (`using: "system"`); a Fetch
 * of namespace `system` follows. Source: couchbase/query `plan/scan_primary.go`, `datastore/system`.
 */
export interface PrimaryScan {
  '#operator': 'PrimaryScan';
  as?: string;
  index: '#primary';
  keyspace: SystemKeyspace;
  namespace: 'system';
  using: 'system';
}
