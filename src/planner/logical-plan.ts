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
      /** OFFSET+LIMIT pushed into the scan (ORDER BY served by the index order). */
      limit?: Expr;
      /** Covering scan: the index keys (canonical text) the query reads instead of the document. */
      covers?: string[];
      /** The spans are exact and serve every WHERE conjunct: the filter cannot drop a row. */
      servesWhere?: boolean;
    }
  | { kind: 'IntersectScan'; scans: ScanPlan[] }
  | { kind: 'UnionScan'; scans: ScanPlan[] };

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
    }
  | { op: 'DummyScan' }
  | { op: 'PrimaryScan3'; keyspace: string; namespace: string; alias: string; index: string }
  | { op: 'KeyScan'; keyspace: string; namespace: string; alias: string; keys: Expr }
  | { op: 'ExpressionScan'; expr: Expr; alias: string }
  | { op: 'SystemScan'; keyspace: 'keyspaces' | 'indexes' | 'namespaces' | 'dual'; alias: string }
  | { op: 'SubqueryScan'; query: SelectPlan; alias: string };

export interface UnnestPlan {
  expr: Expr;
  alias: string;
  outer: boolean;
}

export interface GroupPlan {
  keys: { expr: Expr; alias?: string }[];
  letting?: LetBinding[];
  having?: Expr;
}

/** One SELECT block. */
export interface SubselectPlan {
  kind: 'Subselect';
  source: SourcePlan;
  /** Keyspace aliases in FROM order (for META() and unqualified names). */
  aliases: string[];
  unnests: UnnestPlan[];
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
}

export interface SetOpPlan {
  kind: 'SetOp';
  op: 'UNION' | 'INTERSECT' | 'EXCEPT';
  all: boolean;
  left: SelectBodyPlan;
  right: SelectBodyPlan;
}

export type SelectBodyPlan = SubselectPlan | SetOpPlan;

export interface SelectPlan {
  kind: 'Select';
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
  where?: Expr;
  limit?: Expr;
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
