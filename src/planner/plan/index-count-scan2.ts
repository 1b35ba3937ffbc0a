import type { Span } from './index-scan3.js';

/** What the index count operators (IndexCountScan2, IndexCountDistinctScan2) print: the scan they count over. */
export interface IndexCountFields {
  covers: string[];
  index: string;
  index_id: string;
  keyspace: string;
  namespace: string;
  spans: Span[];
  using: 'gsi';
}

/**
 * COUNT(*) answered from an index alone: the number of documents whose entries fall in
 * `spans`, when the spans decide the whole WHERE (no Fetch, no Filter, no group). `covers` as
 * the reference prints them, ending with `cover (count(*))`; IndexCountProject follows.
 * Source: couchbase/query `plan/scan_index_count2.go`.
 */
export interface IndexCountScan2 extends IndexCountFields {
  '#operator': 'IndexCountScan2';
  /** Internal: an array index (its entries may hold a document more than once): each document counts once. */
  _distinct?: boolean;
  /**
   * Internal, with `_distinct`: one span fixing every key up to the array key to one value, so
   * each document has at most one entry in it and nothing needs counting once.
   */
  _onePerDocument?: boolean;
}
