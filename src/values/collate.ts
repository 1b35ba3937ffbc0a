import { containsNaN, Kind, kindOf, type ObjectValue, type Value } from './value.js';

/**
 * Compares two strings by Unicode code point (the order of their UTF-8 bytes, as Go compares
 * strings), not by UTF-16 code unit as `<` does. Returns <0, 0 or >0.
 */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (U+D800–DFFF) encode code points above U+FFFF, which must sort after U+E000–FFFF.
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

/** The names of an object sorted by code point. Source: couchbase/query `value/object.go` `sortedNames` (Go `sort.Strings`). */
export function sortedNames(o: ObjectValue): string[] {
  return Object.keys(o).sort(compareStrings);
}

/**
 * Orders two objects as the reference does: the one with fewer fields first; else over the union
 * of their names in code point order, the first decision: at a name only one object has, the
 * object lacking it is the larger one (±1); at a name both have, `compareValues` of the two
 * values decides unless it is `isZero`. Returns 0 when every name and value agree. Shared by
 * collation and comparison.
 * Source: couchbase/query `value/object.go` `objectCollate` and `objectCompare` (combineNames).
 */
export function compareObjects<R>(x: ObjectValue, y: ObjectValue, compareValues: (a: Value, b: Value) => R, isZero: (r: R) => boolean): R | number {
  const nx = Object.keys(x);
  const ny = Object.keys(y);
  if (nx.length !== ny.length) return nx.length - ny.length;
  nx.sort(compareStrings);
  ny.sort(compareStrings);
  let i = 0;
  let j = 0;
  while (i < nx.length || j < ny.length) {
    // Both lists are sorted: their merge is the sorted union, and a name on one side only
    // shows up as the smaller head.
    const c = i >= nx.length ? 1 : j >= ny.length ? -1 : compareStrings(nx[i], ny[j]);
    if (c > 0) return 1; // x lacks ny[j]: x is the larger
    if (c < 0) return -1; // y lacks nx[i]: y is the larger
    const r = compareValues(x[nx[i]], y[ny[j]]);
    if (!isZero(r)) return r;
    i++;
    j++;
  }
  return 0;
}

/**
 * Number collation: NaN first (NaN ≡ NaN), then -Infinity, the finite numbers, +Infinity.
 * A bigint (int64 past 2^53) and a double compare by exact value (JavaScript's `<` between
 * them is exact), as the reference compares an int64 with a float64.
 * Source: couchbase/query `value/float.go` `collateFloat`, `value/int.go` `Collate`.
 */
export function collateNumbers(x: number | bigint, y: number | bigint): number {
  if (x < y) return -1;
  if (x > y) return 1;
  // `==` compares a bigint and a double by value (a bigint from the engine never equals a double,
  // one passed in through the library API may).
  if (x == y) return 0;
  // At least one is NaN.
  return typeof x === 'number' && Number.isNaN(x) ? (typeof y === 'number' && Number.isNaN(y) ? 0 : -1) : 1;
}

const isZeroNumber = (c: number): boolean => c === 0;

/**
 * N1QL collation: a total order over all values, the one order of ORDER BY, index keys,
 * MIN/MAX, ARRAY_SORT, GROUP BY and DISTINCT. MISSING < NULL < FALSE < TRUE < numbers (NaN
 * first, then -Infinity … +Infinity) <
 * strings (code point order) < arrays (element-wise, then length) < objects (fewer fields
 * first; then over the union of both objects' names in code point order, the object lacking a
 * name is the larger, else the values at that name decide).
 * Source: couchbase/query `value/*.go` `Collate`; `value/object.go` `objectCollate`.
 * @returns a negative number, 0 or a positive number
 */
export function collate(a: Value, b: Value): number {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== kb) return ka - kb;
  switch (ka) {
    case Kind.MISSING:
    case Kind.NULL:
      return 0;
    case Kind.BOOLEAN:
      return (a ? 1 : 0) - (b ? 1 : 0);
    case Kind.NUMBER:
      return collateNumbers(a as number | bigint, b as number | bigint);
    case Kind.STRING:
      return compareStrings(a as string, b as string);
    case Kind.ARRAY: {
      const x = a as Value[];
      const y = b as Value[];
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = collate(x[i], y[i]);
        if (c !== 0) return c;
      }
      return x.length - y.length;
    }
    default:
      return compareObjects(a as ObjectValue, b as ObjectValue, collate, isZeroNumber);
  }
}

/**
 * Structural equivalence: the same kind and the same content (numbers by value, so 1 ≡ 1.0;
 * object field order ignored). MISSING is equivalent only to MISSING; a value holding a NaN is
 * equivalent to nothing (floats compare with `==` there: `ARRAY_DISTINCT([NAN(), NAN()])` keeps
 * both). Used by the ARRAY set functions, DECODE and expression equivalence.
 * Source: couchbase/query `EquivalentTo` (`value/float.go`).
 */
export function equivalent(a: Value, b: Value): boolean {
  return collate(a, b) === 0 && !containsNaN(a);
}
