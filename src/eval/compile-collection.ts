import type { ArrayFor, Binding, Collection, ObjectFor } from '../ast/index.js';
import { isObject, sortedNames, truth, type ObjectValue, type Value } from '../values/index.js';
import { compileAnyTokensEquals } from './compile-any-tokens.js';
import type { Compile } from './compile-path.js';
import { siblingEnv, type Env } from './env.js';
import { childScope, type ExecContext, type Evaluator, type Scope } from './scope.js';

/**
 * All values nested in `v` at any depth (for WITHIN), depth first: each element or field value,
 * then its own descendants; object fields in code point order of their names. With `names`,
 * also each value's index (in an array) or field name (in an object), for `FOR n:v WITHIN`.
 * Source: couchbase/query `value/array.go` and `value/object.go` `Descendants`, `DescendantPairs`.
 */
function descendants(v: Value, out: Value[], names?: Value[]): void {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      out.push(v[i]);
      names?.push(i);
      descendants(v[i], out, names);
    }
  } else if (isObject(v)) {
    for (const k of sortedNames(v)) {
      out.push(v[k]);
      names?.push(k);
      descendants(v[k], out, names);
    }
  }
}

interface Range {
  values: Value[];
  names?: Value[];
}

/**
 * The sequence a binding ranges over, or MISSING/NULL when its expression is not a collection:
 * an array's elements (with their indices for a name variable), an object's field values in
 * code point order of their names (only with a name variable, which gets the names), or for
 * WITHIN the descendants of an array or object.
 * Source: couchbase/query `expression/coll_util.go` `collEval`.
 */
function rangeOf(b: Binding, v: Value): Range | undefined | null {
  if (v === undefined) return undefined;
  if (b.within) {
    if (!Array.isArray(v) && !isObject(v)) return null;
    const out: Value[] = [];
    const names: Value[] | undefined = b.nameVariable ? [] : undefined;
    descendants(v, out, names);
    return { values: out, names };
  }
  if (Array.isArray(v)) return { values: v, names: b.nameVariable ? v.map((_, i) => i) : undefined };
  if (b.nameVariable && isObject(v)) {
    const names = sortedNames(v);
    return { values: names.map((k) => (v as ObjectValue)[k]), names };
  }
  return null;
}

type Iterate = (env: Env, ctx: ExecContext, visit: (inner: Env) => boolean) => Value;

/**
 * Compiles bindings into an iterator: evaluates each binding's collection in the outer
 * environment, then calls `visit` with an inner environment per position (several bindings
 * advance together and stop at the end of the shortest). Returns MISSING or NULL when a
 * collection is MISSING or not a collection, `true` when `visit` stopped early, else `false`.
 * Source: couchbase/query `expression/coll_util.go` `collEval` ("length of shortest array").
 */
export function compileBindings(bindings: Binding[], scope: Scope, compile: Compile): { iterate: Iterate; inner: Scope; exprs: Evaluator[] } {
  const exprs = bindings.map((b) => compile(b.expr, scope));
  const names: string[] = [];
  for (const b of bindings) {
    names.push(b.variable);
    if (b.nameVariable) names.push(b.nameVariable);
  }
  const inner = childScope(scope, names);
  const iterate: Iterate = (env, ctx, visit) => {
    const ranges: Range[] = [];
    let sawNull = false;
    for (let i = 0; i < bindings.length; i++) {
      const r = rangeOf(bindings[i], exprs[i](env, ctx));
      if (r === undefined) return undefined;
      if (r === null) sawNull = true;
      else ranges.push(r);
    }
    if (sawNull) return null;
    let n = Infinity;
    for (const r of ranges) n = Math.min(n, r.values.length);
    if (ranges.length === 0) n = 0;
    // One inner environment per evaluation, rebound per position: no closure keeps it. It copies
    // the row's names (siblingEnv) rather than making the row a prototype (costly once per row).
    const e = n > 0 ? siblingEnv(env) : env;
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < bindings.length; j++) {
        e[bindings[j].variable] = ranges[j].values[i];
        const nv = bindings[j].nameVariable;
        if (nv) e[nv] = ranges[j].names?.[i];
      }
      if (visit(e)) return true;
    }
    return false;
  };
  return { iterate, inner, exprs };
}

