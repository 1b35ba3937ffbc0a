import type { IndexCountFields } from './index-count-scan2.js';

/**
 * COUNT(DISTINCT k) answered from a scalar index alone, `k` its leading key: the number of
 * distinct non-NULL values of `k` among the live documents whose entries fall in `spans`, when
 * the spans decide the whole WHERE (no Fetch, no Filter, no group). `covers` as the reference
 * prints them, ending with `cover (count(distinct k))`; IndexCountProject follows.
 * Source: couchbase/query `plan/scan_index_count_distinct2.go`.
 */
export interface IndexCountDistinctScan2 extends IndexCountFields {
  '#operator': 'IndexCountDistinctScan2';
}
