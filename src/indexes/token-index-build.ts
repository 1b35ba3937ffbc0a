import type { IndexTree, SortedRun } from '../storage/index.js';
import { TokenInterner, type TokenOptions } from '../tokens/index.js';
import { sortedIds, type ObjectValue, type Value } from '../values/index.js';
import { readPath } from './index-entries.js';

/** `run` without the entries of the documents `written`, and the keys left without any. */
function without(run: SortedRun, written: ReadonlySet<string>): SortedRun {
  const keys: Value[] = [];
  const docs: number[] = [];
  const starts: number[] = [0];
  for (let i = 0; i < run.keys.length; i++) {
    const before = docs.length;
    for (let j = run.starts[i]; j < run.starts[i + 1]; j++) if (!written.has(run.docKeys[run.docs[j]])) docs.push(run.docs[j]);
    if (docs.length > before) {
      keys.push(run.keys[i]);
      starts.push(docs.length);
    }
  }
  return { keys, docs: Int32Array.from(docs), starts: Int32Array.from(starts), docKeys: run.docKeys };
}

/**
 * The build of a one-key TOKENS index (`DISTINCT ARRAY v FOR v IN TOKENS(path[, options]) END`):
 * rather than one posting append per entry, scattered over memory, the entries are recorded in
 * flat arrays and grouped by token at the end, into one typed array for the whole build.
 * 1. {@link addSlots}: a document's string tokens are interned (`TokenInterner`: a token seen before
 *    is neither sliced nor hashed again); their ids, appended by the interner document after
 *    document, are the entries, and the build numbers the documents and records where each
 *    document's ids end. Its other tokens (numbers, booleans, null) go to the tree at once.
 * 2. {@link finish}: the tokens are sorted (`sortedIds`), each gets a range of exactly as many
 *    places as the interner counted values with it, and the document numbers are put in place,
 *    document after document: the run the tree is bulk-loaded from (`SortedRun`,
 *    `IndexTree.endBuild`). The places are 4-byte integers in one `Int32Array`, not document keys
 *    in an array per token or in one shared array: an array of more than 16,384 references lies in
 *    V8's large-object space, where each store cost about 50 ns instead of 1.5 (measured on
 *    travel-sample's `description`, 22,150 entries: its finish went from 0.56 to 1.20 ms with
 *    one shared array of keys, and to 0.39 ms with this one of numbers).
 *    Entries of documents changed since they were added are dropped (the index manager's
 *    mutation listener has indexed their new version).
 */
export class TokenIndexBuild {
  private readonly interner: TokenInterner;
  /** Per document with string tokens: where its ids end in the interner's `ids`. */
  private ends: Int32Array;
  /**
   * The key of each document with string tokens, by document number (read while the document is
   * at hand); the run hands it to the tree, which reads its entries' keys from it.
   */
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

  /**
   * `readPath` of a one-step path, with a property read of its own: the shared `getField` reads
   * fields of every shape of every keyspace and query (a megamorphic read), this one only the
   * shapes of the documents of this build. (Measured on travel-sample's `name`: the visit went
   * from 0.84 ms to 0.73 ms.) `Object.hasOwn` comes first: most documents of a keyspace lack a
   * given field, and reading a missing field costs more than asking whether it is there (reading
   * `name` of every travel-sample document: 0.102 ms → 0.078 ms). The evaluator's `getField`
   * reads first on purpose: there, asking first made full-scan queries slower (11 → 15 ms).
   */
  private readField(doc: Value): Value {
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return undefined;
    const name = this.path[0];
    return Object.hasOwn(doc, name) ? (doc as ObjectValue)[name] : undefined;
  }

  /** TOKENS' first argument in document `doc`: its field (MISSING: `undefined`). */
  private fieldOf(doc: Value): Value {
    return this.path.length === 1 ? this.readField(doc) : readPath(doc, this.path);
  }

  /** Records the entries of the document with key `key`, whose field has value `v`. */
  private record(key: string, v: Value): void {
    const interner = this.interner;
    const count = interner.collect(v);
    const others = interner.others;
    for (let i = 0; i < others.length; i++) this.tree.appendValue(others[i], key);
    if (count === 0) return;
    const docNo = this.docKeys.push(key) - 1;
    if (docNo === this.ends.length) {
      const ends = new Int32Array(this.ends.length * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.ends[docNo] = interner.length;
  }

  /**
   * Records the entries of the documents (not yet in the index) in slots `from` to `to`
   * (exclusive) of a keyspace's document columns (`KeyspaceStore.documentColumns`), holes
   * skipped; returns how many documents it visited.
   */
  addSlots(keys: readonly (string | undefined)[], values: readonly (Value | undefined)[], from: number, to: number): number {
    let n = 0;
    for (let i = from; i < to; i++) {
      const doc = values[i];
      if (doc === undefined) continue;
      n++;
      // Most documents of a keyspace lack a given field: for them, no call (measured on
      // travel-sample's `name`, which 1,967 of 6,935 documents have).
      const v = this.fieldOf(doc);
      if (v !== undefined) this.record(keys[i] as string, v);
    }
    return n;
  }

  /**
   * The recorded string entries, grouped by token and sorted, for `IndexTree.endBuild`. Call it once.
   * @param written the keys of documents written since they were added, if any: their entries
   *   are dropped (the new versions are indexed by the index manager's mutation listener)
   */
  finish(written?: ReadonlySet<string>): SortedRun {
    const { interner, ends, docKeys } = this;
    const { ids, strings, counts } = interner;
    const size = interner.size;
    // Each token's range of the run's entries, in token order; then the entries (document
    // numbers), document after document, each put at the next place of its token's range.
    const order = sortedIds(strings, interner.prefixKeys);
    const keys: Value[] = new Array<Value>(size);
    const starts = new Int32Array(size + 1);
    const next = new Int32Array(size);
    let at = 0;
    for (let i = 0; i < size; i++) {
      const id = order[i];
      keys[i] = strings[id];
      starts[i] = next[id] = at;
      at += counts[id];
    }
    starts[size] = at;
    const docs = new Int32Array(at);
    for (let docNo = 0, i = 0; docNo < docKeys.length; docNo++) {
      for (const end = ends[docNo]; i < end; i++) docs[next[ids[i]]++] = docNo;
    }
    const run = { keys, docs, starts, docKeys };
    return written ? without(run, written) : run;
  }
}