/**
 * ANY / EVERY / ANY AND EVERY … SATISFIES … END; `ANY v IN TOKENS(x, o) SATISFIES v = c END` as
 * the early-exit token search of compile-any-tokens.ts (same values, no token array).
 */
export function compileCollection(e: Collection, scope: Scope, compile: Compile): Evaluator {
  return compileAnyTokensEquals(e, scope, compile, () => compileCollectionAsWritten(e, scope, compile)) ?? compileCollectionAsWritten(e, scope, compile);
}

/** ANY / EVERY / ANY AND EVERY as written: the bindings iterated, the condition per position. */
function compileCollectionAsWritten(e: Collection, scope: Scope, compile: Compile): Evaluator {
  const { iterate, inner } = compileBindings(e.bindings, scope, compile);
  const cond = compile(e.satisfies, inner);
  if (e.quantifier === 'ANY') {
    return (env, ctx) => iterate(env, ctx, (x) => truth(cond(x, ctx)));
  }
  const requireSome = e.quantifier === 'ANY AND EVERY';
  return (env, ctx) => {
    let count = 0;
    const r = iterate(env, ctx, (x) => {
      count++;
      return !truth(cond(x, ctx));
    });
    if (r === undefined || r === null) return r;
    if (r === true) return false;
    return requireSome ? count > 0 : true;
  };
}

/** ARRAY m FOR … [WHEN c] END (MISSING mappings are left out) and FIRST m FOR … END. */
export function compileArrayFor(e: ArrayFor, scope: Scope, compile: Compile): Evaluator {
  const { iterate, inner, exprs } = compileBindings(e.bindings, scope, compile);
  const mapping = compile(e.mapping, inner);
  const when = e.when ? compile(e.when, inner) : undefined;
  if (e.first) {
    return (env, ctx) => {
      let found: Value = undefined;
      const r = iterate(env, ctx, (x) => {
        if (when && !truth(when(x, ctx))) return false;
        found = mapping(x, ctx);
        return true;
      });
      return r === undefined || r === null ? r : found;
    };
  }
  const general: Evaluator = (env, ctx) => {
    const out: Value[] = [];
    const r = iterate(env, ctx, (x) => {
      if (when && !truth(when(x, ctx))) return false;
      const m = mapping(x, ctx);
      if (m !== undefined) out.push(m);
      return false;
    });
    return r === undefined || r === null ? r : out;
  };
  // `ARRAY v FOR v IN a END` is a copy of the array `a`, MISSING elements included (the
  // reference answers `[MISSING, 1]` for `a` = `[MISSING, 1]`, where any other mapping leaves
  // MISSING results out).
  const [b] = e.bindings;
  if (e.bindings.length === 1 && !b.within && b.nameVariable === undefined && !when && e.mapping.kind === 'Identifier' && e.mapping.name === b.variable) {
    // The binding's collection, compiled once (compiling it again here made nested
    // `ARRAY v FOR v IN ARRAY v FOR … END END` cost 2^depth compilations).
    const source = exprs[0];
    return (env, ctx) => {
      const a = source(env, ctx);
      return Array.isArray(a) ? a.slice() : general(env, ctx);
    };
  }
  return general;
}

/**
 * OBJECT name : value FOR … [WHEN c] END: a field per position; MISSING values are left out. A
 * name that is MISSING makes the whole result MISSING, any other non-string name (NULL too)
 * makes it NULL. Source: couchbase/query `expression/coll_object.go` `Object.Evaluate`.
 */
export function compileObjectFor(e: ObjectFor, scope: Scope, compile: Compile): Evaluator {
  const { iterate, inner } = compileBindings(e.bindings, scope, compile);
  const name = compile(e.name, inner);
  const value = compile(e.value, inner);
  const when = e.when ? compile(e.when, inner) : undefined;
  return (env, ctx) => {
    const out: ObjectValue = {};
    let bad: null | undefined | false = false;
    const r = iterate(env, ctx, (x) => {
      if (when && !truth(when(x, ctx))) return false;
      const n = name(x, ctx);
      if (typeof n !== 'string') {
        bad = n === undefined ? undefined : null;
        return true;
      }
      const v = value(x, ctx);
      if (v !== undefined) out[n] = v;
      return false;
    });
    if (r === undefined || r === null) return r;
    return bad === false ? out : bad;
  };
}
