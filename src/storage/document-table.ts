import type { Value } from '../values/index.js';
import { keyHash, KeySlots } from './key-slots.js';
import type { StoredDocument } from './store.js';

/**
 * The document keys and values of a keyspace in two dense arrays, in the order the keys were
 * first written (a Map's order), for index builds ({@link DocumentTable.columns}). Slot `i`
 * holds `keys[i]` and `values[i]`; a removed document leaves a hole (both `undefined`) until
 * the table compacts. `length` is the number of slots in use, holes included.
 */
export interface DocumentColumns {
  readonly keys: readonly (string | undefined)[];
  readonly values: readonly (Value | undefined)[];
  readonly length: number;
}

/** Columns of the documents `docs`, in their order (a copy, with no holes), read in one pass. */
export function columnsOf(docs: Iterable<StoredDocument>): DocumentColumns {
  const keys: string[] = [];
  const values: Value[] = [];
  for (const d of docs) {
    keys.push(d.key);
    values.push(d.value);
  }
  return { keys, values, length: keys.length };
}

/**
 * Makes V8 flatten `key` in place when it is a rope (a concatenation: a key template's
 * `airline_` + `10000`; V8 makes one of any concatenation of 13 or more characters). A Map
 * compares a looked-up key with a stored rope by walking its pieces on every hit: measured with
 * 100,000 keys `airline_N` (Node 20), 100,000 lookups took 13–14 ms against 8 ms once flattened.
 * Reading a character flattens the string; the result is used so that it is not optimised away.
 */
function flatten(key: string): void {
  if (key.length > 12 && key.charCodeAt(0) < 0) throw new Error('unreachable');
}

/** Holes a table keeps before it compacts, whatever its size. */
const MIN_HOLES = 1024;

/** Scratch arrays of {@link DocumentTable.lookupMany} (one batch at a time: it is synchronous). */
let scratchHashes = new Int32Array(256);
let scratchSkip = new Uint8Array(256);
let scratchSlots = new Int32Array(256);

/**
 * The live documents of a keyspace by key: a Map (lookups and iteration, exactly as before) and,
 * beside it, the keys and values in dense arrays ({@link DocumentColumns}).
 *
 * Why the columns: an index build visits every document and reads one field. Measured on the
 * query benchmark's 1,000,000-document corpus (Node 20), reading `name` through the Map and each
 * document's `StoredDocument` took 320–340 ms, and through a dense array of the same values
 * 140–210 ms: the wrappers lie scattered over a heap of gigabytes, and each costs a cache (and
 * TLB) miss. The arrays (keys, values and stored documents) and the key-to-slot table
 * ({@link KeySlots}) cost, with the Map of documents, about 88 bytes per document (measured with
 * 1,000,000 keys of 12 characters; 64 with two arrays and a Map from key to slot instead).
 *
 * Updates keep a key's slot (as a Map keeps its position); a removal leaves a hole; when holes
 * are more than {@link MIN_HOLES} and half the slots, the table compacts into new arrays (a reader
 * holding the old ones keeps a consistent, if stale, snapshot: see {@link columns}).
 *
 * A key's slot is found in {@link KeySlots} (a hash table of its own, holding no strings), and
 * each slot also holds its stored document: a batch of lookups ({@link lookupMany}, a lookup
 * join's) reads a document's value from the value column without reading its record.
 */
export class DocumentTable {
  private readonly byKey = new Map<string, StoredDocument>();
  private readonly slotOf = new KeySlots();
  private keyColumn: (string | undefined)[] = [];
  private valueColumn: (Value | undefined)[] = [];
  private docColumn: (StoredDocument | undefined)[] = [];
  private holes = 0;
  /** Counts the writes and removals: a reader's cached view is current while this is unchanged. */
  version = 0;

  get size(): number {
    return this.byKey.size;
  }

