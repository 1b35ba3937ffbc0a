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
  | ExecuteStatement
  | CreateSequenceStatement
  | AlterSequenceStatement
  | DropSequenceStatement
  | MergeStatement
  | TransactionStatement
  | CreateFunctionStatement
  | DropFunctionStatement
  | ExecuteFunctionStatement
  | UpdateStatisticsStatement
  | AdviseStatement
  | SecurityStatement
  | ContainerStatement
  | AlterIndexStatement
  | ExplainFunctionStatement;

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

/** `[WITH …] SELECT … [ORDER BY …] [LIMIT …] [OFFSET …]` */
export interface SelectStatement extends Node {
  kind: 'Select';
  /** The common table expressions the statement's body (and its subqueries) see. */
  with?: WithClause;
  body: SelectBody;
  orderBy?: OrderTerm[];
  limit?: Expr;
  offset?: Expr;
}

/**
 * A SELECT's body. `with` is set on a parenthesised set operand that has its own WITH clause
 * (`… UNION ALL (WITH b AS (…) SELECT …)`): its names are seen by that operand only.
 */
export type SelectBody = (Subselect | SetOperation) & { with?: WithClause };

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
  /** The WINDOW clause's named windows (already resolved into the calls that name them). */
  window?: import('./window.js').NamedWindow[];
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
  /** Where the `[AS] alias` is (the reference's alias error context). */
  aliasLoc?: SourcePosition;
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
  /**
   * A direction given by a parameter (`$d`, `$1`) or a user-defined function's parameter (a
   * name): "asc" or "desc" when the query runs; it overrides `desc`.
   */
  direction?: Expr;
  /** A NULLS position given the same way: "first" or "last"; it overrides `nulls`. */
  nullsPosition?: Expr;
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

/**
 * `SET path = expr [FOR v IN arr [WHEN cond] END]`: with FOR, the path (starting at `v`) is set
 * in each element of `arr` (read from the document being updated) for which `cond` holds, the
 * value computed with `v` bound to that element (couchbase/query `algebra/update.go` UpdateFor).
 */
export interface SetClause {
  path: Expr;
  value: Expr;
  for?: { bindings: import('./expr.js').Binding[]; when?: Expr };
}

/** `UPDATE ks [USE KEYS …] [LET …] SET … [UNSET …] [WHERE …] [LIMIT …] [RETURNING …]` */
export interface UpdateStatement extends Node {
  kind: 'Update';
  keyspace: KeyspaceRef;
  useKeys?: Expr;
  let?: LetBinding[];
  /** `USE KEYS VALIDATE`: a key naming no document gives warning 5503. */
  validateKeys?: boolean;
  set: SetClause[];
  unset: Expr[];
  /** The FOR clause of each UNSET item (`UNSET a FOR x IN t END`), when one has one: parsed, not executed (1020). */
  unsetFor?: (SetClause['for'] | undefined)[];
  /** `USE INDEX (…)`: a hint; tokenql's UPDATE chooses its own scan. */
  useIndex?: IndexHint[];
  where?: Expr;
  limit?: Expr;
  returning?: Returning;
}

/** `DELETE FROM ks [USE KEYS …] [LET …] [WHERE …] [LIMIT …] [OFFSET …] [RETURNING …]` */
export interface DeleteStatement extends Node {
  kind: 'Delete';
  keyspace: KeyspaceRef;
  useKeys?: Expr;
  let?: LetBinding[];
  /** `USE KEYS VALIDATE`: a key naming no document gives warning 5503. */
  validateKeys?: boolean;
  /** `USE INDEX (…)`: a hint; tokenql's DELETE chooses its own scan. */
  useIndex?: IndexHint[];
  where?: Expr;
  limit?: Expr;
  offset?: Expr;
  returning?: Returning;
}

