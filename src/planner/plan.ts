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

/** Where a subselect's rows come from. */
export type SourcePlan =
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
