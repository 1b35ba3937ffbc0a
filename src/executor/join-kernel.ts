import { canonicalKey, type Value } from '../values/index.js';

/**
 * The pure parts of the join operators, independent of rows and environments (unit- and
 * property-tested on their own). Source of the rules: couchbase/query `execution/hash_join.go`,
 * `nl_join.go`, `hash_nest.go`, `nl_nest.go`: a join key that is MISSING or NULL never matches.
 */

/** The hash key of a row's join key values, or undefined when one is MISSING or NULL (no match). */
export function joinKey(values: readonly Value[]): string | undefined {
  if (values.length === 1) {
    const v = values[0];
    return v === undefined || v === null ? undefined : canonicalKey(v);
  }
  let out = '';
  for (const v of values) {
    if (v === undefined || v === null) return undefined;
    out += canonicalKey(v) + '\u0001';
  }
  return out;
}

/** A hash table of build items by join key; items whose key is MISSING or NULL are left out. */
export function buildTable<T>(items: Iterable<T>, keyOf: (item: T) => Value[]): Map<string, T[]> {
  const table = new Map<string, T[]>();
  for (const item of items) {
    const k = joinKey(keyOf(item));
    if (k === undefined) continue;
    const list = table.get(k);
    if (list) list.push(item);
    else table.set(k, [item]);
  }
  return table;
}

/**
 * Joins one probe item against a hash table: the build items with its key that `accept` (the
 * whole ON clause) keeps, in build order.
 */
export function probe<T>(table: Map<string, T[]>, key: readonly Value[], accept: (build: T) => boolean): T[] {
  const k = joinKey(key);
  if (k === undefined) return [];
  const candidates = table.get(k);
  if (!candidates) return [];
  return candidates.filter(accept);
}

/**
 * The outcome for one outer row of a join or nest given its matches: a join yields one row per
 * match, an outer (LEFT) join one row without the inner alias when there is none; a nest yields
 * one row with the array of matches, an inner nest none when it is empty, a LEFT nest `[]`.
 */
export function joinOutcome<M>(matches: M[], nest: boolean, outer: boolean): { kind: 'rows'; matches: M[] } | { kind: 'nest'; matches: M[] } | { kind: 'unmatched' } | { kind: 'drop' } {
  if (nest) return matches.length > 0 || outer ? { kind: 'nest', matches } : { kind: 'drop' };
  if (matches.length > 0) return { kind: 'rows', matches };
  return outer ? { kind: 'unmatched' } : { kind: 'drop' };
}

/** The document keys of an `ON KEYS` / `USE KEYS` value: a string, or the strings of an array (others ignored). */
export function lookupKeys(v: Value): string[] | undefined {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.filter((k): k is string => typeof k === 'string');
  return undefined;
}
