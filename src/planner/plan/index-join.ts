import type { Expr } from '../../ast/index.js';
import type { KeySource } from './operator.js';

/**
 * Index JOIN (`… JOIN ks ON KEY ks.field FOR a`): the inner documents whose `on_key` (an index's
 * leading key) is the outer document `for`'s key, found by `_scan` (an IndexScan3 whose span is
 * `META(for).id`). A covered index join (planner/cover-index-join.ts) prints its scan's `covers`
 * and builds the inner rows from the index entries (`_scan` a covering IndexScan3, no Fetch).
 * Source: couchbase/query `plan/index_join.go`.
 */
export interface IndexJoin {
  '#operator': 'IndexJoin';
  as: string;
  for: string;
  keyspace: string;
  namespace: string;
  on_key: Expr;
  outer?: boolean;
  scan: { covers?: string[]; index: string; index_id: string; using: 'gsi' };
  _scan: KeySource;
}
