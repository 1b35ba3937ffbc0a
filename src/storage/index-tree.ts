import { collate, compareStrings, type Value } from '../values/index.js';
import { loadSortedSteps, newTree, type Docs, type Tree, type TreeKey, type TreeOrder } from './btree.js';
import { BuildPostings, mergeInOrder, type KeyOrder } from './build-postings.js';
import { Posting } from './posting.js';

/** One bound of a span on one index key: the value and whether it is included. */
export interface KeyRange {
  low?: Value;
  high?: Value;
  /** The reference's inclusion code: 0 neither bound, 1 low, 2 high, 3 both. */
  inclusion: 0 | 1 | 2 | 3;
}

/**
 * The result of a build of one-key entries done outside the tree (the TOKENS index build): keys
 * in ascending collation order (each key the index key's value itself) and the entries of all
 * keys in one typed array, grouped by key in the same order: key `i` has the distinct, non-empty
 * document numbers `docs[starts[i] .. starts[i + 1])`, and document number `d` is the document
 * key `docKeys[d]`. One typed array for the whole build rather than an array of document keys per
 * key: measured on travel-sample's `name` (2,429 keys, 646 of them in more than one document),
 * the arrays per key took 5–9% of the build (and 8 bytes per entry instead of 4).
 */
export interface SortedRun {
  keys: Value[];
  docs: Int32Array;
  /** `keys.length + 1` offsets into {@link docs}: `starts[keys.length]` is the number of entries. */
  starts: Int32Array;
  docKeys: readonly string[];
}

/** Keys handled between two yields of the end of a build (a mask: every 4,096). */
const PIECE_MASK = 4095;

/**
 * An ordered secondary index: composite keys (one value per index key, ordered by N1QL
 * collation, DESC keys reversed) each mapping to the set of document keys that have it, in a
 * B+ tree (the one structure that serves lookups, maintenance and scans).
 * A document with an array index key has one entry per (distinct) element. Supports point
 * lookups, ranges and prefix ranges on the leading keys, in key order.
 *
 * A build (between {@link beginBuild} and {@link endBuild}) groups its entries by key outside the
 * tree and bulk-loads the tree at the end, so that no entry of a build pays for a tree lookup.
 * Source of the shape: couchbase/query `datastore/index.go` (Index3 API, spans).
 */
export class IndexTree {
  private tree: Tree;
  private entryCount = 0;
  /** Changes made by {@link add} and {@link remove} since the tree was made ({@link version}). */
  private changes = 0;
  /** During a build: the postings the build appended, not yet in the tree. */
  private building: BuildPostings | undefined;
  /**
   * The sorted run the tree was bulk-loaded from, if any: a key the run put in the tree keeps the
   * number of its range of `run.docs` until its first change makes it a Posting (the ranges of
   * such keys then stay unread, at 4 bytes per entry, until the index is dropped or rebuilt).
   */
  private run: SortedRun | undefined;
  /**
   * Whether the index has one key: then the B+ tree holds each key's value itself rather than a
   * one-value array (measured on travel-sample's `name` TOKENS index, 2,429 keys: 1.5–3% off
   * the build, and about 50 bytes less per key).
   */
  private readonly single: boolean;

  /** {@link compareKeys} bound to this tree, for the sorts of composite keys. */
  private readonly compare: KeyOrder = (a, b) => this.compareKeys(a, b);
  /** The order of the B+ tree's keys ({@link TreeKey}). */
  private readonly treeOrder: TreeOrder;

  constructor(private readonly desc: readonly boolean[]) {
    this.single = desc.length === 1;
    this.treeOrder = this.single ? (a, b) => this.compareLeading(a as Value, b as Value) : (a, b) => this.compareKeys(a as Value[], b as Value[]);
    this.tree = newTree(this.treeOrder);
  }

  /** A composite key as the B+ tree holds it. */
  private toTree(key: Value[]): TreeKey {
    return this.single ? key[0] : key;
  }

  /** A key of the B+ tree as a composite key (a new one-value array for an index of one key). */
  private fromTree(key: TreeKey): Value[] {
    return this.single ? [key as Value] : (key as Value[]);
  }

