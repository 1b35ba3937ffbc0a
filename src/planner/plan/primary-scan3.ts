/**
 * Every document key of a keyspace, in key order, from its primary index (or, without one,
 * the keyspace's sequential scan, which tokenql names `#sequentialscan`); a Fetch follows.
 * Source: couchbase/query `plan/scan_primary3.go`.
 */
export interface PrimaryScan3 {
  '#operator': 'PrimaryScan3';
  /** The FROM alias, printed only when it differs from the keyspace name (as the reference). */
  as?: string;
  index: string;
  /** The reference's field: the scan returns the document key of each entry. */
  index_projection?: { primary_key: true };
  keyspace: string;
  namespace: string;
  using: 'gsi';
}
