import type { Expr } from '../../ast/index.js';
import type { Clone } from './clone.js';
import type { SendDelete } from './send-delete.js';
import type { SendInsert } from './send-insert.js';
import type { SendUpdate } from './send-update.js';
import type { Sequence } from './sequence.js';
import type { Set } from './set.js';
import type { Unset } from './unset.js';

/**
 * MERGE: for each row of its input (the source, joined to the target for an ANSI merge), the
 * target document is matched — by `key` (the lookup merge, `ON KEY`) or by the join before it
 * (ANSI merge: the target alias is MISSING when nothing matched). A matched row is updated when
 * `update_filter` holds (`update`: Clone, Set, Unset, SendUpdate) and deleted when
 * `delete_filter` holds (`delete`: SendDelete); an unmatched one is inserted when
 * `insert_filter` holds (`insert`: SendInsert with the key — the ON KEY expression for a lookup
 * merge —, value and options). Every action is decided before the first write: a document
 * updated or deleted twice fails the statement with 5320, one inserted twice with 5330, and then
 * nothing is written. The writes go inserts first, then updates, then deletes (the order of the
 * reference's RETURNING rows), at most `limit` of them. Emits each written document (bound to
 * the target alias, beside the source row) for RETURNING.
 * Source: couchbase/query `plan/merge.go`, `execution/merge.go` (the field names as its EXPLAIN prints them).
 */
export interface Merge {
  '#operator': 'Merge';
  /** The target alias, printed where it differs from the keyspace name. */
  as?: string;
  keyspace: string;
  namespace: string;
  /** The lookup merge's `ON KEY` expression. */
  key?: Expr;
  /** LIMIT: at most this many documents written. */
  limit?: Expr;
  update?: Sequence & { '~children': (Clone | Set | Unset | SendUpdate)[] };
  update_filter?: Expr;
  delete?: SendDelete;
  delete_filter?: Expr;
  insert?: SendInsert;
  insert_filter?: Expr;
  /** The target alias (also when `as` is not printed). */
  _alias: string;
  /** The source's alias (RETURNING * shows it beside the target). */
  _source: string;
}
