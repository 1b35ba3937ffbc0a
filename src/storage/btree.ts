/**
 * The B+ tree under an `IndexTree`: sorted-btree's `BTree` with a custom comparator, typed for
 * index keys and their documents, and a bulk load of sorted keys.
 */
import { createRequire } from 'node:module';
import type { Value } from '../values/index.js';
import type { Posting } from './posting.js';

/**
 * A key as the tree holds it: the value itself for an index of one key (no array per key), the
 * composite key (one value per index key) otherwise. Never MISSING: an entry always has its
 * leading key.
 */
export type TreeKey = Value | Value[];

/** The order of the tree's keys. */
export type TreeOrder = (a: TreeKey, b: TreeKey) => number;

/**
 * The documents of a key in the tree: a `Posting`, or, as a TOKENS build leaves them, the number
 * of the key's range in the build's one array of entries (`SortedRun`, index-tree.ts),
 * which becomes a `Posting` on the key's first change. Readers go through `IndexTree.docsOf`.
 */
export type Docs = Posting | number;

/** The part of sorted-btree's `BTree` (a B+ tree with a custom comparator) used here. */
export interface Tree {
  readonly size: number;
  get(key: TreeKey): Docs | undefined;
  set(key: TreeKey, value: Docs): boolean;
  delete(key: TreeKey): boolean;
  entries(lowestKey?: TreeKey): IterableIterator<[TreeKey, Docs]>;
  /** The entry of `key`, else of the next key in the tree's order, or undefined. */
  getPairOrNextHigher(key: TreeKey): [TreeKey, Docs] | undefined;
}
type TreeCtor = new (entries: undefined, compare: TreeOrder, maxNodeSize?: number) => Tree;
type BulkLoadRoot = (keys: TreeKey[], values: Docs[], maxNodeSize: number, compare: TreeOrder, loadFactor?: number) => unknown;

// sorted-btree ships CommonJS with the class as `exports.default`. Loaded on first use: a
// statement over no index (`tokenql query -e "SELECT 1"`) does not pay for it at start-up.
const require = createRequire(import.meta.url);
let loaded: { BTree: TreeCtor; bulkLoadRoot: BulkLoadRoot } | undefined;
const sortedBtree = () =>
  (loaded ??= {
    BTree: (require('sorted-btree') as { default: TreeCtor }).default,
    bulkLoadRoot: (require('sorted-btree/extended/bulkLoad') as { bulkLoadRoot: BulkLoadRoot }).bulkLoadRoot,
  });

/** An empty B+ tree ordered by `compare`. */
export function newTree(compare: TreeOrder): Tree {
  return new (sortedBtree().BTree)(undefined, compare);
}
/** Node size of the trees (sorted-btree's default) and the fill of bulk-loaded leaves (room for later inserts). */
const MAX_NODE_SIZE = 64;
const BULK_LOAD_FACTOR = 0.8;

/**
 * A B+ tree of `keys` (ascending, distinct: sorted by the caller) and `values`, as sorted-btree's
 * `bulkLoad` makes it, without its check that the keys are in order: that is a comparison per key,
 * three quarters of the load (measured on 2,429 tokens), for keys a build has just sorted (and the
 * index-vs-scan tests would see any key out of order). `bulkLoad` itself sets `_root` so.
 */
export function loadSorted(keys: TreeKey[], values: Docs[], compare: TreeOrder): Tree {
  const { BTree, bulkLoadRoot } = sortedBtree();
  const root = bulkLoadRoot(keys, values, MAX_NODE_SIZE, () => -1, BULK_LOAD_FACTOR);
  const tree = new BTree(undefined, compare, MAX_NODE_SIZE);
  (tree as unknown as { _root: unknown })._root = root;
  return tree;
}
