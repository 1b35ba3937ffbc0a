/**
 * RECURSIVE_CTE(anchor, recursive [, options]): runs the SELECT `anchor`, then the SELECT
 * `recursive` once per level with `$anchor` bound to the previous level's rows, and returns
 * every row (anchor first, level by level). Options: `levels` (default 100; a level count,
 * truncated), `documents` (at most that many rows, checked before each level), `arguments` (an
 * array: positional parameters; an object: named ones, for both statements), `cycle` (field
 * names: a row whose values of them were seen is dropped), `explain` (ignored). A MISSING
 * statement gives MISSING, a non-string one NULL; an empty anchor gives `[]` without preparing
 * the recursive statement. Source: couchbase/query `expression/func_rcte.go`.
 */
import { ErrorCode, QueryError } from '../../errors/index.js';
import { isObject, type Value } from '../../values/index.js';
import { recurse, type RecursionLimits } from '../recursion.js';
import type { FunctionContext, FunctionDef } from './function-def.js';

/** The reference's default depth of RECURSIVE_CTE (`_MAX_RECUR_DEPTH`). */
const MAX_RECURSION_DEPTH = 100;

interface Config {
  limits: RecursionLimits;
  named: Record<string, Value>;
  positional: Value[];
  cycle: ((row: Value) => Value)[];
}

function config(v: Value, ctx: FunctionContext): Config {
  const out: Config = { limits: { levels: MAX_RECURSION_DEPTH, documents: Infinity, explicitLevels: false }, named: Object.create(null), positional: [], cycle: [] };
  if (!isObject(v)) return out;
  if (typeof v.levels === 'number') out.limits = { ...out.limits, levels: Math.trunc(v.levels), explicitLevels: true };
  if (typeof v.documents === 'number' && v.documents >= 0) out.limits.documents = Math.trunc(v.documents);
  const args = v.arguments;
  if (Array.isArray(args)) out.positional = args;
  else if (isObject(args)) Object.assign(out.named, args);
  if (Array.isArray(v.cycle)) {
    // Only field names and paths count; anything else is skipped, as the reference does.
    for (const f of v.cycle) {
      const read = typeof f === 'string' ? ctx.statements?.field(f) : undefined;
      if (read) out.cycle.push(read);
    }
  }
  return out;
}

function recursiveCte(args: Value[], ctx: FunctionContext): Value {
  const [anchorText, recursiveText, options] = args;
  if (anchorText === undefined || recursiveText === undefined) return undefined;
  if (typeof anchorText !== 'string' || typeof recursiveText !== 'string') return null;
  const runner = ctx.statements;
  if (!runner) throw new QueryError({ code: ErrorCode.NOT_SUPPORTED, phase: 'execution', message: 'RECURSIVE_CTE() cannot run statements here' });
  const c = config(options, ctx);
  const anchor = runner.prepare(anchorText)(c.named, c.positional);
  if (anchor.length === 0) return [];
  const recursive = runner.prepare(recursiveText);
  const cycle = c.cycle.length ? (row: Value) => c.cycle.map((read) => read(row)) : undefined;
  const step = (previous: Value[]) => recursive({ ...c.named, anchor: previous }, c.positional);
  const it = recurse(anchor, step, c.limits, { union: false, ...(cycle ? { cycle } : {}) });
  for (;;) {
    const r = it.next();
    if (r.done) return r.value.rows;
  }
}

export const recursiveCteFunctions: FunctionDef[] = [{ name: 'RECURSIVE_CTE', minArgs: 2, maxArgs: 3, nulls: 'custom', volatile: true, fn: recursiveCte }];
