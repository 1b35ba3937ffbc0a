import { createRequire } from 'node:module';
import { collate, compareStrings, type Value } from '../values/index.js';

/** The part of sorted-btree's `BTree` (a B+ tree with a custom comparator) used here. */
interface Tree {
  readonly size: number;
  get(key: Value[]): Set<string> | undefined;
  set(key: Value[], value: Set<string>): boolean;
  delete(key: Value[]): boolean;
  entries(lowestKey?: Value[]): IterableIterator<[Value[], Set<string>]>;
}
type TreeCtor = new (entries: undefined, compare: (a: Value[], b: Value[]) => number) => Tree;

// sorted-btree ships CommonJS with the class as `exports.default`.
const BTree = (createRequire(import.meta.url)('sorted-btree') as { default: TreeCtor }).default;

/** One bound of a span on one index key: the value and whether it is included. */
export interface KeyRange {
  low?: Value;
  high?: Value;
  /** The reference's inclusion code: 0 neither bound, 1 low, 2 high, 3 both. */
  inclusion: 0 | 1 | 2 | 3;
}

/**
 * An ordered secondary index: composite keys (one value per index key, ordered by N1QL
 * collation, DESC keys reversed) each mapping to the set of document keys that have it.
 * A document with an array index key has one entry per (distinct) element. Supports point
 * lookups, ranges and prefix ranges on the leading keys, in key order.
 * Source of the shape: couchbase/query `datastore/index.go` (Index3 API, spans).
 */
export class IndexTree {
  private readonly tree: Tree;
  /** Posting sets by a canonical string of the key: most adds never touch the tree. */
  private readonly byId = new Map<string, { key: Value[]; docs: Set<string> }>();
  private entryCount = 0;

  constructor(private readonly desc: readonly boolean[]) {
    this.tree = new BTree(undefined, (a, b) => this.compareKeys(a, b));
  }

  /** Compares composite keys position by position; a prefix sorts before its extensions. */
  compareKeys(a: Value[], b: Value[]): number {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const c = collate(a[i], b[i]);
      if (c !== 0) return this.desc[i] ? -c : c;
    }
    return a.length - b.length;
  }

  /** Number of (key, document) entries. */
  get size(): number {
    return this.entryCount;
  }

  /** Number of distinct keys. */
  get distinctKeys(): number {
    return this.tree.size;
  }

  /** A string equal for two keys exactly when they collate equal. */
  private static keyId(key: Value[]): string {
    if (key.length === 1) {
      const v = key[0];
      if (typeof v === 'string') return 's' + v;
      if (typeof v === 'number') return 'n' + (v === 0 ? 0 : v);
    }
    return 'k' + canonicalKey(key);
  }

  add(key: Value[], docId: string): void {
    const id = IndexTree.keyId(key);
    let e = this.byId.get(id);
    if (!e) {
      e = { key, docs: new Set() };
      this.byId.set(id, e);
      this.tree.set(key, e.docs);
    }
    if (!e.docs.has(docId)) {
      e.docs.add(docId);
      this.entryCount++;
    }
  }

  remove(key: Value[], docId: string): void {
    const id = IndexTree.keyId(key);
    const e = this.byId.get(id);
    if (!e || !e.docs.delete(docId)) return;
    this.entryCount--;
    if (e.docs.size === 0) {
      this.byId.delete(id);
      this.tree.delete(e.key);
    }
  }

  /** True if `v` is inside `r` (value order, not index order). */
  static inRange(v: Value, r: KeyRange): boolean {
    if (r.low !== undefined) {
      const c = collate(v, r.low);
      if (c < 0 || (c === 0 && !(r.inclusion & 1))) return false;
    }
    if (r.high !== undefined) {
      const c = collate(v, r.high);
      if (c > 0 || (c === 0 && !(r.inclusion & 2))) return false;
    }
    return true;
  }

  /**
   * Calls `visit(key, docIds)` for every entry whose keys fall in the per-key `ranges`
   * (`ranges[i]` constrains index key i; missing ranges are unbounded), in index order.
   * `visit` returning false stops the scan.
   */
  scan(ranges: KeyRange[], visit: (key: Value[], docs: Set<string>) => boolean | void): void {
    const first = ranges[0];
    const desc0 = this.desc[0];
    // Where to start in index order, and the bound after which no entry can match.
    const startValue = first ? (desc0 ? first.high : first.low) : undefined;
    const stopValue = first ? (desc0 ? first.low : first.high) : undefined;
    const iter = startValue === undefined ? this.tree.entries() : this.tree.entries([startValue]);
    for (const [key, docs] of iter) {
      if (first) {
        if (!IndexTree.inRange(key[0], first)) {
          if (stopValue !== undefined) {
            const c = collate(key[0], stopValue);
            if (desc0 ? c < 0 : c > 0) return;
          }
          continue;
        }
      }
      let ok = true;
      for (let i = 1; i < ranges.length && ok; i++) if (ranges[i]) ok = IndexTree.inRange(key[i], ranges[i]);
      if (ok && visit(key, docs) === false) return;
    }
  }
}

/** Canonical text of a value: object fields sorted, numbers by value (1 and 1.0 agree). */
function canonicalKey(v: Value): string {
  if (v === undefined) return 'M';
  if (v === null || typeof v !== 'object') return typeof v === 'number' && v === 0 ? '0' : (JSON.stringify(v) ?? 'null');
  if (Array.isArray(v)) return '[' + v.map(canonicalKey).join(',') + ']';
  return '{' + Object.keys(v).sort(compareStrings).map((n) => JSON.stringify(n) + ':' + canonicalKey(v[n])).join(',') + '}';
}
