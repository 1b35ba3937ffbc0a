import type { SystemKeyspace } from './catalog.js';
import type {
  DeleteStatement,
  Expr,
  InsertStatement,
  KeyspaceRef,
  LetBinding,
  OrderTerm,
  ResultTerm,
  Returning,
  SetClause,
  Subselect,
} from '../ast/index.js';

/**
 * Plans: what the executor runs, and what EXPLAIN shows (explain.ts turns them into the
 * reference's `"#operator"` JSON). Expressions are kept as AST; EXPLAIN prints them canonically.
 * Source of the operator names: couchbase/query `plan/`.
 */

/** A range on one index key. `low`/`high` are static expressions (constants, parameters). */
export interface SpanRangePlan {
  low?: Expr;
  high?: Expr;
  /** 0 neither bound included, 1 low, 2 high, 3 both (the reference's codes). */
  inclusion: 0 | 1 | 2 | 3;
  /** Canonical text of the index key the range applies to. */
  indexKey: string;
  /** The bounds are the query's values: the span is exact only if they are scalars when evaluated. */
  user?: boolean;
}

/** One span: ranges on the leading index keys. `exact` when the predicate is fully served. */
export interface SpanPlan {
  exact: boolean;
  ranges: SpanRangePlan[];
}

/** An index scan, or an intersection / union of scans (document keys). */
export type ScanPlan =
  | {
      kind: 'IndexScan3';
      index: string;
      indexId: string;
      keyspace: string;
      spans: SpanPlan[];
      /** Array index key: the scan is wrapped in a DistinctScan. */
      distinct: boolean;
      /** The position of the index's array key, when it has one. */
      arrayKey?: number;
      /** OFFSET+LIMIT pushed into the scan (ORDER BY served by the index order); LIMIT alone when `offset` is set. */
      limit?: Expr;
      /** OFFSET pushed into the scan (UPDATE/DELETE whose spans decide WHERE, or an ORDER BY the index serves): the scan skips that many entries. */
      offset?: Expr;
      /** The ORDER BY the scan's order serves (index key positions and directions), printed as `index_order`. */
      indexOrder?: { keypos: number; desc?: boolean }[];
      /** Covering scan: the index keys (canonical text) the query reads instead of the document. */
      covers?: string[];
      /** The spans are exact and serve every WHERE conjunct: the filter cannot drop a row. */
      servesWhere?: boolean;
      /** A covering scan: the index keys it reads (`entry_keys`) and META().id (`primary_key`), as the reference prints them. */
      indexProjection?: { entry_keys?: number[]; primary_key?: boolean };
      /** The spans are exact: the (formalized) conjuncts they were made from hold for every document scanned. */
      decided?: Expr[];
      /** An UNNEST's index filter (cover-unnest.ts applyUnnestEntryFilter): evaluated on each entry with the UNNEST alias bound. */
      entryFilter?: Expr;
      filterUnnest?: import('./cover-unnest.js').CoverUnnest;
      /** A covering scan of a partial index: its condition's conjuncts the WHERE repeats (texts), TRUE on every entry. */
      conditionCovers?: string[];
      /** The index's `PARTITION BY HASH` keys, formalized (semantic/formalize.ts). */
      partitionKeys?: Expr[];
    }
  /** `ordered`: the first scan's order serves the ORDER BY (an OrderedIntersectScan). */
  | { kind: 'IntersectScan'; scans: ScanPlan[]; ordered?: boolean }
  | {
      kind: 'UnionScan';
      scans: ScanPlan[];
      /** Every scan's spans are exact and, with its index's condition, serve every WHERE conjunct. */
      servesWhere?: boolean;
      /** OFFSET+LIMIT pushed into the union (no ORDER BY, `servesWhere`): it stops after that many documents. */
      limit?: Expr;
    };

