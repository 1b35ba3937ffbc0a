import type { Expr } from '../../ast/index.js';

/**
 * Lookup NEST (`… NEST ks ON KEYS expr`): binds the array of the inner documents the keys name;
 * `outer` is LEFT NEST. Source: couchbase/query `plan/nest.go`.
 */
export interface Nest {
  '#operator': 'Nest';
  as?: string;
  keyspace: string;
  namespace: string;
  on_keys: Expr;
  outer?: boolean;
  _alias: string;
  _validate?: boolean;
}
