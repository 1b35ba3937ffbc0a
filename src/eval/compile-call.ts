import type { ArrayConstruct, Expr, Field, FunctionCall, Literal, ObjectConstruct, Subquery } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { callFunction, lookupFunction } from './functions/registry.js';
import type { ObjectValue, Value } from '../values/index.js';
import { isAggregateName } from './aggregate-names.js';
import { windowSlot } from './window-names.js';
import { compileTimeseries } from './compile-timeseries.js';
import { compileConstantSeedRandom } from './compile-random.js';
import { compileContainsTokenCall } from './compile-contains-token.js';
import type { Compile } from './compile-path.js';
import { aggregateSlot, metaIdOf, metaKeyspace, metaOf, metaSlot } from './env.js';
import type { Evaluator, Scope } from './scope.js';

/** The value of an expression made only of literals and array/object constructors, or `NOT_CONSTANT`. */
export const NOT_CONSTANT: unique symbol = Symbol('not constant');

export function constantValue(e: Expr): Value | typeof NOT_CONSTANT {
  switch (e.kind) {
    case 'Literal':
      return literalValue(e);
    case 'ArrayConstruct': {
      const out: Value[] = [];
      for (const item of e.items) {
        const v = constantValue(item);
        if (v === NOT_CONSTANT) return NOT_CONSTANT;
        out.push(v);
      }
      return out;
    }
    case 'ObjectConstruct': {
      const out: ObjectValue = {};
      for (const f of e.fields) {
        const n = constantValue(f.name);
        if (n === NOT_CONSTANT) return NOT_CONSTANT;
        // A MISSING or NULL name leaves the field out, whatever its value (cons_object.go).
        if (n === undefined || n === null) continue;
        const v = constantValue(f.value);
        if (v === NOT_CONSTANT || typeof n !== 'string') return NOT_CONSTANT;
        if (v !== undefined) out[n] = v;
      }
      return out;
    }
    default:
      return NOT_CONSTANT;
  }
}

/**
 * A literal's value; the literal `-0` (or `-0.0`) is 0, as in the reference, whose parser folds it
 * into an integer zero (ATAN2(-0.0, -1) is π there, not -π).
 */
function literalValue(e: Literal): Value {
  return e.value === 0 ? 0 : e.value;
}

export function compileLiteral(e: Literal): Evaluator {
  const v = literalValue(e);
  return () => v;
}

export function compileArrayConstruct(e: ArrayConstruct, scope: Scope, compile: Compile): Evaluator {
  const c = constantValue(e);
  if (c !== NOT_CONSTANT) return () => c;
  // A MISSING element stays MISSING (`TYPE([MISSING][0])` is "missing"); it is written as null.
  const items = e.items.map((x) => compile(x, scope));
  // A MISSING element stays MISSING (TYPE([MISSING][0]) is "missing"); output writes it as null.
  return (env, ctx) => items.map((f) => f(env, ctx));
}

/**
 * Object constructor `{name: value, …}`: a field whose name is MISSING or NULL is left out, as is
 * a MISSING value; any other non-string name makes the result NULL.
 * Source: couchbase/query `expression/cons_object.go` `ObjectConstruct.Evaluate`.
 */
export function compileObjectConstruct(e: ObjectConstruct, scope: Scope, compile: Compile): Evaluator {
  const c = constantValue(e);
  if (c !== NOT_CONSTANT) return () => c;
  const fields = e.fields.map((f) => ({ name: compile(f.name, scope), value: compile(f.value, scope) }));
  return (env, ctx) => {
    const out: ObjectValue = {};
    for (const f of fields) {
      const n = f.name(env, ctx);
      if (n === undefined || n === null) continue;
      if (typeof n !== 'string') return null;
      const v = f.value(env, ctx);
      if (v !== undefined) out[n] = v;
    }
    return out;
  };
}

function semanticError(code: number, message: string, e: Expr): QueryError {
  return new QueryError({ code, phase: 'semantic', message, position: e.loc });
}

/** `META([alias])`: the document metadata object `{cas, expiration, flags, id, keyspace, type}`. */
function compileMeta(e: FunctionCall, scope: Scope): Evaluator {
  if (e.args.length > 1) {
    const at = e.args[0].loc;
    throw new QueryError({ code: ErrorCode.WRONG_ARITY, phase: 'semantic', message: `Number of arguments to function META must be between 0 and 1${at ? ` (near line ${at.line}, column ${at.column})` : ''}.`, position: at });
  }
  let alias = scope.keyspaceAliases[0];
  if (e.args.length === 1) {
    const a = e.args[0];
    if (a.kind !== 'Identifier') throw semanticError(ErrorCode.WRONG_ARITY, 'META() takes a keyspace alias', e);
    alias = a.name;
  }
  if (alias === undefined) return () => undefined;
  return (env) => {
    const m = metaOf(env, alias);
    if (!m) return undefined;
    const out: ObjectValue = { cas: m.cas, expiration: m.expiration, flags: 0, id: m.id, type: 'json' };
    const keyspace = metaKeyspace(env, alias);
    if (keyspace) out.keyspace = keyspace;
    return out;
  };
}

