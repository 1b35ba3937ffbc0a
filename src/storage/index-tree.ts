import { createRequire } from 'node:module';
import { canonicalKey, collate, compareStrings, sortStrings, type Value } from '../values/index.js';
import { Posting } from './posting.js';

/** The part of sorted-btree's `BTree` (a B+ tree with a custom comparator) used here. */
interface Tree {
  readonly size: number;
  set(key: Value[], value: Posting): boolean;
  delete(key: Value[]): boolean;
  entries(lowestKey?: Value[]): IterableIterator<[Value[], Posting]>;
}
type Compare = (a: Value[], b: Value[]) => number;
type TreeCtor = new (entries: undefined, compare: Compare) => Tree;
type BulkLoad = (keys: Value[][], values: Posting[], maxNodeSize: number, compare: Compare, loadFactor?: number) => Tree;

// sorted-btree ships CommonJS with the class as `exports.default`.
const require = createRequire(import.meta.url);
const BTree = (require('sorted-btree') as { default: TreeCtor }).default;
const bulkLoad = (require('sorted-btree/extended/bulkLoad') as { bulkLoad: BulkLoad }).bulkLoad;
/** Node size of the trees (sorted-btree's default) and the fill of bulk-loaded leaves (room for later inserts). */
const MAX_NODE_SIZE = 64;
const BULK_LOAD_FACTOR = 0.8;

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
  private tree: Tree;
  /**
   * Postings by key, outside the tree so that most adds never touch it: single-value keys by
   * the string or number itself, other keys by a canonical string.
   */
  private readonly strings = new Map<string, Posting>();
  private readonly numbers = new Map<number, Posting>();
  private readonly others = new Map<string, Posting>();
  private entryCount = 0;
  /** During a build: keys of new postings, put in the tree at the end in one sorted pass. */
  private pending: Posting[] | undefined;

  /** {@link compareKeys} bound to this tree, for the B+ tree and the sorts. */
  private readonly compare: Compare = (a, b) => this.compareKeys(a, b);

  constructor(private readonly desc: readonly boolean[]) {
    this.tree = new BTree(undefined, this.compare);
  }

  /** Compares composite keys position by position; a prefix sorts before its extensions. */
  compareKeys(a: Value[], b: Value[]): number {
    if (a.length === 1 && b.length === 1) {
      const x = a[0];
      const y = b[0];
      if (typeof x === 'string' && typeof y === 'string') {
        const c = x === y ? 0 : compareStrings(x, y);
        return this.desc[0] ? -c : c;
      }
    }
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

  /** Where the posting of a key is found: single strings and numbers by themselves, other keys by canonical text. */
  private mapOf(key: Value[]): Map<string | number, Posting> {
    const v = key[0];
    if (key.length !== 1) return this.others;
    return (typeof v === 'string' ? this.strings : typeof v === 'number' ? this.numbers : this.others) as Map<string | number, Posting>;
  }

  /** The id of a key in {@link mapOf}: the string, the number (-0 as 0), or the canonical text. */
  private idOf(key: Value[]): string | number {
    const v = key[0];
    if (key.length === 1 && typeof v === 'string') return v;
    if (key.length === 1 && typeof v === 'number') return v === 0 ? 0 : v;
    return canonicalKey(key);
  }

  /**
   * The posting of a key, created when `create` (with `docs` as its first documents): put in the
   * tree at once, or at `endBuild` when `deferTree` during a build.
   */
  private posting(key: Value[], create: boolean, deferTree = false, docs?: string[]): Posting | undefined {
    const map = this.mapOf(key);
    const id = this.idOf(key);
    let e = map.get(id);
    if (!e && create) {
      e = new Posting(key, docs);
      map.set(id, e);
      if (this.pending && deferTree) this.pending.push(e);
      else this.tree.set(key, e);
    }
    return e;
  }

  /** Starts a build: new keys added with `append`/`appendValue` reach the tree at `endBuild`. */
  beginBuild(): void {
    this.pending = [];
  }

  /**
   * Ends a build: puts the new keys into the tree in key order, bulk-loading it (O(n), no
   * comparisons beyond the sort) when the tree was empty, as it is for CREATE/BUILD INDEX.
   */
  endBuild(): void {
    const pending = (this.pending ?? []).filter((e) => e.size > 0);
    this.pending = undefined;
    this.sortPostings(pending);
    if (this.tree.size === 0 && pending.length > 0) {
      this.tree = bulkLoad(
        pending.map((e) => e.key),
        pending,
        MAX_NODE_SIZE,
        this.compare,
        BULK_LOAD_FACTOR,
      );
    } else for (const e of pending) this.tree.set(e.key, e);
  }

  /**
   * Sorts postings into index order; one-string keys (the keys of TOKENS indexes) by
   * {@link sortStrings}, which compares code units instead of whole strings.
   */
  private sortPostings(postings: Posting[]): void {
    let strings = true;
    for (let i = 0; i < postings.length && strings; i++) {
      const k = postings[i].key;
      strings = k.length === 1 && typeof k[0] === 'string';
    }
    if (!strings) {
      postings.sort((x, y) => this.compare(x.key, y.key));
      return;
    }
    const keys = sortStrings(postings.map((e) => e.key[0] as string));
    if (this.desc[0]) keys.reverse();
    for (let i = 0; i < keys.length; i++) postings[i] = this.strings.get(keys[i])!;
  }

  /**
   * Adds the entry `[value]` of a one-key index during a build (the document is known not to
   * have it yet), allocating the key array only for a new key.
   */
  appendValue(value: Value, docId: string): void {
    let e = typeof value === 'string' ? this.strings.get(value) : typeof value === 'number' ? this.numbers.get(value === 0 ? 0 : value) : undefined;
    if (!e) e = this.posting([value], true, true)!;
    e.append(docId);
    this.entryCount++;
  }

  /**
   * Adds the entries `[t]` of documents during a build (none of them has it yet); a new key's
   * posting takes `docs` as its array.
   */
  appendDocs(t: string, docs: string[]): void {
    const e = this.strings.get(t);
    if (e) for (const id of docs) e.append(id);
    else this.posting([t], true, true, docs);
    this.entryCount += docs.length;
  }

  /** Adds an entry during a build: the document is known not to have this key yet. */
  append(key: Value[], docId: string): void {
    this.posting(key, true, true)!.append(docId);
    this.entryCount++;
  }

  /** Adds an entry (no effect if present). */
  add(key: Value[], docId: string): void {
    if (this.posting(key, true)!.add(docId)) this.entryCount++;
  }

  /** Removes an entry (no effect if absent). */
  remove(key: Value[], docId: string): void {
    const e = this.posting(key, false);
    if (!e || !e.delete(docId)) return;
    this.entryCount--;
    if (e.size === 0) {
      this.mapOf(key).delete(this.idOf(key));
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
  scan(ranges: KeyRange[], visit: (key: Value[], docs: Iterable<string>) => boolean | void): void {
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