/** Where a subselect's rows come from. */
export type SourcePlan =
  | {
      op: 'IndexScan';
      keyspace: string;
      namespace: string;
      alias: string;
      scan: ScanPlan;
      /** A covering scan: the field path of each index key (an expression key: its one-step cover field). */
      coverPaths?: string[][];
      /** In a covering scan with expression keys: true at the positions of the expression keys. */
      coverExpressionKeys?: boolean[];
      /** In a covering scan of a partial index: the fields its condition fixes (`field = constant`), with their values. */
      coverConstants?: { path: string[]; value: import('../values/index.js').Value }[];
      /** A covering UNNEST scan (cover-unnest.ts): the UNNEST alias it binds from the array key. */
      coverUnnest?: import('./cover-unnest.js').CoverUnnest;
    }
  | { op: 'DummyScan' }
  | { op: 'PrimaryScan3'; keyspace: string; namespace: string; alias: string; index: string; /** The primary index's id (none for the sequential scan). */ indexId?: string }
  | { op: 'KeyScan'; keyspace: string; namespace: string; alias: string; keys: Expr; validate?: boolean }
  | { op: 'ExpressionScan'; expr: Expr; alias: string; uncorrelated?: boolean }
  | { op: 'SystemScan'; keyspace: SystemKeyspace; alias: string }
  | { op: 'SubqueryScan'; query: SelectPlan; alias: string };

export interface UnnestPlan {
  op: 'Unnest';
  expr: Expr;
  alias: string;
  outer: boolean;
}

/**
 * A join or nest step, named as the reference's operator (couchbase/query `plan/join.go`,
 * `nest.go`, `index_join.go`, `index_nest.go`, `nl_join.go`, `nl_nest.go`, `hash_join.go`,
 * `hash_nest.go`). `outer` is LEFT [OUTER]. A nest binds `alias` to the array of matching inner
 * documents instead of one row per match.
 */
export type JoinPlan =
  /** Lookup join / nest: the inner documents are fetched by the keys `onKeys` evaluates to. */
  | { op: 'Join' | 'Nest'; keyspace: string; alias: string; outer: boolean; onKeys: Expr; validate?: boolean }
  /** Index join / nest: inner documents whose `onKey` (an index's leading key) is the outer document's key. */
  | {
      op: 'IndexJoin' | 'IndexNest';
      keyspace: string;
      alias: string;
      outer: boolean;
      onKey: Expr;
      forAlias: string;
      scan: ScanPlan & { kind: 'IndexScan3' };
      /** A covered index join (cover-index-join.ts): the field path each inner index key rebuilds. */
      coverPaths?: string[][];
    }
  /** ANSI join / nest by nested loop: the inner source runs once per outer row (its spans may read the outer row). */
  | {
      op: 'NestedLoopJoin' | 'NestedLoopNest';
      alias: string;
      outer: boolean;
      on?: Expr;
      filter?: Expr;
      inner: SourcePlan;
      /** The inner side reads the outer row (spans, a correlated term): it runs per outer row. Else it is read once. */
      correlated: boolean;
      /** Conjuncts of the condition that read only the inner alias: applied once to the inner rows read once. */
      innerFilter?: Expr;
      hint?: string;
    }
  /**
   * ANSI join / nest by hash: `innerExprs[i] = outerExprs[i]` are the equi-join pairs. `build`:
   * the side whose rows are hashed (`inner`, `outer`, or `smaller`: chosen at run time by count).
   */
  | {
      op: 'HashJoin' | 'HashNest';
      alias: string;
      outer: boolean;
      on?: Expr;
      /** WHERE conjuncts evaluated at the join (an inner join's, or a comma join's condition). */
      filter?: Expr;
      inner: SourcePlan;
      innerExprs: Expr[];
      outerExprs: Expr[];
      outerAliases: string[];
      build: 'inner' | 'outer' | 'smaller';
      /** The condition (ON and pushed filter) is exactly the equi-join pairs. */
      exact?: boolean;
      hint?: string;
    };

/** A step applied to the rows of the FROM clause after its first term, in FROM order. */
export type FromStepPlan = UnnestPlan | JoinPlan;

