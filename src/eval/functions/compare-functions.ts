/**
 * Comparison functions: GREATEST and LEAST, and the function forms of the comparison operators
 * the reference registers (EQ, LT, LE, BETWEEN, IS_MISSING, IS_NULL, IS_VALUED … and their
 * unseparated spellings), which behave exactly as `=`, `<`, `<=`, BETWEEN and IS [NOT] … do;
 * and SUCCESSOR, the value just after a value in collation (for index spans).
 * Source: couchbase/query `expression/func_comparison.go` (Greatest, Least),
 * `expression/comp_*.go`, `func_registry.go` (names).
 */
import { collate, compare, equals, fromExact, sortedNames, type ObjectValue, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';

/** GREATEST / LEAST: the argument `better` prefers by collation, ignoring MISSING and NULL; NULL if none is left. */
function extreme(name: string, better: (c: number) => boolean): FunctionDef {
  return {
    name,
    minArgs: 2,
    maxArgs: Infinity,
    nulls: 'custom',
    fn: (args) => {
      let best: Value = null;
      for (const a of args) {
        if (a === undefined || a === null) continue;
        if (best === null || better(collate(a, best))) best = a;
      }
      return best;
    },
  };
}

/** `a < b` (strict) or `a <= b` as the operators: MISSING/NULL when the comparison is. */
function lessThan(a: Value, b: Value, orEqual: boolean): Value {
  const c = compare(a, b);
  if (typeof c !== 'number') return c;
  return orEqual ? c <= 0 : c < 0;
}

function binary(name: string, fn: (a: Value, b: Value) => Value): FunctionDef {
  return { name, minArgs: 2, maxArgs: 2, nulls: 'custom', fn: ([a, b]) => fn(a, b) };
}

/** An IS test as a function: `test` gives the result of `x IS …` for every x. */
function isTest(name: string, aliases: string[], test: (v: Value) => Value): FunctionDef {
  return { name, aliases, minArgs: 1, maxArgs: 1, nulls: 'custom', fn: ([v]) => test(v) };
}

const isValued = (v: Value): boolean => v !== undefined && v !== null;

/** The next double above a finite `x` (Go `math.Nextafter(x, +Inf)`). */
function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const f = new Float64Array([x]);
  const bits = new BigInt64Array(f.buffer);
  bits[0] += x > 0 ? 1n : -1n;
  return f[0];
}

/**
 * The reference's `Successor()`: MISSING → NULL → FALSE → TRUE → -MaxFloat64; an integer + 1
 * (below 2^63), another number the next double up, NaN → -Infinity, -Infinity → -MaxFloat64,
 * +Infinity and MaxFloat64 → "" (the first string); a string + " "; an array with a NULL
 * appended; an object with its last field (by name) replaced by that value's successor, `{}` →
 * `{"": null}`. Source: couchbase/query `value/*.go` `Successor`; n1ql-reference.
 */
function successor(v: Value): Value {
  if (v === undefined) return null;
  if (v === null) return false;
  if (v === false) return true;
  if (v === true) return -Number.MAX_VALUE;
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return -Infinity;
    if (v === -Infinity) return -Number.MAX_VALUE;
    if (v === Infinity || v >= Number.MAX_VALUE) return '';
    if (Number.isInteger(v) && Math.abs(v) < 2 ** 63) return v + 1;
    return nextUp(v);
  }
  if (typeof v === 'bigint') return fromExact(v + 1n);
  if (typeof v === 'string') return v + ' ';
  if (Array.isArray(v)) return [...v, null];
  const names = sortedNames(v);
  if (names.length === 0) return { '': null };
  const last = names[names.length - 1];
  return { ...(v as ObjectValue), [last]: successor(v[last]) };
}

export const compareFunctions: FunctionDef[] = [
  /** GREATEST(a, b, …): the largest argument by collation that is neither MISSING nor NULL; NULL if there is none. */
  extreme('GREATEST', (c) => c > 0),
  /** LEAST(a, b, …): the smallest argument by collation that is neither MISSING nor NULL; NULL if there is none. */
  extreme('LEAST', (c) => c < 0),
  /** EQ(a, b): `a = b`. */
  binary('EQ', (a, b) => equals(a, b)),
  /** LT(a, b): `a < b`. */
  binary('LT', (a, b) => lessThan(a, b, false)),
  /** LE(a, b): `a <= b`. */
  binary('LE', (a, b) => lessThan(a, b, true)),
  {
    /** BETWEEN(x, low, high): `x BETWEEN low AND high` (written `` `BETWEEN`(…) ``, BETWEEN being a keyword). */
    name: 'BETWEEN',
    minArgs: 3,
    maxArgs: 3,
    nulls: 'custom',
    fn: ([x, low, high]) => {
      const lo = lessThan(low, x, true);
      if (lo === undefined) return undefined;
      const hi = lessThan(x, high, true);
      if (hi === undefined) return undefined;
      return lo === null || hi === null ? null : lo === true && hi === true;
    },
  },
  /** SUCCESSOR(v): the value just after `v` in collation, as the reference computes it (see `successor`). */
  { name: 'SUCCESSOR', minArgs: 1, maxArgs: 1, nulls: 'custom', fn: ([v]) => successor(v) },
  /** IS_MISSING(x), alias ISMISSING: `x IS MISSING`. */
  isTest('IS_MISSING', ['ISMISSING'], (v) => v === undefined),
  /** IS_NOT_MISSING(x), alias ISNOTMISSING: `x IS NOT MISSING`. */
  isTest('IS_NOT_MISSING', ['ISNOTMISSING'], (v) => v !== undefined),
  /** IS_NULL(x), alias ISNULL: `x IS NULL` (MISSING for MISSING). */
  isTest('IS_NULL', ['ISNULL'], (v) => (v === undefined ? undefined : v === null)),
  /** IS_NOT_NULL(x), alias ISNOTNULL: `x IS NOT NULL` (MISSING for MISSING). */
  isTest('IS_NOT_NULL', ['ISNOTNULL'], (v) => (v === undefined ? undefined : v !== null)),
  /** IS_VALUED(x), aliases IS_KNOWN, IS_NOT_UNKNOWN and their unseparated forms: `x IS VALUED`. */
  isTest('IS_VALUED', ['ISVALUED', 'IS_KNOWN', 'ISKNOWN', 'IS_NOT_UNKNOWN', 'ISNOTUNKNOWN'], isValued),
  /** IS_NOT_VALUED(x), aliases IS_NOT_KNOWN, ISUNKNOWN and their other forms: `x IS NOT VALUED`. */
  isTest('IS_NOT_VALUED', ['ISNOTVALUED', 'IS_NOT_KNOWN', 'ISNOTKNOWN', 'ISUNKNOWN'], (v) => !isValued(v)),
];
