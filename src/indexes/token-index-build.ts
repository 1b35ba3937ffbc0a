import type { IndexTree, StoredDocument } from '../storage/index.js';
import { TokenInterner, type TokenOptions } from '../tokens/index.js';
import { readPath } from './index-entries.js';

/** An Int32Array of at least `n` elements holding `a`'s (doubling). */
function ensure(a: Int32Array, n: number): Int32Array {
  if (n <= a.length) return a;
  const b = new Int32Array(Math.max(n, a.length * 2));
  b.set(a);
  return b;
}

/**
 * The build of a one-key TOKENS index (`DISTINCT ARRAY v FOR v IN TOKENS(path[, options]) END`):
 * rather than one posting append per entry, scattered over memory, the entries are recorded in
 * flat arrays and the postings made at the end, each with its exact array of document keys.
 * 1. {@link add}: a document's string tokens are interned (`TokenInterner`: a token seen before
 *    is neither sliced nor hashed again) and its entries recorded as (token id, document number);
 *    its other tokens (numbers, booleans, null) go to the tree at once.
 * 2. {@link finish}: a counting sort groups the entries by token id, then each token's posting is
 *    created, in id order. Entries of documents changed since they were added are dropped (the
 *    index manager's mutation listener has indexed their new version).
 */
export class TokenIndexBuild {
  private readonly interner: TokenInterner;
  private entryIds: Int32Array = new Int32Array(4096);
  private entryDocs: Int32Array = new Int32Array(4096);
  private entries = 0;
  private readonly docs: StoredDocument[] = [];
  /** The key of each document (read while the document is at hand). */
  private readonly docKeys: string[] = [];

  /** @param path the field path of TOKENS' first argument @param options its (constant) options */
  constructor(
    private readonly tree: IndexTree,
    private readonly path: string[],
    options: TokenOptions,
  ) {
    this.interner = new TokenInterner(options);
  }

  /** Records the entries of a document not yet in the index. */
  add(d: StoredDocument): void {
    const v = readPath(d.value, this.path);
    if (v === undefined) return;
    const interner = this.interner;
    interner.collect(v);
    const { ids, count, others } = interner;
    for (let i = 0; i < others.length; i++) this.tree.appendValue(others[i], d.key);
    if (count === 0) return;
    const docNo = this.docs.push(d) - 1;
    this.docKeys.push(d.key);
    let n = this.entries;
    if (n + count > this.entryIds.length) {
      this.entryIds = ensure(this.entryIds, n + count);
      this.entryDocs = ensure(this.entryDocs, n + count);
    }
    const { entryIds, entryDocs } = this;
    for (let i = 0; i < count; i++) {
      entryIds[n] = ids[i];
      entryDocs[n++] = docNo;
    }
    this.entries = n;
  }

  /**
   * Puts the recorded entries into the tree's postings.
   * @param current when documents may have changed since they were added: whether one is still
   *   the keyspace's current version (its entries are dropped otherwise)
   */
  finish(current?: (d: StoredDocument) => boolean): void {
    const size = this.interner.size;
    const { entryIds, entryDocs, docs, docKeys } = this;
    const counts = new Int32Array(size);
    for (let i = 0; i < this.entries; i++) counts[entryIds[i]]++;
    const start = new Int32Array(size + 1);
    for (let id = 0; id < size; id++) start[id + 1] = start[id] + counts[id];
    const next = start.slice(0, size);
    const byToken = new Int32Array(this.entries);
    for (let i = 0; i < this.entries; i++) byToken[next[entryIds[i]]++] = entryDocs[i];
    const live = current && docs.map(current);
    const strings = this.interner.strings;
    for (let id = 0; id < size; id++) {
      const keys = new Array<string>(counts[id]);
      let k = 0;
      for (let j = start[id]; j < start[id + 1]; j++) {
        const docNo = byToken[j];
        if (live && !live[docNo]) continue;
        keys[k++] = docKeys[docNo];
      }
      if (k < keys.length) keys.length = k;
      if (k > 0) this.tree.appendDocs(strings[id], keys);
    }
  }
}
