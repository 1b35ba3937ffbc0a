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

function push<K, T>(map: Map<K, T[]>, k: K, item: T): void {
  const list = map.get(k);
  if (list) list.push(item);
  else map.set(k, [item]);
}

/**
 * A hash table of build items by their join key values (`width` of them per item). A single
 * string, number or boolean key is its own Map key (a Map tells `1` from `"1"` and `true` from
 * `"true"`, and equates `1` with `1.0`, `0` with `-0`, as N1QL's equality does): no string is
 * made per row. An array or object key, and a composite key of several values, is its
 * {@link joinKey} string, in a Map of its own (so no scalar string can collide with one). A
 * MISSING or NULL key value leaves the item out (it never matches).
 * A probe of one key value reads {@link first} and {@link rest} (no list made; see {@link Buckets}).
 */
export class JoinTable<T> {
  // A bigint is only ever an integer no double holds, so it never equals a number key.
  private readonly scalars = new Buckets<string | number | bigint | boolean, T>();
  private readonly encoded = new Buckets<string, T>();

  /** Adds `item` under the single key value `v`. */
  add(v: Value, item: T): void {
    if (v === undefined || v === null) return;
    if (typeof v === 'object') this.encoded.push(canonicalKey(v), item);
    else this.scalars.push(v, item);
  }

  /** The first item added under the single key value `v`, or undefined; {@link rest} has the others. */
  first(v: Value): T | undefined {
    if (v === undefined || v === null) return undefined;
    return typeof v === 'object' ? this.encoded.firsts.get(canonicalKey(v)) : this.scalars.firsts.get(v);
  }

  /** The items after the first under the single key value `v` (in the order they were added), or undefined. */
  rest(v: Value): T[] | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'object') return this.encoded.more.size ? this.encoded.more.get(canonicalKey(v)) : undefined;
    return this.scalars.more.size ? this.scalars.more.get(v) : undefined;
  }

  /** The items whose single key value equals `v`, in the order they were added, or undefined. */
  get(v: Value): T[] | undefined {
    if (v === undefined || v === null) return undefined;
    return typeof v === 'object' ? this.encoded.all(canonicalKey(v)) : this.scalars.all(v);
  }

  /** Adds `item` under the key values `vs` (any number of them). */
  addAll(vs: readonly Value[], item: T): void {
    if (vs.length === 1) return this.add(vs[0], item);
    const k = joinKey(vs);
    if (k !== undefined) this.encoded.push(k, item);
  }

  /** The items whose key values equal `vs`, or undefined. */
  getAll(vs: readonly Value[]): T[] | undefined {
    if (vs.length === 1) return this.get(vs[0]);
    const k = joinKey(vs);
    return k === undefined ? undefined : this.encoded.all(k);
  }

  /** The lists of items, one per distinct key. */
  *values(): IterableIterator<T[]> {
    yield* this.scalars.lists();
    yield* this.encoded.lists();
  }
}

/**
 * Items by key: a key's first item is the value of `firsts` itself, and the items after it are
 * in `more`, consulted only once some key has more than one item. A probe of a unique key (a
 * join on a primary or unique key) thus reads the Map entry and the item, not also a list and
 * its backing store (each a cache miss when the table is large).
 */
class Buckets<K, T> {
  readonly firsts = new Map<K, T>();
  readonly more = new Map<K, T[]>();

  push(k: K, item: T): void {
    if (!this.firsts.has(k)) this.firsts.set(k, item);
    else push(this.more, k, item);
  }

  all(k: K): T[] | undefined {
    const f = this.firsts.get(k);
    if (f === undefined) return undefined;
    const r = this.more.size ? this.more.get(k) : undefined;
    return r ? [f, ...r] : [f];
  }

  *lists(): IterableIterator<T[]> {
    for (const [k, f] of this.firsts) {
      const r = this.more.get(k);
      yield r ? [f, ...r] : [f];
    }
  }
}

/** A hash table of build items by join key; items whose key is MISSING or NULL are left out. */
export function buildTable<T>(items: Iterable<T>, keyOf: (item: T) => Value[]): JoinTable<T> {
  const table = new JoinTable<T>();
  for (const item of items) table.addAll(keyOf(item), item);
  return table;
}

/**
 * Joins one probe item against a hash table: the build items with its key that `accept` (the
 * whole ON clause) keeps, in build order.
 */
export function probe<T>(table: JoinTable<T>, key: readonly Value[], accept: (build: T) => boolean): T[] {
  const candidates = table.getAll(key);
  return candidates ? candidates.filter(accept) : [];
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