/** `ADVISE statement`: the index advisor's recommendations (couchbase/query algebra/advise.go). */
export interface AdviseStatement extends Node {
  kind: 'Advise';
  statement: Statement;
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
  /**
   * `INCLUDE MISSING` (the leading key only, or the first key of a leading FLATTEN_KEYS): documents
   * (or array elements) whose key is MISSING are indexed too (they sort first), so the index holds
   * every document its WHERE admits (Couchbase 7.1+).
   */
  includeMissing?: boolean;
  /** `DENSE VECTOR` / `SPARSE VECTOR` key of a vector index (parsed; such an index is not built: 1020). */
  vector?: 'DENSE' | 'SPARSE';
  /**
   * Set on the index key positions a `FLATTEN_KEYS(k1, …, kn)` array key expands into (never
   * on a parsed key: catalog/flatten-keys.ts makes them): this position is `k[at]` of `count`.
   */
  flatten?: { at: number; count: number };
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
  /** CREATE VECTOR INDEX (parsed for SANITIZE; not executed: 1020). */
  vector?: boolean;
  /** `INCLUDE (expr, …)` of a vector index. */
  include?: Expr[];
  /** `PARTITION BY HASH(expr, …)`: accepted; tokenql's indexes are not partitioned. */
  partition?: Expr[];
}

/** `CREATE PRIMARY INDEX [IF NOT EXISTS] [name] ON ks [USING …] [WITH …]` */
export interface CreatePrimaryIndexStatement extends Node {
  kind: 'CreatePrimaryIndex';
  name?: string;
  ifNotExists: boolean;
  keyspace: KeyspaceRef;
  using?: string;
  with?: Expr;
  /** `PARTITION BY HASH(expr, …)`: accepted; tokenql's indexes are not partitioned. */
  partition?: Expr[];
}

/** `DROP INDEX name ON ks` / `DROP INDEX ks.name` / `DROP PRIMARY INDEX ON ks`, with `IF EXISTS`. */
export interface DropIndexStatement extends Node {
  kind: 'DropIndex';
  name?: string;
  primary: boolean;
  ifExists: boolean;
  keyspace: KeyspaceRef;
  /** DROP VECTOR INDEX (a plain DROP INDEX of that name). */
  vector?: boolean;
}

/** `BUILD INDEX ON ks(name, …)` */
export interface BuildIndexStatement extends Node {
  kind: 'BuildIndex';
  keyspace: KeyspaceRef;
  names: string[];
  /** The names as written when some are expressions (`["a", "b"]`, `$p`): SANITIZE prints them. */
  exprs?: Expr[];
  /** True when a name is given by a parameter or other expression tokenql does not evaluate (1020). */
  dynamic?: boolean;
}

/** `PREPARE [name FROM|AS] statement` */
export interface PrepareStatement extends Node {
  kind: 'Prepare';
  name?: string;
  statement: Statement;
  /** The text of the prepared statement. */
  text: string;
  /** `PREPARE FORCE`: prepare again even when the name (or text) is prepared already. */
  force?: boolean;
  /** `PREPARE SAVE`: prepared as usual (tokenql has no plan store to save to). */
  save?: boolean;
}

/** `EXECUTE name [USING args]` */
export interface ExecuteStatement extends Node {
  kind: 'Execute';
  name: string;
  using?: Expr;
}

/**
 * A sequence's name as written: `[namespace:]bucket.scope.name` (the builder checks the parts).
 * Source: couchbase/query `algebra/sequence.go`.
 */
export interface SequenceName {
  namespace: string;
  bucket: string;
  scope: string;
  name: string;
}

/**
 * Options of CREATE/ALTER SEQUENCE, written as clauses (`START WITH 1 CACHE 20 …`): the reference's
 * WITH names (`start`, `restart`, `increment`, `min`, `max`, `cache`, `cycle`); `null` for the
 * `NO …` forms and a bare `RESTART` (the default value).
 */
export type SequenceOptions = Partial<Record<'start' | 'restart' | 'increment' | 'min' | 'max' | 'cache', number | null>> & { cycle?: boolean };

/** `CREATE SEQUENCE [IF NOT EXISTS] name [WITH {…} | options]` */
export interface CreateSequenceStatement extends Node {
  kind: 'CreateSequence';
  sequence: SequenceName;
  ifNotExists: boolean;
  with?: Expr;
  options?: SequenceOptions;
}

/** `ALTER SEQUENCE name [WITH {…} | options]` */
export interface AlterSequenceStatement extends Node {
  kind: 'AlterSequence';
  sequence: SequenceName;
  with?: Expr;
  options?: SequenceOptions;
}

