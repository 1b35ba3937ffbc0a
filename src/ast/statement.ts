import type { SourcePosition } from '../errors/index.js';
import type { Expr } from './expr.js';

/**
 * Statement nodes. Source of the shapes: couchbase/query `algebra/`.
 */
export type Statement =
  | SelectStatement
  | InsertStatement
  | UpdateStatement
  | DeleteStatement
  | ExplainStatement
  | CreateIndexStatement
  | CreatePrimaryIndexStatement
  | DropIndexStatement
  | BuildIndexStatement
  | PrepareStatement
  | ExecuteStatement;

interface Node {
  loc?: SourcePosition;
}

/** A keyspace reference: `[namespace:]bucket[.scope.collection]` with optional alias. */
export interface KeyspaceRef extends Node {
  namespace?: string;
  /** One part (`bucket`) or three parts (`bucket.scope.collection`); [] for a parameter. */
  path: string[];
  alias?: string;
  /**
   * A keyspace named by a statement parameter (`FROM $1 AS d USE KEYS …`, `INSERT INTO $ks`):
   * the engine binds it to the parameter's value before planning (semantic/keyspace-params.ts).
   */
  param?: Expr;
}

/** `SELECT … [ORDER BY …] [LIMIT …] [OFFSET …]` */
export interface SelectStatement extends Node {
  kind: 'Select';
  body: SelectBody;
  orderBy?: OrderTerm[];
  limit?: Expr;
  offset?: Expr;
}

export type SelectBody = Subselect | SetOperation;

/** `left UNION|INTERSECT|EXCEPT [ALL] right` */
export interface SetOperation extends Node {
  kind: 'SetOperation';
  op: 'UNION' | 'INTERSECT' | 'EXCEPT';
  all: boolean;
  left: SelectBody;
  right: SelectBody;
}

/** One `SELECT … FROM … LET … WHERE … GROUP BY … LETTING … HAVING …` block. */
export interface Subselect extends Node {
  kind: 'Subselect';
  distinct: boolean;
  /** `RAW`, `ELEMENT` or `VALUE`: the single projection term's value is the row. */
  raw: boolean;
  projection: ResultTerm[];
  from?: FromTerm;
  let?: LetBinding[];
  where?: Expr;
  groupBy?: GroupBy;
  /** Optimizer hints of the `/*+ … *\/` comment after SELECT. */
  hints?: OptimizerHint[];
  /** `EXCLUDE e, …`: paths (or strings of comma-separated paths) removed from each result. */
  exclude?: Expr[];
}

/** One optimizer hint (couchbase/query `algebra/optimizer_hints.go`). */
export type OptimizerHint =
  | { kind: 'ORDERED' }
  | { kind: 'USE_HASH'; alias: string; side?: 'BUILD' | 'PROBE' }
  | { kind: 'USE_NL'; alias: string }
  | { kind: 'INDEX' | 'NO_INDEX'; alias: string; indexes: string[] }
  | { kind: 'UNKNOWN'; text: string };

/** GROUP BY; `keys` is empty for a `LETTING` without GROUP BY (one group, as with aggregates). */
export interface GroupBy extends Node {
  keys: { expr: Expr; alias?: string }[];
  /** `GROUP AS name`: each group's input rows, as objects of the block's FROM aliases. */
  groupAs?: string;
  /** Where the GROUP AS name is. */
  groupAsLoc?: SourcePosition;
  letting?: LetBinding[];
  having?: Expr;
}

/** `name = expr` in LET and LETTING. */
export interface LetBinding extends Node {
  name: string;
  expr: Expr;
}

/** A projection term: `*`, `expr.*`, or `expr [AS alias]`. */
export type ResultTerm =
  | { kind: 'Star'; loc?: SourcePosition }
  | { kind: 'PathStar'; expr: Expr; loc?: SourcePosition }
  | { kind: 'Term'; expr: Expr; alias?: string; loc?: SourcePosition; nameLoc?: SourcePosition };

/** FROM clause terms: a keyspace or expression, and UNNEST / JOIN / NEST chained on them. */
export type FromTerm = KeyspaceTerm | ExpressionTerm | UnnestTerm | JoinTerm;

/** A join method hint: `USE HASH(BUILD)`, `USE HASH(PROBE)`, `USE NL`. */
export type JoinHint = 'HASH_BUILD' | 'HASH_PROBE' | 'NL';

/** An index named in `USE INDEX (name [USING GSI|FTS], …)`. */
export interface IndexHint {
  name: string;
  using?: string;
}

/** `FROM keyspace [AS alias] [USE KEYS [VALIDATE] expr | USE INDEX (…) | USE HASH(…) | USE NL]` */
export interface KeyspaceTerm extends Node {
  kind: 'KeyspaceTerm';
  keyspace: KeyspaceRef;
  useKeys?: Expr;
  /** `USE KEYS VALIDATE`: keys that name no document raise a warning (reference: 5503). */
  validateKeys?: boolean;
  useIndex?: IndexHint[];
  joinHint?: JoinHint;
}

/** `FROM (subquery) AS alias` or `FROM expression AS alias` */
export interface ExpressionTerm extends Node {
  kind: 'ExpressionTerm';
  expr: Expr;
  alias?: string;
  joinHint?: JoinHint;
}

