/**
 * The function forms of the logical and collection operators the reference registers: AND, OR
 * (2 or more arguments), NOT, IN, WITHIN, EXISTS and LIKE. They are keywords, so a statement
 * calls them quoted: `` `AND`(a, b) ``, `` `IN`(x, arr) ``. Each behaves as its operator.
 * Source: couchbase/query `expression/func_registry.go` (names), `logic_*.go`, `coll_in.go`,
 * `coll_within.go`, `coll_exists.go`, `like.go`; values checked with n1ql-reference.
 */
import { equals, type Value } from '../../values/index.js';
import { compileLike } from '../../tokens/patterns.js';
import { and3, in3, not3, or3 } from '../logic.js';
import type { FunctionDef } from './function-def.js';

/** Every value nested in an array or object, at any depth (the containers included). */
function descendants(v: Value, out: Value[] = []): Value[] {
  const children = Array.isArray(v) ? v : v !== null && typeof v === 'object' ? Object.values(v) : [];
  for (const c of children) {
    out.push(c);
    descendants(c, out);
  }
  return out;
}

/**
 * `v WITHIN c`: as IN over every value nested in the array or object `c` at any depth
 * (`3 WITHIN {"a": [{"b": 3}]}` is TRUE); NULL when `c` is neither.
 */
function within3(v: Value, c: Value): Value {
  if (v === undefined || c === undefined) return undefined;
  if (c === null || typeof c !== 'object') return null;
  const all = descendants(c);
  if (v === null) return all.length > 0 ? null : false;
  let sawNull = false;
  for (const d of all) {
    if (d === null) sawNull = true;
    else if (equals(v, d) === true) return true;
  }
  return sawNull ? null : false;
}

export const logicFunctions: FunctionDef[] = [
  /** AND(a, b, …): `a AND b AND …`. */
  { name: 'AND', minArgs: 2, maxArgs: Infinity, nulls: 'custom', fn: (args) => args.reduce((acc, a) => and3(acc, a)) },
  /** OR(a, b, …): `a OR b OR …`. */
  { name: 'OR', minArgs: 2, maxArgs: Infinity, nulls: 'custom', fn: (args) => args.reduce((acc, a) => or3(acc, a)) },
  /** NOT(a): `NOT a`. */
  { name: 'NOT', minArgs: 1, maxArgs: 1, nulls: 'custom', fn: ([a]) => not3(a) },
  /** IN(x, arr): `x IN arr`. */
  { name: 'IN', minArgs: 2, maxArgs: 2, nulls: 'custom', fn: ([x, arr]) => in3(x, arr) },
  /** WITHIN(x, c): `x WITHIN c`. */
  { name: 'WITHIN', minArgs: 2, maxArgs: 2, nulls: 'custom', fn: ([x, c]) => within3(x, c) },
  {
    /** EXISTS(arr): TRUE for a non-empty array, FALSE for an empty one; MISSING for MISSING, else NULL. */
    name: 'EXISTS',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'custom',
    fn: ([v]) => (Array.isArray(v) ? v.length > 0 : v === undefined ? undefined : null),
  },
  {
    /** LIKE(s, pattern [, escape]): `s LIKE pattern [ESCAPE escape]` (escape `\` by default); non-strings → NULL. */
    name: 'LIKE',
    minArgs: 2,
    maxArgs: 3,
    nulls: 'strict',
    fn: ([s, pattern, escape]) => {
      const esc = escape === undefined ? '\\' : escape;
      if (typeof s !== 'string' || typeof pattern !== 'string' || typeof esc !== 'string') return null;
      return compileLike(pattern, esc)(s);
    },
  },
];
