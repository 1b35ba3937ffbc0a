/**
 * The result row of an IndexCountScan2: each term is the count (`cover (count(*))`); `raw` as
 * in InitialProject. `_names` (internal): each term's result name. Source: couchbase/query
 * `plan/project.go` (IndexCountProject).
 */
export interface IndexCountProject {
  '#operator': 'IndexCountProject';
  raw?: boolean;
  result_terms: { as?: string; expr: string }[];
  _names: string[];
}
