import type { Expr } from '../ast/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { childEnv, childScope, compileExpr, type Env, type Evaluator, type Scope } from '../eval/index.js';
import { notSupported } from '../errors/index.js';
import { cloneValue, isObject, type ObjectValue, type Value } from '../values/index.js';
import type { RunContext } from './runtime.js';

type Step = { field: string } | { dynamic: Evaluator } | { index: Evaluator };

/** A compiled UPDATE target path: the steps below the document. */
export interface CompiledPath {
  steps: Step[];
}

function invalidPath(e: Expr): QueryError {
  return new QueryError({ code: ErrorCode.SYNTAX, phase: 'semantic', message: 'SET and UNSET take a path such as a.b[0].c', position: e.loc });
}

/**
 * The META field a SET path names: `META(alias).name` or `META().name` (the reference lets SET
 * change `expiration` only), else undefined. `what` is the clause for the error.
 * @throws QueryError 3000 "SET clause has invalid path `cas`" for another META field, or any in UNSET
 */
export function metaPath(e: Expr, alias: string, what: 'SET' | 'UNSET'): 'expiration' | undefined {
  if (e.kind !== 'Field' || e.target.kind !== 'FunctionCall' || e.target.name.toLowerCase() !== 'meta') return undefined;
  const args = e.target.args;
  if (args.length > 1 || (args.length === 1 && !(args[0].kind === 'Identifier' && args[0].name === alias))) return undefined;
  if (what === 'SET' && e.name === 'expiration') return 'expiration';
  // The reference points at the field name: the end of the path, on its line.
  const column = e.loc ? e.loc.column + Math.max(0, (e.loc.length ?? 0) - e.name.length) : 0;
  const at = e.loc ? ` (near line ${e.loc.line}, column ${column})` : '';
  throw new QueryError({ code: ErrorCode.SYNTAX, phase: 'semantic', message: `${what} clause has invalid path \`${e.name}\`${at}`, position: e.loc });
}

/**
 * The expiration a `SET META().expiration = v` gives (couchbase/query `execution/set.go`): a
 * number of seconds (up to 30 days relative, else a Unix time), its fraction dropped; anything
 * else, and a negative number, is 0 (never expires).
 */
export function expirationValue(v: Value): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;
}

/**
 * Compiles a SET/UNSET path relative to the updated document: `alias.a.b`, `a.b`, `a[0]`,
 * `a.[expr]`. Raises a semantic error for anything that is not a path.
 */
export function compilePath(e: Expr, alias: string, scope: Scope): CompiledPath {
  const steps: Step[] = [];
  let cur: Expr = e;
  for (;;) {
    if (cur.kind === 'Field') {
      steps.unshift({ field: cur.name });
      cur = cur.target;
    } else if (cur.kind === 'DynamicField') {
      steps.unshift({ dynamic: compileExpr(cur.name, scope) });
      cur = cur.target;
    } else if (cur.kind === 'Element') {
      steps.unshift({ index: compileExpr(cur.index, scope) });
      cur = cur.target;
    } else if (cur.kind === 'Identifier') {
      if (cur.name !== alias) steps.unshift({ field: cur.name });
      break;
    } else if (cur.kind === 'Self') {
      break;
    } else {
      throw invalidPath(e);
    }
  }
  if (steps.length === 0) throw invalidPath(e);
  return { steps };
}

/**
 * The name or position a step sets: `.f` a field name; `.[expr]` a string or integer; `[expr]`
 * an integer only (a string in brackets sets nothing, as the reference's `Element.Set`,
 * couchbase/query `expression/nav_element.go`).
 */
function key(step: Step, env: Env, rc: RunContext): string | number | undefined {
  if ('field' in step) return step.field;
  const v = 'dynamic' in step ? step.dynamic(env, rc) : step.index(env, rc);
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  return typeof v === 'string' && 'dynamic' in step ? v : undefined;
}

/**
 * Sets (value given) or removes (value MISSING) the path inside `doc`, which the caller owns.
 * As in the reference, nothing happens when an intermediate step does not exist or has the
 * wrong type. Returns true if the document changed.
 */
