import type { SourcePosition } from '../errors/index.js';
import type { Value } from '../values/index.js';
import type { SelectStatement, SequenceName } from './statement.js';
import type { WindowSpec } from './window.js';

/**
 * Expression nodes: a discriminated union on `kind`. Nodes are plain immutable data; `loc`
 * (where the node starts in the statement text) is set by the parser and ignored by
 * equivalence and printing. Source of the shapes: couchbase/query `expression/`.
 */
export type Expr =
  | Literal
  | ArrayConstruct
  | ObjectConstruct
  | Identifier
  | Self
  | Field
  | DynamicField
  | Element
  | Slice
  | NamedParam
  | PositionalParam
  | Unary
  | Binary
  | Like
  | In
  | Between
  | Is
  | Case
  | Collection
  | ArrayFor
  | ObjectFor
  | Exists
  | FunctionCall
  | Subquery
  | SequenceValue;

interface Node {
  loc?: SourcePosition;
}

/** A constant: JSON value, NULL, MISSING (`value: undefined`), TRUE/FALSE. */
export interface Literal extends Node {
  kind: 'Literal';
  value: Value;
  /**
   * Set only by the planner (planner/cover.ts): this TRUE stands for a WHERE conjunct whose
   * truth a covering scan's exact spans decide, e.g. "(any `v` in `arr` satisfies (`v` = 10) end)";
   * printed as the reference's `cover (<that text>)`. Never produced by the parser.
   */
  coveredCondition?: string;
}

/** `[e1, e2, …]` */
export interface ArrayConstruct extends Node {
  kind: 'ArrayConstruct';
  items: Expr[];
}

/** `{name: value, …}`; a name is an expression that must evaluate to a string. */
export interface ObjectConstruct extends Node {
  kind: 'ObjectConstruct';
  fields: { name: Expr; value: Expr }[];
}

/**
 * A bare name: a keyspace alias, a LET/FOR/ANY variable, or (resolved by the binder) a field of
 * the only keyspace in scope. `caseInsensitive` for the reference's `` `name`i `` form.
 */
export interface Identifier extends Node {
  kind: 'Identifier';
  name: string;
  caseInsensitive?: boolean;
}

/** `SELF`: the current item (the keyspace document when there is one FROM term). */
export interface Self extends Node {
  kind: 'Self';
}

/** `target.name` */
export interface Field extends Node {
  kind: 'Field';
  target: Expr;
  name: string;
  caseInsensitive?: boolean;
  /**
   * Set only by the planner (planner/cover-expressions.ts): this field holds the value of the
   * covered expression index key whose text this is, e.g. "lower(`name`)"; printed as the
   * reference's `cover (lower(`name`))`. Never produced by the parser.
   */
  coveredKey?: string;
}

/** `target.[nameExpr]` */
export interface DynamicField extends Node {
  kind: 'DynamicField';
  target: Expr;
  name: Expr;
}

/** `target[index]` (negative indexes count from the end). */
export interface Element extends Node {
  kind: 'Element';
  target: Expr;
  index: Expr;
}

/**
 * `target[start:end]`; `end` omitted means to the end, `start` omitted (`[:end]`) means 0.
 * With neither (`target[]` or `target[:]`) it is the whole array, and a field step applied
 * to it maps over the elements (couchbase/query `expression/nav_slice.go`, `nav_field.go`).
 */
export interface Slice extends Node {
  kind: 'Slice';
  target: Expr;
  start?: Expr;
  end?: Expr;
}

/** `$name` (name without the `$`). */
export interface NamedParam extends Node {
  kind: 'NamedParam';
  name: string;
}

/** `$1` or `?` (1-based; `?` numbered left to right). */
export interface PositionalParam extends Node {
  kind: 'PositionalParam';
  position: number;
}

export interface Unary extends Node {
  kind: 'Unary';
  op: 'NOT' | 'NEG';
  operand: Expr;
}

export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '||' | '=' | '!=' | '<' | '<=' | '>' | '>=' | 'AND' | 'OR';

/** Binary operators. `==` parses as `=`, `<>` as `!=`. */
export interface Binary extends Node {
  kind: 'Binary';
  op: BinaryOp;
  left: Expr;
  right: Expr;
}

/** `operand [NOT] LIKE pattern [ESCAPE escape]` */
export interface Like extends Node {
  kind: 'Like';
  not: boolean;
  operand: Expr;
  pattern: Expr;
  escape?: Expr;
}

/** `operand [NOT] IN collection` (a list literal is an ArrayConstruct). */
export interface In extends Node {
  kind: 'In';
  not: boolean;
  operand: Expr;
  collection: Expr;
}

/** `operand [NOT] BETWEEN low AND high` */
export interface Between extends Node {
  kind: 'Between';
  not: boolean;
  operand: Expr;
  low: Expr;
  high: Expr;
}

