/**
 * Reads the document of each key a scan produced and binds it to the alias (the keyspace name
 * unless `as`). `early_projection`: the top-level fields the rest of the query reads, when
 * that is known (the reference then keeps only those). Source: couchbase/query `plan/fetch.go`.
 */
export interface Fetch {
  '#operator': 'Fetch';
  as?: string;
  early_projection?: string[];
  keyspace: string;
  namespace: string;
}
