/**
 * ADVISOR(statements | session action) (couchbase/query `expression/func_advisor.go`; the
 * Couchbase ADVISOR documentation):
 * - a string: the index advisor's report for that one statement;
 * - an array: the report for its strings (a statement given n times has `run_count` n; other
 *   elements are ignored); `[]` when it has no string;
 * - an object: a session action (`start`, `stop`, `abort`, `get`, `purge`, `list`), run by the
 *   database's advisor sessions (src/advisor-sessions.ts);
 * - MISSING gives MISSING; any other value `[]`, as the reference answers.
 * The report is `{current_used_indexes?, errors?, recommended_covering_indexes?,
 * recommended_indexes?}`, each entry `{index, statements: [{run_count, statement}]}` (errors:
 * `{error, run_count, statement}`).
 */
import { ErrorCode, QueryError } from '../../errors/index.js';
import type { ObjectValue, Value } from '../../values/index.js';
import type { FunctionContext, FunctionDef } from './function-def.js';

function advisor(args: Value[], ctx: FunctionContext): Value {
  const [arg] = args;
  if (arg === undefined) return undefined;
  const access = ctx.advisor;
  if (!access) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: 'ADVISOR() cannot run statements here' });
  if (typeof arg === 'string') return access.report(new Map([[arg, 1]]));
  if (Array.isArray(arg)) {
    const statements = new Map<string, number>();
    for (const s of arg) if (typeof s === 'string') statements.set(s, (statements.get(s) ?? 0) + 1);
    return statements.size ? access.report(statements) : [];
  }
  if (arg !== null && typeof arg === 'object') return access.action(arg as ObjectValue);
  return [];
}

export const advisorFunctions: FunctionDef[] = [{ name: 'ADVISOR', minArgs: 1, maxArgs: 1, nulls: 'custom', volatile: true, fn: advisor }];
