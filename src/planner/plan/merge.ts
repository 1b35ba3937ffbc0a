import type { Expr } from '../../ast/index.js';
import type { Operator } from './operator.js';

/**
 * MERGE: for each row of its input (the source, joined to the target for an ANSI merge), the
 * target document is matched — by `key` (the lookup merge, `ON KEY`) or by the join before it
 * (ANSI merge: the target alias is MISSING when nothing matched). A matched row goes to `update`
 * (Filter of its WHERE, Clone, Set, Unset, SendUpdate) and to `delete` (Filter, SendDelete), an
 * unmatched one to `insert` (Filter, SendInsert with the key, value and options expressions).
 * Every action is decided before the first write: a document updated or deleted twice fails the
 * statement with 5320, one inserted twice with 5330, and then nothing is written. The writes go
 * inserts first, then updates, then deletes (the order of the reference's RETURNING rows), at
 * most `limit` of them. Emits each
 * written document (bound to `as`, beside the source row) for RETURNING.
 * Source: couchbase/query `plan/merge.go`, `execution/merge.go`.
 */
export interface Merge {
  '#operator': 'Merge';
  as: string;
  keyspace: string;
  namespace: string;
  /** The lookup merge's `ON KEY` expression. */
  key?: Expr;
  /** LIMIT: at most this many documents written (inserts first, then updates, then deletes). */
  limit?: Expr;
  update?: Operator;
  delete?: Operator;
  insert?: Operator;
  /** The source's alias (RETURNING * shows it beside the target). */
  _source: string;
}
