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

// sorted-btree ships CommonJS with the class as `exports.default`. Loaded on first use: a
// statement over no index (`tokenql query -e "SELECT 1"`) does not pay for it at start-up.
const require = createRequire(import.meta.url);
/** sorted-btree's node classes (exported by `b+tree.js`, used by its own bulk load). */
interface TreeNode {
  size(): number;
  keys: TreeKey[];
  children?: TreeNode[];
  takeFromLeft(lhs: TreeNode): void;
}
type LeafCtor = new (keys: TreeKey[], values: Docs[]) => TreeNode;
type InternalCtor = new (children: TreeNode[], size: number) => TreeNode;
interface SortedBtree {
  BTree: TreeCtor;
  BNode: LeafCtor;
  BNodeInternal: InternalCtor;
}
let loaded: SortedBtree | undefined;
const sortedBtree = (): SortedBtree => {
  if (loaded) return loaded;
  const lib = require('sorted-btree') as { default: TreeCtor; BNode: LeafCtor; BNodeInternal: InternalCtor };
  return (loaded = {
    BTree: lib.default,
    BNode: lib.BNode,
    BNodeInternal: lib.BNodeInternal,
  });
};

/** An empty B+ tree ordered by `compare`. */
export function newTree(compare: TreeOrder): Tree {
  return new (sortedBtree().BTree)(undefined, compare);
}
/** Node size of the trees (sorted-btree's default) and the fill of bulk-loaded leaves (room for later inserts). */
const MAX_NODE_SIZE = 64;
const BULK_LOAD_FACTOR = 0.8;

/** Leaves (or internal nodes) made between two yields of {@link loadSortedSteps}. */
const NODES_PER_PIECE = 256;

/**
 * A B+ tree of `keys` (ascending, distinct: sorted by the caller) and `values`, built in steps:
 * the tree sorted-btree's `bulkLoad` makes (`bulkLoadRoot`'s shape: leaves of
 * ⌈64 × 0.8⌉ entries spread evenly, then each level of internal nodes likewise, the last node of a
 * level topped up from its left sibling), yielding after every {@link NODES_PER_PIECE} nodes,
 * so that the caller can let the event loop run and loading a large index (~10 ms per 200k keys, growing
 * with the keys) never holds the event loop in one piece. Source of the shape: sorted-btree
 * `extended/bulkLoad.js`, `extended/shared.js` (`makeLeavesFrom`). Unlike `bulkLoad` it does not
 * check that the keys are in order: that is a comparison per key, three quarters of the load
 * (measured on 2,429 tokens), for keys a build has just sorted (and the index-vs-scan tests
 * would see any key out of order). The result is the generator's return value.
 */
export function* loadSortedSteps(keys: TreeKey[], values: Docs[], compare: TreeOrder): Generator<void, Tree> {
  const { BTree, BNode, BNodeInternal } = sortedBtree();
  const tree = new BTree(undefined, compare, MAX_NODE_SIZE);
  const total = keys.length;
  if (total === 0) return tree;
  const target = Math.ceil(MAX_NODE_SIZE * BULK_LOAD_FACTOR);
  let nodes: TreeNode[] = [];
  let remaining = total;
  let at = 0;
  for (let leaves = total <= MAX_NODE_SIZE ? 1 : Math.ceil(total / target); leaves > 0; leaves--) {
    const size = Math.ceil(remaining / leaves);
    nodes.push(new BNode(keys.slice(at, at + size), values.slice(at, at + size)));
    at += size;
    remaining -= size;
    if (nodes.length % NODES_PER_PIECE === 0) yield;
  }
  const half = target === MAX_NODE_SIZE / 2;
  const minSize = Math.floor(MAX_NODE_SIZE / 2);
  while (nodes.length > 1) {
    const count = nodes.length;
    if (count <= MAX_NODE_SIZE && (count !== MAX_NODE_SIZE || !half)) {
      let size = 0;
      for (const n of nodes) size += n.size();
      nodes = [new BNodeInternal(nodes, size)];
      break;
    }
    const parents = Math.ceil(count / target);
    const next: TreeNode[] = new Array(parents);
    let left = count;
    let child = 0;
    for (let i = 0; i < parents; i++) {
      const n = Math.ceil(left / (parents - i));
      const children: TreeNode[] = new Array(n);
      let size = 0;
      for (let j = 0; j < n; j++) {
        const c = nodes[child++]!;
        children[j] = c;
        size += c.size();
      }
      left -= n;
      next[i] = new BNodeInternal(children, size);
      if ((i + 1) % NODES_PER_PIECE === 0) yield;
    }
    const last = next[parents - 1]!;
    while (last.children!.length < minSize) last.takeFromLeft(next[parents - 2]!);
    nodes = next;
  }
  (tree as unknown as { _root: unknown })._root = nodes[0];
  return tree;
}