export interface GroupPlan {
  keys: { expr: Expr; alias?: string }[];
  letting?: LetBinding[];
  having?: Expr;
  /** `GROUP AS name` and the FROM aliases each of its objects holds. */
  groupAs?: { name: string; fields: string[] };
}

/** One SELECT block. */
export interface SubselectPlan {
  kind: 'Subselect';
  source: SourcePlan;
  /** Keyspace aliases in FROM order (for META() and unqualified names). */
  aliases: string[];
  /** UNNEST, JOIN and NEST steps in FROM order. */
  steps: FromStepPlan[];
  /**
   * WHERE conjuncts that read only the first FROM term (and constants, parameters, enclosing
   * names): applied right after its scan, before any join, so joins see fewer rows.
   */
  preFilter?: Expr;
  /** What became of the block's hints: EXPLAIN's `optimizer_hints` (`hints_followed`, `hints_not_followed`, `hints_with_error`). */
  optimizerHints?: Record<string, string[]>;
  let?: LetBinding[];
  where?: Expr;
  /** Present when the block groups (GROUP BY, or aggregates in the projection/HAVING/ORDER BY). */
  group?: GroupPlan;
  distinct: boolean;
  raw: boolean;
  terms: ResultTerm[];
  ast: Subselect;
  /** The names enclosing queries bind (a subquery's block): not fields of this block's keyspace. */
  outerNames?: string[];
  /** ORDER BY is served by the index scan order: no Order operator. */
  orderServed?: boolean;
  /**
   * A grouped block whose ORDER BY terms are the index's leading keys in its directions (one
   * span): the order the scan gives when it aggregates (index_group_aggs) over groups of those
   * keys, as its `index_order` (positions and directions).
   */
  groupOrder?: { keypos: number; desc?: boolean }[];
}

export interface SetOpPlan {
  kind: 'SetOp';
  op: 'UNION' | 'INTERSECT' | 'EXCEPT';
  all: boolean;
  left: SelectBodyPlan;
  right: SelectBodyPlan;
}

/** A body; `with` for a parenthesised set operand with its own WITH clause (a With over its operators). */
export type SelectBodyPlan = (SubselectPlan | SetOpPlan) & { with?: SelectPlan['with'] };

export interface SelectPlan {
  kind: 'Select';
  /** The WITH clause: its bindings, planned (the With operator over the rest). */
  with?: { recursive: boolean; bindings: import('./plan/index.js').WithBinding[] };
  body: SelectBodyPlan;
  orderBy?: OrderTerm[];
  offset?: Expr;
  limit?: Expr;
}

/** INSERT/UPSERT. */
export interface InsertPlan {
  kind: 'Insert';
  upsert: boolean;
  keyspace: KeyspaceRef & { name: string };
  values?: InsertStatement['values'];
  select?: { key: Expr; value?: Expr; options?: Expr; query: SelectPlan };
  returning?: Returning;
}

/** UPDATE and DELETE share their read side: a source, a filter and a limit. */
export interface MutationReadPlan {
  keyspace: string;
  alias: string;
  source: SourcePlan;
  /** LET of UPDATE and DELETE: bound per document before WHERE. */
  let?: LetBinding[];
  where?: Expr;
  limit?: Expr;
  /** DELETE … OFFSET: documents skipped before the LIMIT. */
  offset?: Expr;
  returning?: Returning;
}

export interface UpdatePlan extends MutationReadPlan {
  kind: 'Update';
  set: SetClause[];
  unset: Expr[];
}

export interface DeletePlan extends MutationReadPlan {
  kind: 'Delete';
  ast: DeleteStatement;
}

/** Index DDL is accepted and recorded; index use comes with the planner issue. */
export interface DdlPlan {
  kind: 'Ddl';
  statement: import('../ast/index.js').Statement;
}

export type Plan = SelectPlan | InsertPlan | UpdatePlan | DeletePlan | DdlPlan;
