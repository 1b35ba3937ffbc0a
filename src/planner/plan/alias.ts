/**
 * Binds each incoming row's value (the output of a FROM subquery, whose plan precedes it in the
 * Sequence) to `as`. Source: couchbase/query `plan/alias.go`.
 */
export interface Alias {
  '#operator': 'Alias';
  as: string;
}
