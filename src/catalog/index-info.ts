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
  keys: IndexKey[];
  where?: Expr;
  /**
   * `PARTITION BY HASH(expr, …)`: the partition keys as written on the index's alias. tokenql
   * keeps one partition (the results are the same); the planner reads them as the reference does
   * to decide whether the index completes GROUP BY groups itself (planner/index-group-aggs.ts).
   */
  partition?: Expr[];
  state: 'online' | 'deferred' | 'building';
  /** The design document the index belongs to (`_design/ddl_<name>` unless chosen). */
  designDoc: string;
}

