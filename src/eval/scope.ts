import type { Expr, SelectStatement } from '../ast/index.js';
import type { Value } from '../values/index.js';
import type { Env } from './env.js';

/**
 * What the running statement provides to compiled expressions: parameters, warnings, and the
 * current time. One per statement execution.
 */
export interface ExecContext {
  /** Named parameters without the `$`. */
  named: Record<string, Value>;
  /** Positional parameters; `$1` is `positional[0]`. */
  positional: Value[];
  /**
   * Adds a warning to the statement's `warnings` (once per message), with the reference's
   * warning code (ErrorCode.WARN_*; 0 when the reference has none).
   */
  warn(message: string, code?: number): void;
  /** Statement start time in milliseconds since the epoch (NOW_* functions). */
  now: number;
  /** The database's sequences (NEXT VALUE / PREV VALUE FOR); absent where there are none. */
  sequences?: import('./compile-sequence.js').SequenceAccess;
  /** Runs statements given as text (RECURSIVE_CTE); set by the engine. */
  statements?: import('./functions/function-def.js').StatementRunner;
  /**
   * User-defined functions (set by the engine): calls the function a name as written resolves
   * to, raising 3000 "Invalid function" when none does.
   */
  functions?: { call(name: string, args: Value[], ctx: ExecContext): Value };
  /** The catalogue INFER over a keyspace and EXTRACTDDL read (functions/function-def.ts). */
  catalog?: import('./functions/function-def.js').CatalogAccess;
  /** The index advisor ADVISOR() runs (functions/function-def.ts). */
  advisor?: import('./functions/function-def.js').AdvisorAccess;
}

/** A compiled expression: evaluates in a row environment. Throws QueryError (5010) on evaluation errors. */
export type Evaluator = (env: Env, ctx: ExecContext) => Value;

/** Aggregates met while compiling a grouped query's projection, HAVING, LETTING and ORDER BY. */
export interface AggregateRegistry {
  /** Registers an aggregate call and returns its slot number (the same call text shares a slot). */
  register(call: Expr & { kind: 'FunctionCall' }): number;
}

/**
 * Compile-time scope: the names bound at this level and outwards, and how unqualified names
 * resolve. Source: couchbase/query formalizer (`expression/formalizer.go`): an identifier that
 * is not an alias or variable is a field of the only (here: the first) keyspace term.
 */
export interface Scope {
  names: Set<string>;
  parent?: Scope;
  /** Alias whose document's fields unqualified identifiers refer to. */
  defaultAlias?: string;
  /** Keyspace aliases in FROM order; `META()` without argument means the first. */
  keyspaceAliases: string[];
  /** Set where aggregates are allowed (projection, HAVING, LETTING, ORDER BY of a grouped query). */
  aggregates?: AggregateRegistry;
  /** Compiles a subquery in the given scope (injected by the planner layer to keep imports one way). */
  compileSubquery?: (query: SelectStatement, scope: Scope) => Evaluator;
  /** Set on the scope of a WITH binding: its names are static (one value per statement), as constants. */
  withBinding?: boolean;
}

/** A child scope binding more names (ANY/ARRAY variables, LET). Aggregates are not inherited. */
export function childScope(parent: Scope, names: Iterable<string>, keepAggregates = false): Scope {
  return {
    names: new Set(names),
    parent,
    defaultAlias: parent.defaultAlias,
    keyspaceAliases: parent.keyspaceAliases,
    aggregates: keepAggregates ? parent.aggregates : undefined,
    compileSubquery: parent.compileSubquery,
  };
}

/** True if the nearest scope binding `name` is a WITH binding's (a value fixed for the statement). */
export function isWithBound(scope: Scope | undefined, name: string): boolean {
  for (let s = scope; s; s = s.parent) if (s.names.has(name)) return !!s.withBinding;
  return false;
}

/** True if `name` is bound in `scope` or an enclosing scope. */
export function isBound(scope: Scope | undefined, name: string): boolean {
  for (let s = scope; s; s = s.parent) if (s.names.has(name)) return true;
  return false;
}
