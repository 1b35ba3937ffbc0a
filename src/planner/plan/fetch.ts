/**
 * Reads the document of each key a scan produced and binds it to the alias (the keyspace name
 * unless `as`). `early_projection` (planner/early-projection.ts): the top-level fields the rest
 * of the block reads, when that is known. The reference binds a copy holding only those; tokenql
 * binds the stored document itself (read-only, no copy), from which the block reads the same
 * values, so the field is information about the block. Source: couchbase/query `plan/fetch.go`.
 */
export interface Fetch {
  '#operator': 'Fetch';
  as?: string;
  early_projection?: string[];
  keyspace: string;
  namespace: string;
  /** The extended-attribute names the statement reads from this keyspace term (planner/xattr-subpaths.ts). */
  subpaths?: string[];
  /** A SELECT reading xattrs: a key whose document was deleted gives its tombstone (docs/xattrs.md). */
  _tombstones?: boolean;
  /** The inner side of a nested-loop join (read per outer row or once). */
  nested_loop?: boolean;
}
