import { docKeysOf, type IndexTree, type SortedRun } from '../storage/index.js';
import { TokenInterner, type TokenOptions } from '../tokens/index.js';
import { sortedIds, type ObjectValue, type Value } from '../values/index.js';
import { readPath } from './index-entries.js';

/**
 * An array of `n` (empty) slots for the document keys of one token, made by `Reflect.construct`
 * rather than `new Array(n)`. V8 pretenures the objects of an allocation site whose objects
 * outlive scavenges, as an index's postings do, and a pretenured `new Array(n)` whose length is
 * known only at run time takes a slow path: measured in builds of travel-sample's `name` index
 * in one process (Node 20), the postings took 0.24 ms of a 1.35 ms build, and 0.035 ms with
 * `--no-allocation-site-pretenuring` or with this function, which gives the array no site.
 */
function postingArray(n: number): string[] {
  return Reflect.construct(Array, [n]) as string[];
}

/**
 * The build of a one-key TOKENS index (`DISTINCT ARRAY v FOR v IN TOKENS(path[, options]) END`):
 * rather than one posting append per entry, scattered over memory, the entries are recorded in
 * flat arrays and the postings made at the end, each with its exact array of document keys (or,
 * for a token of one document, that document's key alone: most tokens of names are such).
 * 1. {@link addSlots}: a document's string tokens are interned (`TokenInterner`: a token seen before
 *    is neither sliced nor hashed again); their ids, appended by the interner document after
 *    document, are the entries, and the build records where each document's ids end. Its other
 *    tokens (numbers, booleans, null) go to the tree at once.
 * 2. {@link finish}: the tokens are sorted (`sortedIds`), each gets an array of exactly as many
 *    document keys as the interner counted values with it (none for a count of one: measured on
 *    travel-sample's `name`, 1,783 of its 2,429 tokens, CREATE INDEX 1.26 → 1.19 ms), and the
 *    entries are put in place,
 *    document after document: the run the tree is bulk-loaded from (`IndexTree.endBuild`).
 *    Entries of documents changed since they were added are dropped (the index manager's
 *    mutation listener has indexed their new version).
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
   * The recorded string entries, grouped by token and sorted, for `IndexTree.endBuild`.
   * @param written the keys of documents written since they were added, if any: their entries
   *   are dropped (the new versions are indexed by the index manager's mutation listener)
   */
  finish(written?: ReadonlySet<string>): SortedRun {
    const { interner, ends, docKeys } = this;
    const docs = docKeys.length;
    const { ids, strings, counts } = interner;
    const size = interner.size;
    // Each token's document keys, made in token order, then filled entry after entry: the key
    // itself for a token of one document (most tokens of names), else an array of exactly its size.
    const order = sortedIds(strings, interner.prefixKeys);
    const byId: (string[] | undefined)[] = new Array<string[] | undefined>(size);
    const at = new Int32Array(size);
    const filled = new Int32Array(size);
    const keys: Value[] = new Array<Value>(size);
    const tokenDocs: (string | string[])[] = new Array<string | string[]>(size);
    for (let i = 0; i < size; i++) {
      const id = order[i];
      keys[i] = strings[id];
      at[id] = i;
      const n = counts[id];
      if (n > 1) tokenDocs[i] = byId[id] = postingArray(n);
    }
    for (let docNo = 0, i = 0; docNo < docs; docNo++) {
      const key = docKeys[docNo];
      for (const end = ends[docNo]; i < end; i++) {
        const id = ids[i];
        const d = byId[id];
        if (d === undefined) tokenDocs[at[id]] = key;
        else d[filled[id]++] = key;
      }
    }
    let entries = interner.length;
    if (written) {
      // Drop the entries of documents written since they were added, and the keys left without any.
      const kept: number[] = [];
      for (let i = 0; i < size; i++) {
        const d = docKeysOf(tokenDocs[i]);
        const left = d.filter((k) => !written.has(k));
        entries -= d.length - left.length;
        if (left.length === d.length) kept.push(i);
        else if (left.length > 0) {
          tokenDocs[i] = left;
          kept.push(i);
        }
      }
      if (kept.length < size) return { keys: kept.map((i) => keys[i]), docs: kept.map((i) => tokenDocs[i]), entries };
    }
    return { keys, docs: tokenDocs, entries };
  }
}
