import { walkExpr, type Expr, type FunctionCall } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import type { Value } from '../values/index.js';
import { constantValue, NOT_CONSTANT } from './compile-call.js';
import type { Compile } from './compile-path.js';
import { parseFieldPath, timeseriesOf, type TimeseriesPaths } from './functions/timeseries.js';
import { isBound, isWithBound, type Evaluator, type Scope } from './scope.js';

const PATH_OPTIONS = ['ts_data', 'ts_interval', 'ts_start', 'ts_end'] as const;

function invalid(cause: string, e: Expr): QueryError {
  return new QueryError({
    code: ErrorCode.FUNCTION_OPERANDS_INVALID,
    phase: 'semantic',
    message: `_TIMESERIES() function operands are invalid: ${cause}`,
    position: e.loc,
  });
}

/** Made of constants, parameters and WITH aliases only (the reference's `Static()`). */
function isStatic(e: Expr, scope: Scope): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (x.kind === 'Identifier' && isWithBound(scope, x.name)) return false;
    if (x.kind === 'Identifier' || x.kind === 'Self' || x.kind === 'Subquery' || x.kind === 'FunctionCall') ok = false;
    return ok;
  });
  return ok;
}

/** The constant value of option `name` in an options object expression, or NOT_CONSTANT / undefined (absent). */
function optionExpr(opts: Expr, name: string): Expr | undefined {
  if (opts.kind !== 'ObjectConstruct') return undefined;
  for (const f of opts.fields) if (constantValue(f.name) === name) return f.value;
  return undefined;
}

/**
 * `_TIMESERIES(alias [, options])`: checks the operands as the reference does, then evaluates
 * {@link timeseriesOf} on the alias's document with the options' `ts_ranges` and `ts_project`
 * (evaluated per row: they may be parameters).
 * @throws QueryError 3100 "_TIMESERIES() function operands are invalid: …" when the first
 *   argument is not a FROM alias, the second is not an object of constants and parameters, or a
 *   path option (`ts_data`, `ts_interval`, `ts_start`, `ts_end`) is not a constant non-empty
 *   string; 3000 for a wrong number of arguments
 * Source: couchbase/query `expression/func_timeseries.go` (ValidOperands, GetOptionFields).
 */
export function compileTimeseries(e: FunctionCall, scope: Scope, compile: Compile): Evaluator {
  const n = e.args.length;
  if (n < 1 || n > 2) {
    throw new QueryError({ code: ErrorCode.WRONG_ARITY, phase: 'semantic', message: `Number of arguments to function _timeseries must be between 1 and 2.`, position: e.loc });
  }
  const [aliasArg, opts] = e.args;
  // The reference asks for an identifier bound to a FROM term; tokenql accepts any bound name.
  if (aliasArg.kind !== 'Identifier' || !(isBound(scope, aliasArg.name) || scope.keyspaceAliases.includes(aliasArg.name))) {
    throw invalid('First argument must be keyspace alias.', e);
  }
  const paths: TimeseriesPaths = { data: ['ts_data'], interval: ['ts_interval'], start: ['ts_start'], end: ['ts_end'] };
  let options: Evaluator = () => undefined;
  if (opts) {
    const c = constantValue(opts);
    const objectLike = opts.kind === 'ObjectConstruct' || (c !== NOT_CONSTANT && c !== null && typeof c === 'object' && !Array.isArray(c));
    if (!objectLike || !isStatic(opts, scope)) {
      throw invalid('Second argument must be OBJECT and can only contain constants or positional/named parameters.', e);
    }
    for (const name of PATH_OPTIONS) {
      let v: Value;
      if (c !== NOT_CONSTANT) v = (c as Record<string, Value>)[name];
      else {
        const x = optionExpr(opts, name);
        if (x === undefined) continue;
        const xv = constantValue(x);
        if (xv === NOT_CONSTANT) throw invalid(`'${name}' in the second argument must be constant.`, e);
        v = xv;
      }
      if (v === undefined) continue;
      if (typeof v !== 'string') throw invalid(`'${name}' must be string in the second argument.`, e);
      if (v === '') throw invalid(`'${name}' invalid in the second argument.`, e);
      paths[name.slice(3) as keyof TimeseriesPaths] = parseFieldPath(v);
    }
    options = compile(opts, scope);
  }
  const doc = compile(aliasArg, scope);
  return (env, ctx) => {
    const o = options(env, ctx);
    const isObj = o !== null && typeof o === 'object' && !Array.isArray(o);
    return timeseriesOf(doc(env, ctx), paths, isObj ? o.ts_ranges : undefined, isObj ? o.ts_project : undefined);
  };
}
