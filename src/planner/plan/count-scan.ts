/**
 * COUNT(*) of a whole keyspace, from its document count (no scan): `SELECT COUNT(*) FROM ks`
 * without WHERE, GROUP BY or joins, every term `COUNT(*)` or COUNT of a non-NULL constant.
 * IndexCountProject follows (tokenql binds the count there; the reference feeds it to its group
 * operators). Source: couchbase/query `plan/scan_count.go`.
 */
export interface CountScan {
  '#operator': 'CountScan';
  as?: string;
  keyspace: string;
  namespace: string;
}