/** `DROP SEQUENCE [IF EXISTS] name` */
export interface DropSequenceStatement extends Node {
  kind: 'DropSequence';
  sequence: SequenceName;
  ifExists: boolean;
}

/**
 * `WITH [RECURSIVE] a AS (…), b AS (…)`: names bound to values for the SELECT that follows
 * (couchbase/query `algebra/with.go`). A binding's expression sees the bindings before it.
 */
export interface WithClause extends Node {
  recursive: boolean;
  bindings: WithBinding[];
}

/** One common table expression: `alias AS (expr | select) [CYCLE exprs RESTRICT] [OPTIONS {…}]`. */
export interface WithBinding extends Node {
  alias: string;
  /** The parenthesised expression; a SELECT is a Subquery. */
  expr: Expr;
  /** `CYCLE f1, f2 RESTRICT`: a recursive binding's rows whose values of these expressions were seen are dropped. */
  cycle?: Expr[];
  /** `OPTIONS {"levels": n, "documents": n}` of a recursive binding. */
  options?: Expr;
}

/** `WHEN NOT MATCHED THEN INSERT …` of a MERGE: `(KEY k, VALUE v, OPTIONS o)`, `(k, v, o)`, or a value alone. */
export interface MergeInsert {
  key?: Expr;
  value?: Expr;
  options?: Expr;
  where?: Expr;
}

/**
 * `MERGE INTO target [AS t] [USE INDEX …] USING source [AS s] [hints] ON KEY k | ON cond [LET …]
 * [WHEN MATCHED THEN UPDATE SET … UNSET … [WHERE …]] [WHEN MATCHED THEN DELETE [WHERE …]]
 * [WHEN NOT MATCHED THEN INSERT … [WHERE …]] [LIMIT n] [RETURNING …]`. `onKey` is the lookup
 * merge (the key of the target document), `on` the ANSI merge (a join condition). Source:
 * couchbase/query `algebra/merge.go`.
 */
export interface MergeStatement extends Node {
  kind: 'Merge';
  target: KeyspaceTerm;
  source: KeyspaceTerm | ExpressionTerm;
  onKey?: Expr;
  on?: Expr;
  let?: LetBinding[];
  update?: { set: SetClause[]; unset: Expr[]; where?: Expr };
  delete?: { where?: Expr };
  insert?: MergeInsert;
  limit?: Expr;
  returning?: Returning;
}

/**
 * The transaction statements: `BEGIN|START WORK|TRAN|TRANSACTION [ISOLATION LEVEL READ COMMITTED]`
 * (`StartTransaction`), `COMMIT`, `ROLLBACK [TO SAVEPOINT name]`, `SAVEPOINT name` and
 * `SET TRANSACTION ISOLATION LEVEL READ COMMITTED` (docs/transactions.md). Source of the syntax:
 * couchbase/query `parser/n1ql/n1ql.y` (start_transaction, commit_transaction, …).
 */
export type TransactionStatement =
  | (Node & { kind: 'StartTransaction'; isolation?: 'READ COMMITTED' })
  | (Node & { kind: 'CommitTransaction' })
  | (Node & { kind: 'RollbackTransaction'; savepoint?: string })
  | (Node & { kind: 'Savepoint'; savepoint: string })
  | (Node & { kind: 'TransactionIsolation'; isolation: 'READ COMMITTED' });

/**
 * A user-defined function's body: an inline N1QL expression (`{ expr }`, `LANGUAGE INLINE AS
 * expr`, with its source text), or JavaScript: the function's own code (`LANGUAGE JAVASCRIPT AS
 * "function f(…) {…}"`) or a function of a library (`AS "fname" AT "library"`).
 * Source: couchbase/query `functions/inline/`, `functions/javascript/`.
 */
export type FunctionBody =
  | { language: 'inline'; expr: Expr; text: string }
  | { language: 'javascript'; code: string; library?: undefined }
  | { language: 'javascript'; object: string; library: string };

/**
 * `CREATE [OR REPLACE] FUNCTION [namespace:][bucket.scope.]name(params) [IF NOT EXISTS] body`.
 * `params` is undefined for `(...)`: the function takes any number of arguments, seen as the
 * array `args`. The name is a KeyspaceRef: one part (global) or three (scoped).
 */
