import type { Expr } from '../ast/index.js';
import { printExpr } from '../ast/print.js';
import { compileExpr, type Env, type Scope } from '../eval/index.js';
import { ErrorCode, QueryError } from '../errors/index.js';
import { isObject, type ObjectValue, type Value } from '../values/index.js';
import type { RunContext } from './runtime.js';

/** One step of an excluded path: a field name or an array position. */
type Step = string | number;

/** The exclusions of a projection: applied to each result object by {@link CompiledExclusions.apply}. */
export interface CompiledExclusions {
  /**
   * The result without the excluded paths (a copy where something is removed; the input is
   * never changed, as it may share values with documents).
   * @throws QueryError 5010 "Error evaluating projection" for an expression that is neither a
   *   path nor a string (or NULL/MISSING), or a negative array position
   */
  apply(out: Value, env: Env, rc: RunContext): Value;
}

const projectionError = (detail: string, e: Expr) =>
  new QueryError({ code: ErrorCode.EVALUATION, phase: 'execution', message: 'Error evaluating projection', cause: new Error(`${detail}: ${printExpr(e)}`) });

/** The path of a static exclusion (`a`, `b.c`, `arr[1]`), or undefined for any other expression. */
function staticPath(e: Expr): Step[] | undefined {
  switch (e.kind) {
    case 'Identifier':
      return [e.name];
    case 'Field': {
      const p = staticPath(e.target);
      return p && [...p, e.name];
    }
    case 'Element': {
      const p = staticPath(e.target);
      if (!p) return undefined;
      const i = e.index;
      if (i.kind === 'Unary' && i.op === 'NEG' && i.operand.kind === 'Literal' && typeof i.operand.value === 'number') throw projectionError('Invalid array element', e);
      if (i.kind !== 'Literal' || typeof i.value !== 'number' || !Number.isInteger(i.value)) return undefined;
      if (i.value < 0) throw projectionError('Invalid array element', e);
      return [...p, i.value];
    }
    default:
      return undefined;
  }
}

/**
 * The paths of a string exclusion: comma-separated paths of names (plain or backticked) and
 * `[n]` positions, e.g. `"a, b.c, arr[1]"`. A part that is no path is ignored.
 */
export function parseExcludeList(text: string): Step[][] {
  const out: Step[][] = [];
  for (const part of text.split(',')) {
    const src = part.trim();
    if (!src) continue;
    const steps: Step[] = [];
    const re = /\s*(?:`((?:[^`]|``)*)`|([A-Za-z_$][\w$]*)|\[\s*(\d+)\s*\])\s*(\.)?/y;
    let at = 0;
    let ok = true;
    while (at < src.length) {
      re.lastIndex = at;
      const m = re.exec(src);
      if (!m) {
        ok = false;
        break;
      }
      if (m[1] !== undefined) steps.push(m[1].replaceAll('``', '`'));
      else if (m[2] !== undefined) steps.push(m[2]);
      else steps.push(Number(m[3]));
      at = re.lastIndex;
    }
    if (ok && steps.length && typeof steps[0] === 'string') out.push(steps);
  }
  return out;
}

/** `v` without the value at `path[i…]` (the same value when there is none there). */
function without(v: Value, path: Step[], i: number): Value {
  const step = path[i]!;
  const last = i === path.length - 1;
  if (typeof step === 'number') {
    if (!Array.isArray(v) || step >= v.length) return v;
    const copy = v.slice();
    if (last) copy.splice(step, 1);
    else {
      const inner = without(v[step], path, i + 1);
      if (inner === v[step]) return v;
      copy[step] = inner;
    }
    return copy;
  }
  if (!isObject(v) || !Object.hasOwn(v, step)) return v;
  const copy: ObjectValue = { ...(v as ObjectValue) };
  if (last) delete copy[step];
  else {
    const inner = without(copy[step], path, i + 1);
    if (inner === copy[step]) return v;
    copy[step] = inner;
  }
  return copy;
}

/**
 * Compiles `SELECT … EXCLUDE e, …`. A path expression (`a`, `b.c`, `arr[1]`) names the result
 * field to remove (`t.s` is the path, not the string it holds); any other expression is
 * evaluated per row and must give a string of comma-separated paths (NULL and MISSING remove
 * nothing). Exclusions apply in order (`arr[0], arr[1]` removes two elements). With a lone
 * `SELECT *` over one FROM term (`{t: doc}`), a path that does not start with the alias is a
 * path in the alias's value (`SELECT * EXCLUDE a` removes `t.a`).
 * Source: couchbase/query `execution/project_initial.go` (single qualification for an
 * unprefixed star), the rest checked against the reference engine.
 */
export function compileExclusions(exprs: Expr[], scope: Scope, loneStar: boolean): CompiledExclusions {
  const parts = exprs.map((e) => {
    const path = staticPath(e);
    return path ? { path, expr: e } : { expr: e, f: compileExpr(e, scope) };
  });
  return {
    apply(out, env, rc) {
      if (!isObject(out)) return out;
      const paths: Step[][] = [];
      for (const p of parts) {
        if (p.path) {
          paths.push(p.path);
          continue;
        }
        const v = p.f!(env, rc);
        if (v === undefined || v === null) continue;
        if (typeof v !== 'string') throw projectionError('Does not evaluate to a string', p.expr);
        paths.push(...parseExcludeList(v));
      }
      let result: Value = out;
      const keys = loneStar ? Object.keys(out) : [];
      for (const path of paths) {
        const full = keys.length === 1 && path[0] !== keys[0] ? [keys[0]!, ...path] : path;
        result = without(result, full, 0);
      }
      return result;
    },
  };
}
