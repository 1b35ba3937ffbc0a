import type { Between, Binary, Case, Exists, In, Is, Like, Unary } from '../ast/index.js';
import { compileLike } from '../tokens/patterns.js';
import { compare, equals, truth, type Value } from '../values/index.js';
import { ErrorCode } from '../errors/index.js';
import { arith, concat, negate } from './arith.js';
import type { Compile } from './compile-path.js';
import { and3, in3, not3, or3 } from './logic.js';
import type { Evaluator, Scope } from './scope.js';

/** Three-valued comparison results as N1QL booleans. */
function cmp(op: string, a: Value, b: Value): Value {
  if (op === '=') return equals(a, b);
  if (op === '!=') {
    const e = equals(a, b);
    return typeof e === 'boolean' ? !e : e;
  }
  const c = compare(a, b);
  if (typeof c !== 'number') return c;
  switch (op) {
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    default:
      return c >= 0;
  }
}

export function compileUnary(e: Unary, scope: Scope, compile: Compile): Evaluator {
  const x = compile(e.operand, scope);
  return e.op === 'NOT' ? (env, ctx) => not3(x(env, ctx)) : (env, ctx) => negate(x(env, ctx));
}

/**
 * The warning of a division by zero (NULL result), whatever the dividend, unless an operand is
 * MISSING; `%` by zero warns nothing. Source: couchbase/query `expression/arith_div.go`
 * `Div.Evaluate`, `errors.NewDivideByZeroWarning` ("Division by 0.").
 */
export const DIVISION_BY_ZERO = 'Division by 0.';

/** Binary operators; AND/OR evaluate both sides only when needed to decide; `/` by 0 warns. */
export function compileBinary(e: Binary, scope: Scope, compile: Compile): Evaluator {
  const l = compile(e.left, scope);
  const r = compile(e.right, scope);
  const op = e.op;
  switch (op) {
    case 'AND':
      return (env, ctx) => {
        const a = l(env, ctx);
        if (a !== undefined && a !== null && !truth(a)) return false;
        return and3(a, r(env, ctx));
      };
    case 'OR':
      return (env, ctx) => {
        const a = l(env, ctx);
        if (truth(a)) return true;
        return or3(a, r(env, ctx));
      };
    case '||':
      return (env, ctx) => concat(l(env, ctx), r(env, ctx));
    case '/':
      return (env, ctx) => {
        const a = l(env, ctx);
        const b = r(env, ctx);
        if (b === 0 && a !== undefined) ctx.warn(DIVISION_BY_ZERO, ErrorCode.WARN_DIVISION_BY_ZERO);
        return arith(op, a, b);
      };
    case '+':
    case '-':
    case '*':
    case '%':
      return (env, ctx) => arith(op, l(env, ctx), r(env, ctx));
    default:
      return (env, ctx) => cmp(op, l(env, ctx), r(env, ctx));
  }
}

/** `[NOT] LIKE` with optional ESCAPE (default `\`); non-strings give NULL. */
export function compileLikeOp(e: Like, scope: Scope, compile: Compile): Evaluator {
  const x = compile(e.operand, scope);
  const p = compile(e.pattern, scope);
  const esc = e.escape ? compile(e.escape, scope) : undefined;
  const like: Evaluator = (env, ctx) => {
    const s = x(env, ctx);
    const pat = p(env, ctx);
    const es = esc ? esc(env, ctx) : '\\';
    if (s === undefined || pat === undefined || es === undefined) return undefined;
    if (typeof s !== 'string' || typeof pat !== 'string' || typeof es !== 'string') return null;
    return compileLike(pat, es)(s);
  };
  return e.not ? (env, ctx) => not3(like(env, ctx)) : like;
}

/**
 * `[NOT] IN`: TRUE if some element equals the operand; else NULL if the operand or an element is
 * NULL (so NULL IN [] is FALSE), else MISSING if an element is MISSING (array constructors keep
 * them: `2 IN [MISSING, 1]` is MISSING, as the reference answers), else FALSE. An element whose equality with the operand is NULL
 * because NULLs are nested in them (`[1, null] IN [[1, null]]`) counts as not found.
 * Source: couchbase/query `expression/coll_in.go` `In.Evaluate`.
 */
export function compileIn(e: In, scope: Scope, compile: Compile): Evaluator {
  const x = compile(e.operand, scope);
  const c = compile(e.collection, scope);
  const inOp: Evaluator = (env, ctx) => in3(x(env, ctx), c(env, ctx));
  return e.not ? (env, ctx) => not3(inOp(env, ctx)) : inOp;
}

export function compileBetween(e: Between, scope: Scope, compile: Compile): Evaluator {
  const x = compile(e.operand, scope);
  const lo = compile(e.low, scope);
  const hi = compile(e.high, scope);
  // MISSING if either comparison is MISSING, else NULL if either is NULL (a NULL bound makes
  // the whole BETWEEN NULL, even when the other comparison is false: expression/comp_between.go).
  const between: Evaluator = (env, ctx) => {
    const v = x(env, ctx);
    const low = cmp('>=', v, lo(env, ctx));
    if (low === undefined) return undefined;
    const high = cmp('<=', v, hi(env, ctx));
    if (high === undefined) return undefined;
    return low === null || high === null ? null : low === true && high === true;
  };
  return e.not ? (env, ctx) => not3(between(env, ctx)) : between;
}

/** IS [NOT] NULL (MISSING stays MISSING), IS [NOT] MISSING, IS [NOT] VALUED, IS [NOT] UNKNOWN. */
export function compileIs(e: Is, scope: Scope, compile: Compile): Evaluator {
  const x = compile(e.operand, scope);
  const not = e.not;
  switch (e.test) {
    case 'NULL':
      return (env, ctx) => {
        const v = x(env, ctx);
        return v === undefined ? undefined : (v === null) !== not;
      };
    case 'MISSING':
      return (env, ctx) => (x(env, ctx) === undefined) !== not;
    case 'VALUED':
      return (env, ctx) => {
        const v = x(env, ctx);
        return (v !== undefined && v !== null) !== not;
      };
    default:
      return (env, ctx) => {
        const v = x(env, ctx);
        return (v === undefined || v === null) !== not;
      };
  }
}

/** CASE: the first WHEN that is true (simple CASE: equal to the subject); else ELSE, or NULL. */
export function compileCase(e: Case, scope: Scope, compile: Compile): Evaluator {
  const subject = e.subject ? compile(e.subject, scope) : undefined;
  const whens = e.whens.map((w) => ({ when: compile(w.when, scope), then: compile(w.then, scope) }));
  const otherwise = e.else ? compile(e.else, scope) : undefined;
  return (env, ctx) => {
    const s = subject ? subject(env, ctx) : undefined;
    for (const w of whens) {
      const c = w.when(env, ctx);
      if (subject ? equals(s, c) === true : truth(c)) return w.then(env, ctx);
    }
    return otherwise ? otherwise(env, ctx) : null;
  };
}

/** EXISTS: whether an array is non-empty; MISSING for MISSING, NULL for anything else (expression/coll_exists.go). */
export function compileExists(e: Exists, scope: Scope, compile: Compile): Evaluator {
  const x = compile(e.operand, scope);
  return (env, ctx) => {
    const v = x(env, ctx);
    if (Array.isArray(v)) return v.length > 0;
    return v === undefined ? undefined : null;
  };
}
