import { compareStrings } from './collate.js';
import { containsNaN, type Value } from './value.js';

/**
 * A string that is equal for two values exactly when they are equivalent (N1QL EquivalentTo):
 * object fields sorted by name, numbers by value (so 1 and 1.0 agree), MISSING distinct from
 * NULL, NaN and ±Infinity distinct from NULL and from each other. Used for DISTINCT, GROUP BY keys, UNION and INTERSECT/EXCEPT.
 */
export function canonicalKey(v: Value): string {
  if (v === undefined) return 'M';
  if (typeof v === 'number' && !Number.isFinite(v)) return Number.isNaN(v) ? 'NaN' : v > 0 ? 'Inf' : '-Inf';
  // A bigint never equals a double, so its digits cannot meet a double's JSON text.
  if (typeof v === 'bigint') return v.toString();
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (Array.isArray(v)) return '[' + v.map(canonicalKey).join(',') + ']';
  const names = Object.keys(v).sort(compareStrings);
  return '{' + names.map((n) => JSON.stringify(n) + ':' + canonicalKey(v[n])).join(',') + '}';
}

let nanSerial = 0;

/**
 * The key of DISTINCT, UNION, INTERSECT and EXCEPT: {@link canonicalKey}, except that a value
 * holding a NaN is equivalent to nothing, not even to itself (the reference's `EquivalentTo`
 * compares floats with `==`: `SELECT DISTINCT RAW x FROM [NAN(), NAN()] x` keeps both), so it
 * gets a key of its own. GROUP BY keys use {@link canonicalKey}: NaNs group together there.
 */
export function distinctKey(v: Value): string {
  return containsNaN(v) ? `\u0000NaN#${nanSerial++}` : canonicalKey(v);
}
