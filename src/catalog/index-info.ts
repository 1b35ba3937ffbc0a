import type { Expr, IndexKey } from '../ast/index.js';

/**
 * An index's metadata: what the index manager keeps for each index (its data lives in the
 * manager's trees), what the planner chooses scans from, what `system:indexes` and the file
 * store's index definitions are made from. Defined here, below both the planner and the index
 * manager, so neither reads it from the other.
 */
export interface IndexInfo {
  id: string;
  name: string;
  keyspace: string;
  /** The alias the definition's expressions use for the keyspace (`ON ks` → `ks`). */
  alias: string;
  isPrimary: boolean;
  /**
   * The index key positions: the keys as written, but a FLATTEN_KEYS array key is one position
   * per flattened key (catalog/flatten-keys.ts), as spans, directions and covers count them.
   */
  keys: IndexKey[];
  /** The keys as written, when they differ from `keys` (a FLATTEN_KEYS key): what `system:indexes` prints. */
  definition?: IndexKey[];
  where?: Expr;
  /**
   * `PARTITION BY HASH(expr, …)`: the partition keys as written on the index's alias. tokenql
   * keeps one partition (the results are the same); the planner reads them as the reference does
   * to decide whether the index completes GROUP BY groups itself (planner/index-group-aggs.ts).
   */
  partition?: Expr[];
  state: 'online' | 'deferred' | 'building';
  /**
   * PostgreSQL store: the build left out documents whose entry is too long for PostgreSQL's
   * B-tree (storage/postgres/index-build.ts), so a scan of the index would miss them: the
   * planner does not see the index (engine.ts), and an index scan always equals a full scan.
   */
  incomplete?: boolean;
  /** The design document the index belongs to (`_design/ddl_<name>` unless chosen). */
  designDoc: string;
}