/**
 * `META([alias]).id` read straight from the bound metadata, without building the META object
 * per row (a scan's `ORDER BY META().id` or projection of it reads it once per document). The
 * value is the field `id` of `META([alias])` as {@link compileMeta} builds it: MISSING without
 * metadata. Undefined for any other field or form (then META is compiled as written).
 */
export function compileMetaId(e: Field, scope: Scope): Evaluator | undefined {
  const t = e.target;
  if (e.name !== 'id' || e.caseInsensitive || t.kind !== 'FunctionCall' || t.name.toLowerCase() !== 'meta') return undefined;
  if (t.distinct || t.star || t.filter || t.over) return undefined;
  let alias = scope.keyspaceAliases[0];
  if (t.args.length === 1) {
    const a = t.args[0];
    if (a.kind !== 'Identifier') return undefined;
    alias = a.name;
  } else if (t.args.length > 1) return undefined;
  if (alias === undefined) return undefined;
  const slot = metaSlot(alias);
  return (env) => metaIdOf((env as Record<string, unknown>)[slot]);
}

/** Function calls: META, aggregates (slots filled by the Group operator) and the function registry. */
export function compileCall(e: FunctionCall, scope: Scope, compile: Compile): Evaluator {
  const name = e.name.toLowerCase();
  if (name === 'meta') return compileMeta(e, scope);
  if (name === '_timeseries') return compileTimeseries(e, scope, compile);
  if (e.over) {
    // Computed by a WindowAggregate before the projection; read from the row.
    const slot = windowSlot(e);
    return (env) => env[slot];
  }
  if (isAggregateName(name)) {
    if (!scope.aggregates) {
      throw semanticError(ErrorCode.AGGREGATE_MISUSE, `Aggregate function ${name.toUpperCase()} is not allowed here`, e);
    }
    const slot = aggregateSlot(scope.aggregates.register(e));
    return (env) => env[slot];
  }
  const def = lookupFunction(name);
  if (!def) return compileUserFunctionCall(e, scope, compile);
  const n = e.args.length;
  if (n < def.minArgs || n > def.maxArgs) {
    const max = def.maxArgs === Infinity ? 32767 : def.maxArgs;
    const range = def.minArgs === max ? `${max}` : `between ${def.minArgs} and ${max}`;
    const at = e.args[0]?.loc;
    const text = `Number of arguments to function ${e.name.toUpperCase()} must be ${range}`;
    throw new QueryError({ code: ErrorCode.WRONG_ARITY, phase: 'semantic', message: at ? `${text} (near line ${at.line}, column ${at.column}).` : `${text}.`, position: at });
  }
  if (e.distinct || e.star) throw semanticError(ErrorCode.SYNTAX, `DISTINCT and * are only allowed in aggregates, not in ${e.name}`, e);
  if (e.filter) throw semanticError(ErrorCode.SYNTAX, `FILTER clause syntax is not valid for function ${e.name.toUpperCase()}`, e);
  if (def.name === 'RANDOM' && n === 1) {
    const seeded = compileConstantSeedRandom(e.args[0]);
    if (seeded) return seeded;
  }
  const args = e.args.map((a) => compile(a, scope));
  const constants = e.args.map(constantValue);
  if (!def.volatile && constants.every((c) => c !== NOT_CONSTANT)) {
    let cached: { v: Value } | undefined;
    return (_env, ctx) => (cached ??= { v: callFunction(def, constants as Value[], ctx) }).v;
  }
  if (def.name === 'CONTAINS_TOKEN') {
    const search = compileContainsTokenCall(e, scope, compile);
    if (search) return search;
  }
  switch (n) {
    case 1: {
      const [a] = args;
      return (env, ctx) => callFunction(def, [a(env, ctx)], ctx);
    }
    case 2: {
      const [a, b] = args;
      return (env, ctx) => callFunction(def, [a(env, ctx), b(env, ctx)], ctx);
    }
    default:
      return (env, ctx) => callFunction(def, args.map((f) => f(env, ctx)), ctx);
  }
}

/**
 * A call of a user-defined function (any name that is no built-in): resolved when it runs,
 * through the request's `ctx.functions` (the engine has checked before planning that the name
 * resolves; without a function runtime it is an unknown function, 3000).
 */
function compileUserFunctionCall(e: FunctionCall, scope: Scope, compile: Compile): Evaluator {
  const written = e.name;
  if (e.distinct || e.star) throw semanticError(ErrorCode.SYNTAX, `DISTINCT and * are only allowed in aggregates, not in ${written}`, e);
  if (e.filter) throw semanticError(ErrorCode.SYNTAX, `FILTER clause syntax is not valid for function ${written}`, e);
  const args = e.args.map((a) => compile(a, scope));
  return (env, ctx) => {
    if (!ctx.functions) throw semanticError(ErrorCode.UNKNOWN_FUNCTION, `Invalid function ${written}`, e);
    return ctx.functions.call(written, args.map((f) => f(env, ctx)), ctx);
  };
}

export function compileSubquery(e: Subquery, scope: Scope): Evaluator {
  if (!scope.compileSubquery) throw semanticError(ErrorCode.NOT_SUPPORTED, 'Subqueries are not supported here', e);
  return scope.compileSubquery(e.query, scope);
}
