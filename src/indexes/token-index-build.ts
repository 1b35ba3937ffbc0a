import type { IndexTree, SortedRun, StoredDocument } from '../storage/index.js';
import { TokenInterner, type TokenOptions } from '../tokens/index.js';
import { sortedIds, type Value } from '../values/index.js';
import { readPath } from './index-entries.js';

/**
 * The build of a one-key TOKENS index (`DISTINCT ARRAY v FOR v IN TOKENS(path[, options]) END`):
 * rather than one posting append per entry, scattered over memory, the entries are recorded in
 * flat arrays and the postings made at the end, each with its exact array of document keys.
 * 1. {@link add}: a document's string tokens are interned (`TokenInterner`: a token seen before
 *    is neither sliced nor hashed again); their ids, appended by the interner document after
 *    document, are the entries, and the build records where each document's ids end. Its other
 *    tokens (numbers, booleans, null) go to the tree at once.
 * 2. {@link finish}: a counting sort groups the entries by token id into one exact array of
 *    document keys per token, in the order of the tokens (`sortedIds`): the run the tree is
 *    bulk-loaded from (`IndexTree.endBuild`). Entries of documents changed since they were added
 *    are dropped (the index manager's mutation listener has indexed their new version).
 */
export class TokenIndexBuild {
  private readonly interner: TokenInterner;
  /** Per document with string tokens: where its ids end in the interner's `ids`. */
  private ends: Int32Array;
  /** The key of each document with string tokens (read while the document is at hand). */
  private readonly docKeys: string[] = [];

  /**
   * @param path the field path of TOKENS' first argument
   * @param options its (constant) options
   * @param documents about how many documents will be added (sizes the arrays)
   */
  constructor(
    private readonly tree: IndexTree,
    private readonly path: string[],
    options: TokenOptions,
    documents = 0,
  ) {
    this.interner = new TokenInterner(options, documents);
    this.ends = new Int32Array(Math.max(1024, documents));
  }

  /** Records the entries of a document not yet in the index. */
  add(d: StoredDocument): void {
    const v = readPath(d.value, this.path);
    if (v === undefined) return;
    const interner = this.interner;
    const count = interner.collect(v);
    const others = interner.others;
    for (let i = 0; i < others.length; i++) this.tree.appendValue(others[i], d.key);
    if (count === 0) return;
    const docNo = this.docKeys.push(d.key) - 1;
    if (docNo === this.ends.length) {
      const ends = new Int32Array(this.ends.length * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.ends[docNo] = interner.length;
  }

  /**
   * The recorded string entries, grouped by token and sorted, for `IndexTree.endBuild`.
   * @param written the keys of documents written since they were added, if any: their entries
   *   are dropped (the new versions are indexed by the index manager's mutation listener)
   */
  finish(written?: ReadonlySet<string>): SortedRun {
    const { interner, ends, docKeys } = this;
    const docs = docKeys.length;
    const { ids, strings } = interner;
    const size = interner.size;
    const n = interner.length;
    // Counting sort of the entries by token id: byToken[start[id] .. start[id + 1]) are its documents.
    const start = new Int32Array(size + 1);
    for (let i = 0; i < n; i++) start[ids[i] + 1]++;
    for (let id = 0; id < size; id++) start[id + 1] += start[id];
    const next = start.slice(0, size);
    const byToken = new Int32Array(n);
    for (let docNo = 0, i = 0; docNo < docs; docNo++) {
      for (const end = ends[docNo]; i < end; i++) byToken[next[ids[i]]++] = docNo;
    }
    const live = written && docKeys.map((k) => !written.has(k));
    const order = sortedIds(strings, undefined, interner.prefixKeys);
    const keys: Value[][] = [];
    const tokenDocs: string[][] = [];
    let entries = 0;
    for (let i = 0; i < size; i++) {
      const id = order[i];
      const from = start[id];
      const to = start[id + 1];
      const ofToken: string[] = new Array<string>(to - from);
      let m = 0;
      for (let j = from; j < to; j++) {
        const docNo = byToken[j];
        if (!live || live[docNo]) ofToken[m++] = docKeys[docNo];
      }
      if (m === 0) continue;
      if (m < ofToken.length) ofToken.length = m;
      // `new Array(1)`, not the literal `[t]`: in this loop of a build, measured to take half the
      // time (Node 20); a small loop of literals alone shows no difference, so check before changing.
      const key = new Array<Value>(1);
      key[0] = strings[id];
      keys.push(key);
      tokenDocs.push(ofToken);
      entries += m;
    }
    return { keys, docs: tokenDocs, entries };
  }
}
