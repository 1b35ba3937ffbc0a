import type { DynamicField, Element, Expr, Field, Identifier, NamedParam, PositionalParam, Slice } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { isObject, type ObjectValue, type Value } from '../values/index.js';
import { isBound, type Evaluator, type Scope } from './scope.js';

/** Compiles an expression in a scope (passed in to keep the family files independent). */
export type Compile = (e: import('../ast/index.js').Expr, scope: Scope) => Evaluator;

/** Field `name` of `v`: MISSING unless `v` is an object that has it. */
export function getField(v: Value, name: string): Value {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  // A JSON value is never undefined, so an undefined read is an absent field, known without the
  // own-property check (the common case when scanning documents of several shapes); a defined
  // read may still come from Object.prototype ("toString", "constructor").
  const x = (v as ObjectValue)[name];
  return x !== undefined && Object.prototype.hasOwnProperty.call(v, name) ? x : undefined;
}

function getFieldCI(v: Value, name: string): Value {
  if (!isObject(v)) return undefined;
  const lower = name.toLowerCase();
  for (const k of Object.keys(v)) if (k.toLowerCase() === lower) return v[k];
  return undefined;
}

/**
 * An identifier: a bound name (alias, variable) is looked up in the environment; any other name
 * is a field of the default keyspace alias (couchbase/query formalizer), or MISSING without one.
 */
export function compileIdentifier(e: Identifier, scope: Scope): Evaluator {
  const name = e.name;
  if (isBound(scope, name) || scope.defaultAlias === undefined) {
    return (env) => env[name];
  }
  const alias = scope.defaultAlias;
  if (e.caseInsensitive) return (env) => getFieldCI(env[alias], name);
  return (env) => getField(env[alias], name);
}

/** True for `a[]` and `a[:]`: a slice with neither bound, the whole array. */
export function isWholeSlice(e: Expr): boolean {
  return e.kind === 'Slice' && e.start === undefined && e.end === undefined;
}

/**
 * A field step after `a[]`: the field of every element, arrays searched element by element,
 * MISSING results left out and array results spliced in (one level); MISSING when nothing is
 * left. So `a[].b` of `[{"b":[1,2]},{"b":3},{"c":4}]` is `[1,2,3]`. Found by asking the
 * reference (couchbase/query `expression/nav_field.go` over a `Slice` without bounds).
 */
export function mappedField(a: Value[], read: (v: Value) => Value): Value {
  const out: Value[] = [];
  for (const e of a) {
    const r = Array.isArray(e) ? mappedField(e, read) : read(e);
    if (r === undefined) continue;
    if (Array.isArray(r)) out.push(...r);
    else out.push(r);
  }
  return out.length > 0 ? out : undefined;
}

export function compileField(e: Field, scope: Scope, compile: Compile): Evaluator {
  const target = compile(e.target, scope);
  const name = e.name;
  const read = e.caseInsensitive ? (v: Value) => getFieldCI(v, name) : (v: Value) => getField(v, name);
  if (isWholeSlice(e.target)) {
    return (env, ctx) => {
      const t = target(env, ctx);
      return Array.isArray(t) ? mappedField(t, read) : read(t);
    };
  }
  if (e.caseInsensitive) return (env, ctx) => getFieldCI(target(env, ctx), name);
  return (env, ctx) => getField(target(env, ctx), name);
}

export function compileDynamicField(e: DynamicField, scope: Scope, compile: Compile): Evaluator {
  const target = compile(e.target, scope);
  const name = compile(e.name, scope);
  return (env, ctx) => {
    const n = name(env, ctx);
    if (n === undefined) return undefined;
    if (typeof n !== 'string') return null;
    return getField(target(env, ctx), n);
  };
}

/**
 * `a[i]`: the element of an array at an integer position (negative counts from the end), MISSING
 * past either end or when `a` is not an array; a MISSING index gives MISSING. An index that is
 * not an integer number (a string too: `a["x"]` never reads a field, `a.["x"]` does) gives NULL,
 * or MISSING when `a` is MISSING. Source: couchbase/query `expression/nav_element.go`
 * `Element.Evaluate` (and `Index()` of each value kind: MISSING unless an array).
 */
