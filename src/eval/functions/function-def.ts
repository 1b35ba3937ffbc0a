import type { Value } from '../../values/index.js';

/**
 * How a function treats MISSING and NULL arguments, declared once per function instead of in
 * each body (STYLE: sqlglot's `null_if_any`):
 * - `'strict'`: any MISSING argument gives MISSING, else any NULL argument gives NULL; the body
 *   only ever sees valued arguments. This is the reference's rule for most functions.
 * - `'custom'`: the body sees MISSING (`undefined`) and NULL as they are and decides itself
 *   (conditional functions, TOKENS, ARRAY_* that accept NULL elements …).
 */
export type NullHandling = 'strict' | 'custom';

/** Context a function body may use (e.g. for warnings). */
export interface FunctionContext {
  /** Adds a warning to the query's `warnings`, with the reference's code (ErrorCode.WARN_*). */
  warn(message: string, code?: number): void;
  /** The statement's instant in epoch milliseconds: NOW_* give this one value for the whole statement. */
  now: number;
  /** Runs statements given as text (RECURSIVE_CTE); absent where none can run (constant folding). */
  statements?: StatementRunner;
  /** The database's catalogue, for the functions that read it (INFER over a keyspace, EXTRACTDDL); absent outside a statement. */
  catalog?: CatalogAccess;
  /** The index advisor (ADVISOR); absent outside a statement. */
  advisor?: AdvisorAccess;
}

/** What ADVISOR reaches (filled by the engine for each statement). */
export interface AdvisorAccess {
  /** The advisor's report over statements with their run counts (functions/advisor.ts gives its shape). */
  report(statements: Map<string, number>): Value;
  /** A session action (the object form of ADVISOR); raises the reference's 5010 errors. */
  action(arg: import('../../values/index.js').ObjectValue): Value;
}

/**
 * What the engine offers a function that runs statements given as text (couchbase/query's
 * `ParkableExecutePreparedContext`): prepare once, run many times with other parameters.
 */
export interface StatementRunner {
  /**
   * Parses, checks and plans a SELECT; the function returned runs it synchronously with the
   * given parameters and returns its rows. @throws QueryError of the failing phase
   */
  prepare(text: string): (named: Record<string, Value>, positional: Value[]) => Value[];
  /** A field reader from text (`a`, `a.b`): the value of that path in a row; undefined for other expressions. */
  field(text: string): ((row: Value) => Value) | undefined;
}

/** What catalogue-reading functions reach (filled by the engine for each statement). */
export interface CatalogAccess {
  /** Up to `limit` documents of the keyspace `namespace:path`, in key order; raises 12003 when there is no such keyspace. */
  sampleDocuments(keyspace: string, limit: number): Value[];
  /**
   * The DDL statements that recreate what a bucket holds (`""`: the cluster's global objects),
   * for the kinds named in `flags` (`bucket`, `scope`, `collection`, `index`, `sequence`,
   * `function`, `prepared`).
   */
  extractDdl(bucket: string, flags: readonly string[]): string[];
}

/**
 * A scalar function of the N1QL function library. Family files (`string.ts`, `array.ts` …)
 * export arrays of these; `registry.ts` indexes them by lower-case name and alias.
 * The body receives already evaluated arguments. Wrong-typed arguments give NULL, per the
 * reference, unless the function documents otherwise. Errors the body throws must be
 * `QueryError`s (use `evaluationError` from errors/ for code 5010).
 */
export interface FunctionDef {
  /** Canonical upper-case name as documented, e.g. `CONTAINS_TOKEN`. */
  name: string;
  /** Other names, upper-case, e.g. `['HAS_TOKEN']`. */
  aliases?: string[];
  minArgs: number;
  /** `Infinity` for variadic functions. */
  maxArgs: number;
  nulls: NullHandling;
  /** True for functions whose result may differ between calls with the same arguments. */
  volatile?: boolean;
  /**
   * True when the body takes an int64 past 2^53 (a `bigint` argument, values/int64.ts) as it is:
   * functions that pass, compare, type or encode values, and the integer ones (bitwise, IDIV).
   * Otherwise each bigint argument reaches the body as its nearest double, as the reference's
   * float64 math sees it (`SQRT`, `ROUND`, date functions …). Set by registry.ts per family.
   */
  int64?: boolean;
  fn(args: Value[], ctx: FunctionContext): Value;
}
