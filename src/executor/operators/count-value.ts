import { ErrorCode, QueryError } from '../../errors/index.js';
import { compileExpr, rootEnv, type Env, type Scope } from '../../eval/index.js';
import type { Expr } from '../../ast/index.js';
import type { Value } from '../../values/index.js';
import type { RunContext } from '../runtime.js';

/**
 * A LIMIT or OFFSET value as the reference reads it (execution/limit.go, offset.go): an
 * integer-valued number, a negative one counting as 0 (no rows for LIMIT, none skipped for OFFSET).
 * @throws QueryError 5030 `Invalid LIMIT value 1.5.` for anything else (a fraction, a string, NULL)
 */
export function nonNegativeInt(v: Value, what: string): number {
  if (typeof v === 'bigint') return v < 0n ? 0 : Number(v); // an int64 past 2^53: no result is that long
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw new QueryError({ code: ErrorCode.INVALID_VALUE, phase: 'execution', message: `Invalid ${what} value ${JSON.stringify(v ?? null)}.` });
  }
  return Math.max(0, v);
}

/**
 * Compiles a LIMIT/OFFSET expression, evaluated once per execution with no row of its block:
 * constants, parameters, and in a correlated subquery the enclosing names (the outer row `outer`,
 * as the reference evaluates it for each outer row). The semantic phase allows no other name
 * there (3080, name-binding.ts).
 */
export function compileCount(e: Expr, what: 'LIMIT' | 'OFFSET', base: Scope): (rc: RunContext, outer?: Env) => number {
  const f = compileExpr(e, base);
  return (rc, outer) => nonNegativeInt(f(outer ?? rootEnv(), rc), what);
}