export function elementOf(t: Value, i: Value): Value {
  if (i === undefined) return undefined;
  // An int64 index past 2^53 is outside any array.
  if (typeof i === 'bigint') return undefined;
  if (typeof i === 'number' && Number.isInteger(i)) {
    if (!Array.isArray(t)) return undefined;
    const idx = i < 0 ? t.length + i : i;
    return idx >= 0 && idx < t.length ? t[idx] : undefined;
  }
  return t === undefined ? undefined : null;
}

export function compileElement(e: Element, scope: Scope, compile: Compile): Evaluator {
  const target = compile(e.target, scope);
  const index = compile(e.index, scope);
  return (env, ctx) => elementOf(target(env, ctx), index(env, ctx));
}

/**
 * `a[s:e]` / `a[s:]` (also the SLICE() function): a sub-array; negative bounds count from the
 * end. MISSING `a`, `s` or `e` gives MISSING; a bound that is not an integer, or an `a` that is
 * not an array, gives NULL; bounds outside the array give MISSING, and so does a start at or
 * past the end when there is no end bound (`[1,2][2:]`, `[][0:]`), while `[1,2][2:2]` is `[]`.
 * Source: couchbase/query `expression/nav_slice.go` and `value/array.go` `Slice`/`SliceTail`,
 * checked against the reference.
 */
export function sliceOf(t: Value, s: Value, f?: Value, hasEnd = false): Value {
  if (t === undefined || s === undefined || (hasEnd && f === undefined)) return undefined;
  if (hasEnd && (typeof f !== 'number' || !Number.isInteger(f))) return null;
  if (typeof s !== 'number' || !Number.isInteger(s)) return null;
  if (!Array.isArray(t)) return null;
  const from = s < 0 ? t.length + s : s;
  if (!hasEnd) return from < 0 || from >= t.length ? undefined : t.slice(from);
  const to = (f as number) < 0 ? t.length + (f as number) : (f as number);
  return from < 0 || to > t.length || from > to ? undefined : t.slice(from, to);
}

/**
 * `a[]` or `a[:]` applied to another `a[]`: each element must be an array (else MISSING), as
 * must there be at least one. Found by asking the reference (`[[1],[2]][][]` is `[[1],[2]]`,
 * `[1,2][][]` and `[][][]` are MISSING).
 */
function wholeSliceOfWholeSlice(t: Value): Value {
  if (!Array.isArray(t)) return sliceOf(t, 0);
  if (t.length === 0 || !t.every((x) => Array.isArray(x))) return undefined;
  return t.slice();
}

export function compileSlice(e: Slice, scope: Scope, compile: Compile): Evaluator {
  const target = compile(e.target, scope);
  if (isWholeSlice(e)) {
    if (isWholeSlice(e.target)) return (env, ctx) => wholeSliceOfWholeSlice(target(env, ctx));
    return (env, ctx) => sliceOf(target(env, ctx), 0);
  }
  const start = e.start ? compile(e.start, scope) : () => 0;
  const end = e.end ? compile(e.end, scope) : undefined;
  if (!end) return (env, ctx) => sliceOf(target(env, ctx), start(env, ctx));
  return (env, ctx) => sliceOf(target(env, ctx), start(env, ctx), end(env, ctx), true);
}

export function compileNamedParam(e: NamedParam): Evaluator {
  const name = e.name;
  return (_env, ctx) => {
    if (!Object.prototype.hasOwnProperty.call(ctx.named, name)) {
      throw new QueryError({ code: ErrorCode.MISSING_PARAMETER, phase: 'execution', message: `No value for named parameter $${name}`, position: e.loc });
    }
    return ctx.named[name];
  };
}

export function compilePositionalParam(e: PositionalParam): Evaluator {
  const i = e.position - 1;
  return (_env, ctx) => {
    if (i >= ctx.positional.length) {
      throw new QueryError({ code: ErrorCode.MISSING_PARAMETER, phase: 'execution', message: `No value for positional parameter $${e.position}`, position: e.loc });
    }
    return ctx.positional[i];
  };
}