/** `left [INNER|LEFT [OUTER]] UNNEST expr [AS alias]` */
export interface UnnestTerm extends Node {
  kind: 'UnnestTerm';
  left: FromTerm;
  outer: boolean;
  expr: Expr;
  alias?: string;
  /** Where the alias is (its `AS`, else its name): the reference's position for alias errors. */
  aliasLoc?: SourcePosition;
}

/**
 * `left [INNER|LEFT [OUTER]|RIGHT [OUTER]] JOIN|NEST right ON …`, or a comma join `left, right`.
 * Exactly one of `onKeys` (lookup join: `ON KEYS [VALIDATE] expr`), `onKey` + `forAlias` (index
 * join: `ON KEY right.field FOR left_alias`) or `on` (ANSI join) is set, none for a comma join.
 * Source: couchbase/query `algebra/join.go`, `ansi_join.go`, `index_join.go`, `nest.go`.
 */
export interface JoinTerm extends Node {
  kind: 'JoinTerm';
  left: FromTerm;
  right: KeyspaceTerm | ExpressionTerm;
  nest: boolean;
  type: 'INNER' | 'LEFT' | 'RIGHT';
  comma?: boolean;
  lateral?: boolean;
  onKeys?: Expr;
  validate?: boolean;
  onKey?: Expr;
  forAlias?: string;
  on?: Expr;
}

export interface OrderTerm extends Node {
  expr: Expr;
  desc: boolean;
  /** NULLS FIRST/LAST; default is FIRST for ASC and LAST for DESC (reference). */
  nulls?: 'FIRST' | 'LAST';
}

/** `RETURNING terms` / `RETURNING RAW expr` */
export interface Returning {
  raw: boolean;
  terms: ResultTerm[];
}

/** `INSERT|UPSERT INTO ks (KEY, VALUE[, OPTIONS]) VALUES (k, v[, o]), …` or `… (KEY k, VALUE v) SELECT …` */
export interface InsertStatement extends Node {
  kind: 'Insert';
  upsert: boolean;
  keyspace: KeyspaceRef;
  values?: { key: Expr; value?: Expr; options?: Expr }[];
  select?: { key: Expr; value?: Expr; options?: Expr; query: SelectStatement };
  returning?: Returning;
}

/** `SET path = expr` (optionally `FOR v IN arr END`, not supported yet). */
export interface SetClause {
  path: Expr;
  value: Expr;
}

/** `UPDATE ks [USE KEYS …] SET … [UNSET …] [WHERE …] [LIMIT …] [RETURNING …]` */
export interface UpdateStatement extends Node {
  kind: 'Update';
  keyspace: KeyspaceRef;
  useKeys?: Expr;
  /** `USE KEYS VALIDATE`: a key naming no document gives warning 5503. */
  validateKeys?: boolean;
  set: SetClause[];
  unset: Expr[];
  where?: Expr;
  limit?: Expr;
  returning?: Returning;
}

/** `DELETE FROM ks [USE KEYS …] [WHERE …] [LIMIT …] [RETURNING …]` */
export interface DeleteStatement extends Node {
  kind: 'Delete';
  keyspace: KeyspaceRef;
  useKeys?: Expr;
  /** `USE KEYS VALIDATE`: a key naming no document gives warning 5503. */
  validateKeys?: boolean;
  where?: Expr;
  limit?: Expr;
  returning?: Returning;
}

/** `EXPLAIN statement` */
export interface ExplainStatement extends Node {
  kind: 'Explain';
  statement: Statement;
}

/**
 * An index key. `array` is set for array index keys: `DISTINCT|ALL ARRAY mapping FOR … END`
 * (then `expr` is the ArrayFor) and the simple forms `DISTINCT expr` / `ALL expr`.
 */
export interface IndexKey {
  expr: Expr;
  array?: 'DISTINCT' | 'ALL';
  desc: boolean;
}

/** `CREATE INDEX [IF NOT EXISTS] name ON ks(keys) [WHERE cond] [USING GSI|VIEW] [WITH {…}]` */
export interface CreateIndexStatement extends Node {
  kind: 'CreateIndex';
  name: string;
  ifNotExists: boolean;
  keyspace: KeyspaceRef;
  keys: IndexKey[];
  where?: Expr;
  using?: string;
  with?: Expr;
}

/** `CREATE PRIMARY INDEX [IF NOT EXISTS] [name] ON ks [USING …] [WITH …]` */
export interface CreatePrimaryIndexStatement extends Node {
  kind: 'CreatePrimaryIndex';
  name?: string;
  ifNotExists: boolean;
  keyspace: KeyspaceRef;
  using?: string;
  with?: Expr;
}

/** `DROP INDEX name ON ks` / `DROP INDEX ks.name` / `DROP PRIMARY INDEX ON ks`, with `IF EXISTS`. */
export interface DropIndexStatement extends Node {
  kind: 'DropIndex';
  name?: string;
  primary: boolean;
  ifExists: boolean;
  keyspace: KeyspaceRef;
}

/** `BUILD INDEX ON ks(name, …)` */
export interface BuildIndexStatement extends Node {
  kind: 'BuildIndex';
  keyspace: KeyspaceRef;
  names: string[];
}

/** `PREPARE [name FROM|AS] statement` */
export interface PrepareStatement extends Node {
  kind: 'Prepare';
  name?: string;
  statement: Statement;
  /** The text of the prepared statement. */
  text: string;
}

/** `EXECUTE name [USING args]` */
export interface ExecuteStatement extends Node {
  kind: 'Execute';
  name: string;
  using?: Expr;
}
