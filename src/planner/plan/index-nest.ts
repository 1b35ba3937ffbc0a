import type { Expr } from '../../ast/index.js';
import type { KeySource } from './operator.js';

/** Index NEST (`… NEST ks ON KEY ks.field FOR a`): as IndexJoin, the matches nested in an array. Source: couchbase/query `plan/index_nest.go`. */
export interface IndexNest {
  '#operator': 'IndexNest';
  as: string;
  for: string;
  keyspace: string;
  namespace: string;
  on_key: Expr;
  outer?: boolean;
  scan: { index: string; index_id: string; using: 'gsi' };
  _scan: KeySource;
}
