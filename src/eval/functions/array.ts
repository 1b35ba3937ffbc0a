/**
 * Array functions, part 1: building, measuring, searching and ordering arrays.
 * Reference: couchbase/query `expression/func_array.go`; docs `arrayfun.adoc`.
 *
 * Unless noted: 'strict' (MISSING arg → MISSING, else NULL arg → NULL), and a first argument
 * that is not an array gives NULL. Functions that insert values (APPEND, PREPEND, INSERT,
 * REPEAT, REPLACE) are 'custom': a NULL value is inserted as an element, a MISSING one makes
 * the result MISSING. Element equality is the `=` operator's (`equals` true).
 */
import { collate, equals, isNumber, toDouble, type Value } from '../../values/index.js';
import { arith } from '../arith.js';
import type { FunctionDef } from './function-def.js';
import { checkResultSize, isArrayValue, isInt, strictFn } from './support.js';
import { valueSize } from './value-size.js';

/** A strict function whose first argument must be an array. */
function arrFn(name: string, min: number, max: number, body: (a: Value[], rest: Value[]) => Value, aliases?: string[]): FunctionDef {
  return strictFn(name, min, max, ([a]) => isArrayValue(a), ([a, ...rest]) => body(a as Value[], rest), aliases);
}

/** A 'custom' function: MISSING anywhere gives MISSING, then `body` applies its own rules. */
function insertFn(name: string, min: number, max: number, body: (args: Value[]) => Value): FunctionDef {
  return {
    name,
    minArgs: min,
    maxArgs: max,
    nulls: 'custom',
    fn: (args) => (args.some((a) => a === undefined) ? undefined : body(args)),
  };
}

function indexOfEqual(a: Value[], v: Value): number {
  return a.findIndex((e) => equals(v, e) === true);
}

/** ARRAY_FLATTEN: nested arrays spliced in up to `depth` levels (a negative depth: all). */
function flatten(a: Value[], depth: number, out: Value[] = []): Value[] {
  for (const e of a) {
    if (depth !== 0 && Array.isArray(e)) flatten(e, depth - 1, out);
    else out.push(e);
  }
  return out;
}

function range(start: number, end: number, step: number): Value {
  if (step === 0 || start === end || (step > 0 && start > end) || (step < 0 && start < end)) return [];
  checkResultSize('array_range()', Math.ceil((end - start) / step) * 8);
  const out: number[] = [];
  for (let v = start; step > 0 ? v < end : v > end; v += step) out.push(v);
  return out;
}