export function applyPath(doc: Value, path: CompiledPath, value: Value, env: Env, rc: RunContext): boolean {
  let target: Value = doc;
  for (let i = 0; i < path.steps.length; i++) {
    const k = key(path.steps[i], env, rc);
    if (k === undefined) return false;
    const last = i === path.steps.length - 1;
    if (typeof k === 'string') {
      if (!isObject(target)) return false;
      const o = target as ObjectValue;
      if (last) {
        if (value === undefined) {
          if (!(k in o)) return false;
          delete o[k];
        } else o[k] = value;
        return true;
      }
      target = o[k];
    } else {
      if (!Array.isArray(target)) return false;
      const idx = k < 0 ? target.length + k : k;
      if (idx < 0 || idx >= target.length) return false;
      if (last) {
        if (value === undefined) target.splice(idx, 1);
        else target[idx] = value;
        return true;
      }
      target = target[idx];
    }
  }
  return false;
}

/** A SET term as the plan holds it: `path = value [FOR v IN arr [WHEN cond] END]`. */
export interface SetTermPlan {
  path: Expr;
  value: Expr;
  for?: { bindings: { variable: string; nameVariable?: string; within: boolean; expr: Expr }[]; when?: Expr };
}

type CompiledTerm =
  | { kind: 'meta'; value: Evaluator }
  | { kind: 'plain'; path: CompiledPath; value: Evaluator }
  | { kind: 'whole'; value: Evaluator }
  | { kind: 'for'; variable: string; arr: Evaluator; when?: Evaluator; path: CompiledPath; value: Evaluator };

/**
 * What a row's SET terms do: `apply` writes them into the document copy and returns the new
 * document (another value when `SET alias = v` replaces it); `expiration` from `SET META().expiration`.
 */
export interface RowSets {
  apply(doc: Value): Value;
  expiration?: number;
}

/**
 * Compiles UPDATE's (and MERGE's) SET terms against the document bound to `alias`. Each row's
 * plain values are computed from the document as read, then written into the copy (couchbase/
 * query `execution/set.go`); a `FOR v IN arr [WHEN c] END` term walks the array in the copy and
 * sets the path below `v` in each element for which `c` holds, its value computed with `v`
 * bound to the element. `SET META(alias).expiration = n` gives the row's expiration; `SET alias = v`
 * replaces the whole document by `v` (the reference's suite, gsi/subqexp case_keyspace.json#4).
 * @throws QueryError 3000 for a path that is not one, 1020 for FOR with several bindings or WITHIN
 */
export function compileSetTerms(terms: SetTermPlan[], alias: string, scope: Scope): (env: Env, rc: RunContext) => RowSets {
  const compiled = terms.map((t): CompiledTerm => {
    if (metaPath(t.path, alias, 'SET')) {
      if (t.for) throw notSupported('SET META().expiration with FOR', t.path.loc);
      return { kind: 'meta', value: compileExpr(t.value, scope) };
    }
    if (!t.for && t.path.kind === 'Identifier' && t.path.name === alias) return { kind: 'whole', value: compileExpr(t.value, scope) };
    if (!t.for) return { kind: 'plain', path: compilePath(t.path, alias, scope), value: compileExpr(t.value, scope) };
    const [b, ...more] = t.for.bindings;
    if (more.length > 0 || b.within || b.nameVariable !== undefined) throw notSupported('SET … FOR with several bindings, a name variable or WITHIN', t.path.loc);
    const inner = childScope(scope, [b.variable]);
    return {
      kind: 'for',
      variable: b.variable,
      arr: compileExpr(b.expr, scope),
      when: t.for.when ? compileExpr(t.for.when, inner) : undefined,
      path: compilePath(t.path, b.variable, inner),
      value: compileExpr(t.value, inner),
    };
  });
  return (env, rc) => {
    const values = compiled.map((c) => (c.kind === 'for' ? undefined : c.value(env, rc)));
    let expiration: number | undefined;
    compiled.forEach((c, i) => {
      if (c.kind === 'meta') expiration = expirationValue(values[i]);
    });
    return {
      expiration,
      apply(doc) {
        compiled.forEach((c, i) => {
          if (c.kind === 'whole') doc = cloneValue(values[i]);
          else if (c.kind === 'plain') applyPath(doc, c.path, values[i], env, rc);
          else if (c.kind === 'for') {
            // The array is read from the copy, so each element set is the copy's.
            const docEnv = childEnv(env);
            docEnv[alias] = doc;
            const arr = c.arr(docEnv, rc);
            if (!Array.isArray(arr)) return;
            for (const el of arr) {
              const e = childEnv(docEnv);
              e[c.variable] = el;
              if (c.when && c.when(e, rc) !== true) continue;
              applyPath(el, c.path, c.value(e, rc), e, rc);
            }
          }
        });
        return doc;
      },
    };
  };
}