export interface CreateFunctionStatement extends Node {
  kind: 'CreateFunction';
  name: KeyspaceRef;
  params?: string[];
  replace: boolean;
  ifNotExists: boolean;
  body: FunctionBody;
}

/** `DROP FUNCTION name [IF EXISTS]` */
export interface DropFunctionStatement extends Node {
  kind: 'DropFunction';
  name: KeyspaceRef;
  ifExists: boolean;
}

/** `EXECUTE FUNCTION name(args)`: one result row, the function's value. */
export interface ExecuteFunctionStatement extends Node {
  kind: 'ExecuteFunction';
  name: KeyspaceRef;
  args: Expr[];
}

/**
 * `UPDATE STATISTICS [FOR] ks (keys) | DELETE (keys) | DELETE ALL | INDEX (names) | INDEX ALL
 * [WITH options]`, `UPDATE STATISTICS FOR INDEX name ON ks`, and `ANALYZE …` (the same).
 * Source: couchbase/query `algebra/update_statistics.go`.
 */
export interface UpdateStatisticsStatement extends Node {
  kind: 'UpdateStatistics';
  keyspace: KeyspaceRef;
  /** Expressions to collect statistics on. */
  keys?: Expr[];
  /** Expressions whose statistics to drop; `deleteAll` drops the keyspace's. */
  deleteKeys?: Expr[];
  deleteAll?: boolean;
  /** Indexes to collect statistics for (`'all'`: every index of the keyspace). */
  indexes?: string[] | 'all';
  options?: Expr;
}

/** A role granted to a user or group: `select ON ks`, `cluster_admin`. */
export interface RoleSpec {
  role: string;
  on?: KeyspaceRef;
}

/**
 * User and group administration (couchbase/query `algebra/create_user.go` … `grant_role.go`):
 * `CREATE|ALTER|DROP USER|GROUP …`, `GRANT|REVOKE roles [ON ks, …] TO|FROM [USERS|GROUPS] …`.
 * Parsed (SANITIZE prints it) but not executed: tokenql keeps no users or groups (error 1020).
 * A user or group name is a KeyspaceRef: `local:joe` has namespace `local` (the domain).
 */
export interface SecurityStatement extends Node {
  kind: 'Security';
  action: 'CREATE' | 'ALTER' | 'DROP' | 'GRANT' | 'REVOKE';
  /** USER or GROUP for CREATE/ALTER/DROP; USERS or GROUPS (USERS by default) for GRANT/REVOKE. */
  target: 'USER' | 'GROUP' | 'USERS' | 'GROUPS';
  names: KeyspaceRef[];
  ifExists?: boolean;
  ifNotExists?: boolean;
  password?: string;
  description?: string;
  groups?: string[];
  roles?: RoleSpec[];
  /** GRANT/REVOKE … ON ks, … */
  on?: KeyspaceRef[];
  /** `NO ROLES` / `NO GROUPS`. */
  none?: 'ROLES' | 'GROUPS';
}

/**
 * Bucket, scope and collection DDL: `CREATE|ALTER|DROP BUCKET`, `CREATE|DROP SCOPE`,
 * `CREATE|DROP|FLUSH COLLECTION`. Parsed but not executed (error 1020): tokenql's keyspaces are
 * created by loading documents.
 */
export interface ContainerStatement extends Node {
  kind: 'Container';
  action: 'CREATE' | 'ALTER' | 'DROP' | 'FLUSH';
  container: 'BUCKET' | 'SCOPE' | 'COLLECTION';
  keyspace: KeyspaceRef;
  ifExists?: boolean;
  ifNotExists?: boolean;
  with?: Expr;
}

/** `ALTER INDEX name ON ks WITH {…}` (moving or resizing a GSI index): parsed, not executed (1020). */
export interface AlterIndexStatement extends Node {
  kind: 'AlterIndex';
  name: string;
  keyspace: KeyspaceRef;
  using?: string;
  with: Expr;
}

/** `EXPLAIN FUNCTION name`: parsed, not executed (1020). */
export interface ExplainFunctionStatement extends Node {
  kind: 'ExplainFunction';
  name: KeyspaceRef;
}