/** `operand IS [NOT] NULL|MISSING|VALUED|UNKNOWN` */
export interface Is extends Node {
  kind: 'Is';
  not: boolean;
  test: 'NULL' | 'MISSING' | 'VALUED' | 'UNKNOWN';
  operand: Expr;
}

/** Simple (`CASE subject WHEN v THEN r …`) and searched (`CASE WHEN cond THEN r …`) CASE. */
export interface Case extends Node {
  kind: 'Case';
  subject?: Expr;
  whens: { when: Expr; then: Expr }[];
  else?: Expr;
}

/**
 * A range binding: `variable IN expr`, `variable WITHIN expr`, or with a name variable
 * `name : variable IN expr` (for objects).
 */
export interface Binding {
  variable: string;
  nameVariable?: string;
  within: boolean;
  expr: Expr;
  /** Where the variable is written. */
  loc?: SourcePosition;
  /** Planner only: an ANY an UNNEST implies for FLATTEN_KEYS keys alone (planner/unnest-sarg.ts). */
  flattenOnly?: boolean;
}

/** `ANY | SOME | EVERY | ANY AND EVERY bindings SATISFIES cond END` */
export interface Collection extends Node {
  kind: 'Collection';
  quantifier: 'ANY' | 'EVERY' | 'ANY AND EVERY';
  bindings: Binding[];
  satisfies: Expr;
}

/** `ARRAY mapping FOR bindings [WHEN cond] END` or `FIRST mapping FOR … END`. */
export interface ArrayFor extends Node {
  kind: 'ArrayFor';
  first: boolean;
  mapping: Expr;
  bindings: Binding[];
  when?: Expr;
  /**
   * `(DISTINCT|ALL ARRAY … END)`: a nested array index key (the mapping of an array key, e.g.
   * `DISTINCT ARRAY (DISTINCT ARRAY p.n FOR p IN c.pages END) FOR c IN chapters END`); the
   * reference rejects it anywhere else (3284).
   */
  array?: 'DISTINCT' | 'ALL';
}

/**
 * The attributes of one key of `FLATTEN_KEYS(k1 [ASC|DESC] [INCLUDE MISSING], …)` in an array
 * index key (couchbase/query n1ql.y flatten_keys_expr): its direction and whether an element whose
 * key is MISSING is indexed (allowed on the first key of the leading index key only, 3281).
 */
export interface FlattenKeyAttrs {
  desc?: boolean;
  includeMissing?: boolean;
}

/** `OBJECT name : value FOR bindings [WHEN cond] END` */
export interface ObjectFor extends Node {
  kind: 'ObjectFor';
  name: Expr;
  value: Expr;
  bindings: Binding[];
  when?: Expr;
}

/** `EXISTS operand` */
export interface Exists extends Node {
  kind: 'Exists';
  operand: Expr;
}

/**
 * A function call. `name` is lower-case as written (aliases are resolved by the function
 * registry, not the parser). `star` for `COUNT(*)`; `distinct` for `COUNT(DISTINCT x)` etc.;
 * `filter` for an aggregate's `FILTER (WHERE cond)` clause (only rows whose `cond` is true are
 * aggregated; couchbase/query `algebra/aggregate.go`).
 */
export interface FunctionCall extends Node {
  kind: 'FunctionCall';
  name: string;
  args: Expr[];
  distinct?: boolean;
  star?: boolean;
  filter?: Expr;
  /** `target[*]`: ARRAY_STAR(target) written as a path operator (printed back as `[*]`). */
  pathOperator?: boolean;
  /** A window function call's window (`OVER …`): the call is computed by a WindowAggregate. */
  over?: WindowSpec;
  /** `NTH_VALUE(…) FROM LAST` (FROM FIRST is the default and is not kept). */
  fromLast?: boolean;
  /** `IGNORE NULLS` (RESPECT NULLS is the default and is not kept). */
  ignoreNulls?: boolean;
  /** FLATTEN_KEYS only: each argument's ASC/DESC and INCLUDE MISSING (set when one is written). */
  keyAttrs?: FlattenKeyAttrs[];
}

/** A parenthesised SELECT used as an expression (evaluates to an array of its rows). */
export interface Subquery extends Node {
  kind: 'Subquery';
  query: SelectStatement;
}

/**
 * `NEXT VALUE FOR name` / `NEXTVAL FOR name` (`next: true`) and `PREV VALUE FOR name` /
 * `PREVVAL FOR name`. `block` numbers the query block (SELECT) the operator is in, so that every
 * NEXT VALUE of one sequence in one block gives the same value for a row (set by the parser).
 * Source: couchbase/query `expression/sequence.go`.
 */
export interface SequenceValue extends Node {
  kind: 'SequenceValue';
  next: boolean;
  sequence: SequenceName;
  block: number;
}