  get(key: string): StoredDocument | undefined {
    return this.byKey.get(key);
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** The documents in the order their keys were first written (the Map's order). */
  values(): IterableIterator<StoredDocument> {
    return this.byKey.values();
  }

  keys(): IterableIterator<string> {
    return this.byKey.keys();
  }

  /**
   * The live documents of `keys[0..n)` into `docs[0..n)`, and their values into `values[0..n)`
   * when given (read from the value column, not from each document's record), `undefined` where a key is
   * not a string or names no document: `get` of each key, in one pass per step (hash every
   * key, probe every key's bucket, then check and read), so that the reads of different keys,
   * each a cache miss in a large table, overlap.
   */
  lookupMany(keys: readonly unknown[], n: number, docs: (StoredDocument | undefined)[], values?: (Value | undefined)[]): void {
    if (scratchHashes.length < n) {
      scratchHashes = new Int32Array(n);
      scratchSkip = new Uint8Array(n);
      scratchSlots = new Int32Array(n);
    }
    const hashes = scratchHashes;
    const skip = scratchSkip;
    const slots = scratchSlots;
    for (let i = 0; i < n; i++) {
      const k = keys[i];
      if (typeof k === 'string') {
        hashes[i] = keyHash(k);
        skip[i] = 0;
      } else skip[i] = 1;
    }
    this.slotOf.probeMany(keys, hashes, skip, n, slots);
    const valueColumn = this.valueColumn;
    const docColumn = this.docColumn;
    for (let i = 0; i < n; i++) {
      const s = slots[i]! - 1;
      docs[i] = s < 0 ? undefined : docColumn[s];
    }
    if (values)
      for (let i = 0; i < n; i++) {
        const s = slots[i]! - 1;
        values[i] = s < 0 ? undefined : valueColumn[s];
      }
  }

  /** Makes `doc` the live document of `key`: in its slot if the key is live, else in a new one. */
  set(key: string, doc: StoredDocument): void {
    flatten(key);
    this.version++;
    this.byKey.set(key, doc);
    const h = keyHash(key);
    const slot = this.slotOf.find(key, h);
    if (slot >= 0) {
      this.valueColumn[slot] = doc.value;
      this.docColumn[slot] = doc;
      return;
    }
    this.slotOf.insert(key, h, this.keyColumn.length);
    this.keyColumn.push(key);
    this.valueColumn.push(doc.value);
    this.docColumn.push(doc);
  }

  /** Removes the live document of `key`; false if there was none. */
  delete(key: string): boolean {
    const slot = this.slotOf.remove(key, keyHash(key), this.keyColumn);
    if (slot < 0) return false;
    this.version++;
    this.byKey.delete(key);
    this.keyColumn[slot] = undefined;
    this.valueColumn[slot] = undefined;
    this.docColumn[slot] = undefined;
    this.holes++;
    if (this.holes > MIN_HOLES && this.holes * 2 > this.keyColumn.length) this.compact();
    return true;
  }

  /**
   * The keys and values as they are now. The arrays are the table's own, not copies: a later
   * update changes a value in place, a removal leaves a hole, an insert goes past `length`, and
   * a compaction leaves these arrays as they were (stale) and moves on to new ones. A reader that
   * spans writes must therefore check each document it takes against {@link get}.
   */
  columns(): DocumentColumns {
    return { keys: this.keyColumn, values: this.valueColumn, length: this.keyColumn.length };
  }

  /** Moves the live slots, in order, into new arrays (the old ones are left untouched). */
  private compact(): void {
    const keys: string[] = [];
    const values: Value[] = [];
    const docs: StoredDocument[] = [];
    for (let i = 0; i < this.keyColumn.length; i++) {
      const key = this.keyColumn[i];
      if (key === undefined) continue;
      keys.push(key);
      values.push(this.valueColumn[i] as Value);
      docs.push(this.docColumn[i]!);
    }
    this.keyColumn = keys;
    this.valueColumn = values;
    this.docColumn = docs;
    this.slotOf.rebuild(keys, keys.length);
    this.holes = 0;
  }
}