export const arrayFunctions: FunctionDef[] = [
  /** ARRAY_LENGTH(a): number of elements. */
  arrFn('ARRAY_LENGTH', 1, 1, (a) => a.length),
  /** ARRAY_COUNT(a): number of elements that are neither NULL nor MISSING. */
  arrFn('ARRAY_COUNT', 1, 1, (a) => a.filter((e) => e !== null && e !== undefined).length),
  /** ARRAY_CONTAINS(a, v): true if some element = v. */
  arrFn('ARRAY_CONTAINS', 2, 2, (a, [v]) => indexOfEqual(a, v) >= 0),
  /** ARRAY_POSITION(a, v): 0-based index of the first element = v, -1 if none. */
  arrFn('ARRAY_POSITION', 2, 2, (a, [v]) => indexOfEqual(a, v), ['ARRAY_POS']),
  /**
   * ARRAY_SORT(a): elements in N1QL collation order, MISSING elements first (set apart because
   * `Array.prototype.sort` never passes `undefined` to its comparator).
   */
  arrFn('ARRAY_SORT', 1, 1, (a) => {
    const missing = a.filter((e) => e === undefined);
    return missing.length === 0 ? [...a].sort(collate) : [...missing, ...a.filter((e) => e !== undefined).sort(collate)];
  }),
  /** ARRAY_REVERSE(a) */
  arrFn('ARRAY_REVERSE', 1, 1, (a) => [...a].reverse()),
  /** ARRAY_MIN(a): the smallest element that is not NULL or MISSING, in collation order; NULL if none. */
  arrFn('ARRAY_MIN', 1, 1, (a) =>
    a.reduce<Value>((m, e) => (e !== null && e !== undefined && (m === null || collate(e, m) < 0) ? e : m), null),
  ),
  /** ARRAY_MAX(a): the largest non-NULL element in collation order; NULL if none. */
  arrFn('ARRAY_MAX', 1, 1, (a) => a.reduce<Value>((m, e) => (collate(e, m) > 0 ? e : m), null)),
  /** ARRAY_SUM(a): sum of the number elements (others ignored; int64s exactly, as `+`); 0 if none. */
  arrFn('ARRAY_SUM', 1, 1, (a) => a.reduce<Value>((s, e) => (isNumber(e) ? arith('+', s, e) : s), 0)),
  /** ARRAY_AVG(a): mean of the number elements (others ignored); NULL if none. */
  arrFn('ARRAY_AVG', 1, 1, (a) => {
    const nums = a.filter(isNumber).map(toDouble);
    return nums.length === 0 ? null : nums.reduce((s, e) => s + e, 0) / nums.length;
  }),
  /** ARRAY_IFNULL(a): the first element that is not NULL or MISSING, NULL if none. */
  arrFn('ARRAY_IFNULL', 1, 1, (a) => a.find((e) => e !== null && e !== undefined) ?? null),
  /** ARRAY_FLATTEN(a, depth): `depth` an integer, else NULL. */
  arrFn('ARRAY_FLATTEN', 2, 2, (a, [d]) => (isInt(d) ? flatten(a, d) : null)),
  /** ARRAY_CONCAT(a1, a2, …): all arguments must be arrays. */
  arrFn('ARRAY_CONCAT', 2, Infinity, (a, rest) => (rest.every(isArrayValue) ? a.concat(...(rest as Value[][])) : null)),
  {
    /**
     * ARRAY_RANGE(start, end [, step]): numbers from `start` while below `end` (above, for a
     * negative step), step 1 by default; [] when the step cannot reach `end`.
     */
    name: 'ARRAY_RANGE',
    minArgs: 2,
    maxArgs: 3,
    nulls: 'strict',
    fn: ([s, e, st]) => {
      const step = st ?? 1;
      return typeof s === 'number' && typeof e === 'number' && typeof step === 'number' ? range(s, e, step) : null;
    },
  },
  /** ARRAY_APPEND(a, v1, …): the values appended (NULL values too). */
  insertFn('ARRAY_APPEND', 2, Infinity, ([a, ...vs]) => (isArrayValue(a) ? [...a, ...vs] : null)),
  /** ARRAY_PREPEND(v1, …, a): the values prepended; the array is the last argument. */
  insertFn('ARRAY_PREPEND', 2, Infinity, (args) => {
    const a = args[args.length - 1];
    return isArrayValue(a) ? [...args.slice(0, -1), ...a] : null;
  }),
  /**
   * ARRAY_INSERT(a, pos, v1, …): the values inserted before index `pos` (0 … length; negative
   * counts from the end); another position, or a non-integer, gives NULL.
   */
  insertFn('ARRAY_INSERT', 3, Infinity, ([a, p, ...vs]) => {
    if (!isArrayValue(a) || !isInt(p)) return null;
    const pos = p < 0 ? a.length + p : p;
    if (pos < 0 || pos > a.length) return null;
    return [...a.slice(0, pos), ...vs, ...a.slice(pos)];
  }),
  /**
   * ARRAY_REPEAT(v, n): `v` (NULL too) repeated `n` times; `n` a non-negative integer. A result
   * whose size (the reference's size of `v` × `n`) is over 20 MiB is error 5010, as REPEAT.
   * Source: couchbase/query `expression/func_array.go` `ArrayRepeat`.
   */
  insertFn('ARRAY_REPEAT', 2, 2, ([v, n]) => {
    if (!isInt(n) || n < 0) return null;
    checkResultSize('array_repeat()', valueSize(v) * n);
    return new Array<Value>(n).fill(v);
  }),
  /**
   * ARRAY_REPLACE(a, v1, v2 [, n]): elements = v1 replaced by v2 (NULL allowed), at most `n`
   * of them (the first ones; none when `n` ≤ 0). NULL `v1`, or an `n` that is not an integer
   * number (NULL too), gives NULL. Source: couchbase/query `expression/func_array.go`
   * `ArrayReplace` (`num_replacements`).
   */
  insertFn('ARRAY_REPLACE', 3, 4, ([a, v1, v2, ...max]) => {
    if (!isArrayValue(a) || v1 === null || (max.length > 0 && !isInt(max[0]))) return null;
    let left = max.length > 0 ? (max[0] as number) : Infinity;
    return a.map((e) => {
      if (left <= 0 || equals(v1, e) !== true) return e;
      left--;
      return v2;
    });
  }),
];