  /** Compares two values of the leading index key in index order (strings and numbers by a fast path: collation's own order for them). */
  private compareLeading(x: Value, y: Value): number {
    let c: number;
    if (typeof x === 'number' && typeof y === 'number') c = x < y ? -1 : x > y ? 1 : x === y ? 0 : collate(x, y);
    else c = typeof x === 'string' && typeof y === 'string' ? compareStrings(x, y) : collate(x, y);
    return this.desc[0] ? -c : c;
  }

  /** Compares composite keys position by position; a prefix sorts before its extensions. */
  compareKeys(a: Value[], b: Value[]): number {
    if (a.length === 1 && b.length === 1) return this.compareLeading(a[0], b[0]);
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const c = collate(a[i], b[i]);
      if (c !== 0) return this.desc[i] ? -c : c;
    }
    return a.length - b.length;
  }

  /** The number of index keys (a one-key index answers {@link lookup}). */
  get keyCount(): number {
    return this.desc.length;
  }

  /**
   * The documents of one value of the key of a one-key index, or undefined if no entry has it:
   * a point lookup (one tree search, no key array or visit), what an index nested-loop join
   * probes per outer row. The value is found by collation (1, 1.0 and 1e0 are one key, -0 and
   * 0 another; 1 and "1" are two). An index of several keys always answers undefined (its
   * callers check {@link keyCount} and use {@link scan}). The documents are the tree's own
   * (not a copy): read them before the tree changes.
   */
  lookup(value: Value): (Iterable<string> & { readonly size: number }) | undefined {
    if (!this.single || this.tree.size === 0) return undefined;
    const docs = this.tree.get(value);
    return docs === undefined ? undefined : this.docsOf(docs);
  }

  /** Number of (key, document) entries. */
  get size(): number {
    return this.entryCount;
  }

  /** Number of distinct keys (in the tree: during a build, those outside the build). */
  get distinctKeys(): number {
    return this.tree.size;
  }

  /** The document keys of a key's {@link Docs} in the tree. */
  private docsOf(docs: Docs): Iterable<string> & { readonly size: number } {
    return typeof docs === 'number' ? new RunRange(this.run!, docs) : docs;
  }

  /** The tree's posting of a key, as the tree holds it (a build's range of documents turned into one). */
  private inTree(k: TreeKey): Posting | undefined {
    if (this.tree.size === 0) return undefined;
    const docs = this.tree.get(k);
    if (docs === undefined || typeof docs !== 'number') return docs;
    const e = new Posting(this.fromTree(k), runKeys(this.run!, docs));
    this.tree.set(k, e);
    return e;
  }

  /** The posting of a key: the build's, else the tree's; created in the tree when `create`. */
  private posting(key: Value[], create: boolean): Posting | undefined {
    const k = this.toTree(key);
    let e = this.building?.get(key, false) || this.inTree(k);
    if (!e && create) this.tree.set(k, (e = new Posting(key)));
    return e;
  }

  /** Starts a build: entries added with `append`/`appendValue` reach the tree at {@link endBuild}. */
  beginBuild(): void {
    this.building = new BuildPostings();
    this.presorted = undefined;
  }

  /** The build's postings sorted ahead of {@link endBuild} by {@link presortBuild}, and how many there were. */
  private presorted: { postings: Posting[]; created: number } | undefined;

  /**
   * Sorts the build's postings in pieces, awaiting `pause()` between them, so that
   * {@link endBuild} does not sort them all at once. Call it after the last `append`; writes
   * meanwhile (`add`, `remove`) are fine. If a posting is made after it, endBuild sorts again.
   */
  async presortBuild(pause: () => Promise<void>): Promise<void> {
    const b = this.building;
    if (!b) return;
    const created = b.created;
    const postings = await b.sortedInPieces(this.compare, this.desc[0], pause);
    if (this.building === b) this.presorted = { postings, created };
  }

  /**
   * Ends a build: puts the build's postings, and the `run` of a build done outside (if any),
   * into the tree in key order, bulk-loading it (no comparisons beyond the sort) when it is
   * empty, as it is for CREATE/BUILD INDEX unless documents changed during the build. The
   * run's keys must not have been appended otherwise in this build.
   */
  endBuild(run?: SortedRun): void {
    const b = this.building;
    const pre = this.presorted;
    const postings = !b ? [] : pre && pre.created === b.created ? pre.postings : b.sorted(this.compare, this.desc[0]);
    const steps = this.endSteps(postings, run);
    while (!steps.next().done);
  }

  /**
   * {@link endBuild} in pieces, awaiting `pause()` between them (every few thousand keys), so
   * that the end of a large build never holds the event loop in one piece (it held it ~75 ms
   * for 200k composite keys). Writes meanwhile (`add`, `remove`) are held and applied, in their
   * order, once the tree is complete; a posting made since {@link presortBuild} makes it sort
   * again, in pieces too.
   */
  async endBuildInPieces(run: SortedRun | undefined, pause: () => Promise<void>): Promise<void> {
    const b = this.building;
    const pre = this.presorted;
    const held: [boolean, Value[], string][] = (this.held = []);
    try {
      const postings = !b ? [] : pre && pre.created === b.created ? pre.postings : await b.sortedInPieces(this.compare, this.desc[0], pause);
      const steps = this.endSteps(postings, run);
      while (!steps.next().done) await pause();
    } finally {
      this.held = undefined;
      for (const [add, key, docId] of held) if (add) this.add(key, docId);
      else this.remove(key, docId);
    }
  }

  /** Writes held while {@link endBuildInPieces} runs: [add?, key, document key]. */
  private held: [boolean, Value[], string][] | undefined;

  /** The work of {@link endBuild} from the build's postings in index order (empty ones are dropped), yielding between pieces. */
  private *endSteps(postings: Posting[], run: SortedRun | undefined): Generator<void, void> {
    this.presorted = undefined;
    this.building = undefined;
    const appended: Posting[] = [];
    let keys: TreeKey[] = [];
    for (let i = 0; i < postings.length; i++) {
      const e = postings[i]!;
      if (e.size > 0) {
        appended.push(e);
        keys.push(this.toTree(e.key));
      }
      if ((i & PIECE_MASK) === PIECE_MASK) yield;
    }
    let values: Docs[] = appended;
    if (run) {
      if (!this.single) throw new Error('IndexTree.endBuild: a sorted run is for an index of one key');
      if (this.run) throw new Error('IndexTree.endBuild: a tree is built from one sorted run');
      this.run = run;
      // In index order: the run's keys ascend, so a DESC tree takes them last first.
      const n = run.keys.length;
      const desc = this.desc[0];
      const runKeys: TreeKey[] = desc ? run.keys.slice().reverse() : run.keys;
      const runValues: Docs[] = new Array<Docs>(n);
      for (let i = 0; i < n; i++) runValues[i] = desc ? n - 1 - i : i;
      this.entryCount += run.starts[n];
      [keys, values] = appended.length === 0 ? [runKeys, runValues] : mergeInOrder<TreeKey, Docs>(keys, values, runKeys, runValues, this.treeOrder);
      yield;
    }
    if (this.tree.size === 0 && keys.length > 0) {
      this.tree = yield* loadSortedSteps(keys, values, this.treeOrder);
      return;
    }
    for (let i = 0; i < keys.length; i++) {
      const existing = this.inTree(keys[i]);
      if (!existing) this.tree.set(keys[i], values[i]);
      else for (const id of this.docsOf(values[i])) if (!existing.add(id)) this.entryCount--;
      if ((i & PIECE_MASK) === PIECE_MASK) yield;
    }
  }

  /** Adds the entry `[value]` of a one-key index during a build (the document is known not to have it yet). */
  appendValue(value: Value, docId: string): void {
    this.append([value], docId);
  }

  /** Adds an entry during a build: the document is known not to have this key yet. */
  append(key: Value[], docId: string): void {
    const b = this.building!;
    const e = b.get(key, false) || this.inTree(this.toTree(key)) || b.get(key, true)!;
    e.append(docId);
    this.entryCount++;
  }

  /**
   * A number that changes whenever an entry is added or removed (maintenance, not a build): a
   * walk that paused compares it across the pause to know whether a document may have moved
   * under it (index-walk.ts).
   */
  get version(): number {
    return this.changes;
  }

  /** Adds an entry (no effect if present). */
  add(key: Value[], docId: string): void {
    this.changes++;
    if (this.held) {
      this.held.push([true, key, docId]);
      return;
    }
    if (this.posting(key, true)!.add(docId)) this.entryCount++;
  }

  /** Removes an entry (no effect if absent). */
  remove(key: Value[], docId: string): void {
    this.changes++;
    if (this.held) {
      this.held.push([false, key, docId]);
      return;
    }
    const e = this.posting(key, false);
    if (!e || !e.delete(docId)) return;
    this.entryCount--;
    // An emptied posting of the build is left for endBuild to drop.
    if (e.size === 0) {
      const k = this.toTree(key);
      if (this.tree.get(k) === e) this.tree.delete(k);
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
   * `visit` returning false stops the scan; `visit` must not change the tree.
   *
   * With `after` (a key an earlier scan of the same ranges visited last), only the entries
   * after it in index order are visited: a walk stopped to let the event loop run resumes
   * there. No iterator is held between the two scans, so the tree may change in between: a key
   * present throughout is visited exactly once over the two scans (never again, never skipped);
   * a key added or removed meanwhile is seen if it falls after `after` and is present when the
   * resumed scan reaches it.
   */
  scan(ranges: KeyRange[], visit: (key: Value[], docs: Iterable<string>) => boolean | void, after?: Value[]): void {
    const first = ranges[0];
    const desc0 = this.desc[0];
    const single = this.single;
    // One key value (an equality span on an index of one key: a nested-loop join probes one per
    // outer row): a single tree lookup, not an iterator started at it. The tree's order is
    // collation, so the key it finds equal is the only entry in the span.
    if (after === undefined && single && ranges.length === 1 && first && first.inclusion === 3 && first.low !== undefined && first.low === first.high) {
      const pair = this.tree.getPairOrNextHigher(first.low);
      if (pair && this.treeOrder(pair[0], first.low) === 0) visit([pair[0] as Value], this.docsOf(pair[1]));
      return;
    }
    // Where to start in index order, and the bound after which no entry can match.
    const startValue = first ? (desc0 ? first.high : first.low) : undefined;
    const stopValue = first ? (desc0 ? first.low : first.high) : undefined;
    // A resumed scan starts at `after` (at or past the span's start: it was visited in it) and
    // leaves it out; the first key at or past it is the only one that can equal it.
    const resume = after === undefined ? undefined : this.toTree(after);
    const iter = after !== undefined ? this.tree.entries(resume) : startValue === undefined ? this.tree.entries() : this.tree.entries(single ? startValue : [startValue]);
    let skipFirst = after !== undefined;
    for (const [k, docs] of iter) {
      if (skipFirst) {
        skipFirst = false;
        if (this.treeOrder(k, resume!) <= 0) continue;
      }
      const lead = single ? (k as Value) : (k as Value[])[0];
      if (first) {
        if (!IndexTree.inRange(lead, first)) {
          if (stopValue !== undefined) {
            const c = collate(lead, stopValue);
            if (desc0 ? c < 0 : c > 0) return;
          }
          continue;
        }
      }
      const key = this.fromTree(k);
      let ok = true;
      for (let i = 1; i < ranges.length && ok; i++) if (ranges[i]) ok = IndexTree.inRange(key[i], ranges[i]);
      if (ok && visit(key, this.docsOf(docs)) === false) return;
    }
  }
}

/**
 * The documents of range `r` of a build's sorted run: its size without listing them (an index
 * count reads only the size), listed when iterated.
 */
class RunRange implements Iterable<string> {
  constructor(
    private readonly run: SortedRun,
    private readonly r: number,
  ) {}

  get size(): number {
    return this.run.starts[this.r + 1]! - this.run.starts[this.r]!;
  }

  /** Over the keys listed in an array (iterating an array is faster than a generator's steps). */
  [Symbol.iterator](): Iterator<string> {
    return runKeys(this.run, this.r)[Symbol.iterator]();
  }
}

/** The document keys of range `r` of a build's sorted run (a new array). */
function runKeys(run: SortedRun, r: number): string[] {
  const keys: string[] = [];
  for (let j = run.starts[r]!; j < run.starts[r + 1]!; j++) keys.push(run.docKeys[run.docs[j]!]!);
  return keys;
}
