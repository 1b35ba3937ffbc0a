/**
 * A document key's hash: 32-bit FNV-1a over the key's UTF-16 code units (a signed int32).
 * Stable for the life of the process; never stored outside memory.
 */
export function keyHash(key: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h;
}

/** Buckets a table starts with (a power of two). */
const MIN_BUCKETS = 16;
/** Code units of removed keys the key text keeps before it is written again, whatever its size. */
const MIN_GARBAGE = 1 << 16;

/**
 * Where the touch loops of {@link KeySlots.probeMany} leave what they read, so that the reads
 * are not optimised away.
 */
export const touched = { sink: 0 };

/**
 * The slot of each live key of a {@link DocumentTable}: an open-addressing hash table with
 * linear probing, at most half full, of buckets `[hash, slot + 1]` (`slot + 1` 0: an empty
 * bucket) in one Int32Array; beside it, by slot, where the key's code units start in the key
 * text and how many they are (`[start, length]`, an Int32Array), and the key text: every key's
 * UTF-16 code units side by side, in a Uint8Array while every code unit is below 256 (almost
 * every key), else in a Uint16Array.
 *
 * Why not a Map<string, number>: a lookup join looks up one key per outer row, at random, and in
 * a large keyspace each step of a lookup is a cache miss. V8's Map.get walks a chain of
 * dependent reads (the key's hash, the bucket, the entry, then the entry's key string to compare
 * it, which lies among the documents on the heap), one lookup after another. Here a batch of
 * lookups ({@link probeMany}, {@link DocumentTable.lookupMany}) hashes every key of the batch,
 * then reads every key's bucket, then compares every key with the key text, each step a loop
 * over the batch whose reads the processor overlaps, in dense arrays rather than across the
 * heap. The table costs about 24 to 40 bytes per key plus one per code unit (an ASCII key),
 * where a Map<string, number> cost about 24.
 *
 * Removal shifts the following buckets of a run back (no tombstones) and leaves the key's code
 * units as garbage until the key text is written again ({@link rebuild}, or when the garbage
 * passes half the text); a table more than half full doubles its buckets, placing them again
 * (no key is hashed again).
 */
export class KeySlots {
  /** Buckets `[hash, slot + 1]`. */
  private buckets = new Int32Array(MIN_BUCKETS * 2);
  private mask = MIN_BUCKETS - 1;
  private count = 0;
  /** By slot: `[start, length]` of the slot's key in {@link text}. */
  private spans = new Int32Array(64);
  /** The keys' code units; `used` of them written, `garbage` of those removed keys'. */
  private text: Uint8Array | Uint16Array = new Uint8Array(1024);
  private used = 0;
  private garbage = 0;

  /** The slot of `key` (hash `h`), or -1. */
  find(key: string, h: number): number {
    const b = this.bucketOf(key, h);
    return b < 0 ? -1 : this.buckets[2 * b + 1]! - 1;
  }

  /** The bucket holding `key` (hash `h`), or -1. */
  private bucketOf(key: string, h: number): number {
    const t = this.buckets;
    const mask = this.mask;
    for (let b = h & mask; ; b = (b + 1) & mask) {
      const s = t[2 * b + 1]!;
      if (s === 0) return -1;
      if (t[2 * b] === h && this.textIs(key, s - 1)) return b;
    }
  }

  /** Whether `key` is the key of `slot` in the key text. */
  private textIs(key: string, slot: number): boolean {
    const start = this.spans[2 * slot]!;
    const length = this.spans[2 * slot + 1]!;
    if (key.length !== length) return false;
    const text = this.text;
    for (let i = 0; i < length; i++) if (text[start + i] !== key.charCodeAt(i)) return false;
    return true;
  }

  /** Records `slot` for `key` (hash `h`), which the table does not hold. */
  insert(key: string, h: number, slot: number): void {
    if (2 * (this.count + 1) > this.mask + 1) this.grow();
    if (2 * slot + 2 > this.spans.length) {
      const grown = new Int32Array(Math.max(2 * slot + 2, this.spans.length * 2));
      grown.set(this.spans);
      this.spans = grown;
    }
    this.spans[2 * slot] = this.append(key);
    this.spans[2 * slot + 1] = key.length;
    this.place(h, slot + 1);
    this.count++;
  }

  /**
   * Removes `key` (hash `h`) and returns its slot; -1 if the table does not hold it. `keys` (the
   * table's key column, the key's slot emptied or not yet) lets the key text be written again
   * when removed keys fill half of it.
   */
  remove(key: string, h: number, keys: readonly (string | undefined)[]): number {
    let hole = this.bucketOf(key, h);
    if (hole < 0) return -1;
    const t = this.buckets;
    const mask = this.mask;
    const slot = t[2 * hole + 1]! - 1;
    this.count--;
    this.garbage += key.length;
    // Backward shift: a later bucket of the run moves into the hole unless its home bucket lies
    // cyclically in (hole, b] (it would then no longer be found from its home).
    for (let b = (hole + 1) & mask; t[2 * b + 1] !== 0; b = (b + 1) & mask) {
      const home = t[2 * b]! & mask;
      const stays = hole <= b ? hole < home && home <= b : hole < home || home <= b;
      if (stays) continue;
      t[2 * hole] = t[2 * b]!;
      t[2 * hole + 1] = t[2 * b + 1]!;
      hole = b;
    }
    t[2 * hole] = 0;
    t[2 * hole + 1] = 0;
    if (this.garbage > MIN_GARBAGE && 2 * this.garbage > this.used) this.rebuild(keys, keys.length, key);
    return slot;
  }

  /**
   * Probes the buckets of `n` keys for `slots[0..n)`: `slot + 1` of the key when the table holds
   * it, else 0. `hashes[i]` is `keys[i]`'s {@link keyHash}; `skip[i]` 1: not a key (left 0).
   */
  probeMany(keys: readonly unknown[], hashes: Int32Array, skip: Uint8Array, n: number, slots: Int32Array): void {
    const t = this.buckets;
    const mask = this.mask;
    const spans = this.spans;
    const text = this.text;
    // Each step first touches what it will read for every key, in a loop without branches on
    // what it reads, so that the cache misses of different keys overlap (a loop that branches
    // on each read, as the probe and the comparison do, waits for one miss after another).
    // (Without the touches the lookup join of bench/join.bench.ts, 1,000,000 rows into 100,000
    // documents, took about a third more CPU time.)
    let sink = 0;
    for (let i = 0; i < n; i++) sink ^= t[2 * (hashes[i]! & mask)]!;
    // Step 1: the first bucket from each key's home whose hash is the key's, or an empty one:
    // `slot + 1` (0: none).
    for (let i = 0; i < n; i++) {
      if (skip[i] === 1) {
        slots[i] = 0;
        continue;
      }
      const h = hashes[i]!;
      let b = h & mask;
      let s = t[2 * b + 1]!;
      while (s !== 0 && t[2 * b] !== h) {
        b = (b + 1) & mask;
        s = t[2 * b + 1]!;
      }
      slots[i] = s;
    }
    for (let i = 0; i < n; i++) sink ^= spans[Math.max(2 * slots[i]! - 2, 0)]!;
    for (let i = 0; i < n; i++) {
      const s = slots[i]!;
      sink ^= text[spans[s === 0 ? 0 : 2 * s - 2]!]!;
    }
    touched.sink = sink;
    // Step 2: each key against its slot's key text; another key of the same hash (rare) is
    // looked up in full.
    for (let i = 0; i < n; i++) {
      const s = slots[i]!;
      if (s === 0) continue;
      const key = keys[i] as string;
      if (!this.textIs(key, s - 1)) slots[i] = this.find(key, hashes[i]!) + 1;
    }
  }

  /** Forgets every key and records `keys[0..length)` (holes and `except` left out) at their slots. */
  rebuild(keys: readonly (string | undefined)[], length: number, except?: string): void {
    let live = 0;
    let units = 0;
    for (let i = 0; i < length; i++) {
      const k = keys[i];
      if (k === undefined || k === except) continue;
      live++;
      units += k.length;
    }
    let size = MIN_BUCKETS;
    while (size < 2 * live) size *= 2;
    this.buckets = new Int32Array(size * 2);
    this.mask = size - 1;
    this.count = 0;
    this.spans = new Int32Array(Math.max(64, 2 * length));
    this.text = this.text instanceof Uint16Array ? new Uint16Array(Math.max(1024, units)) : new Uint8Array(Math.max(1024, units));
    this.used = 0;
    this.garbage = 0;
    for (let i = 0; i < length; i++) {
      const k = keys[i];
      if (k !== undefined && k !== except) this.insert(k, keyHash(k), i);
    }
  }

  /** Writes `key`'s code units at the end of the key text (grown, or widened, as needed); their start. */
  private append(key: string): number {
    const start = this.used;
    const end = start + key.length;
    let wide = this.text instanceof Uint16Array;
    if (!wide) for (let i = 0; i < key.length; i++) if (key.charCodeAt(i) > 0xff) wide = true;
    if (end > this.text.length || wide !== this.text instanceof Uint16Array) {
      const grown = wide ? new Uint16Array(Math.max(end, this.text.length + (this.text.length >> 1))) : new Uint8Array(Math.max(end, this.text.length + (this.text.length >> 1)));
      grown.set(this.text.subarray(0, start));
      this.text = grown;
    }
    const text = this.text;
    for (let i = 0; i < key.length; i++) text[start + i] = key.charCodeAt(i);
    this.used = end;
    return start;
  }

  /** Doubles the buckets, placing each stored one again. */
  private grow(): void {
    const old = this.buckets;
    const size = (this.mask + 1) * 2;
    this.buckets = new Int32Array(size * 2);
    this.mask = size - 1;
    for (let b = 0; b < old.length; b += 2) if (old[b + 1] !== 0) this.place(old[b]!, old[b + 1]!);
  }

  /** Puts the bucket `[h, stored]` in the first empty bucket from `h`'s home. */
  private place(h: number, stored: number): void {
    const t = this.buckets;
    const mask = this.mask;
    let b = h & mask;
    while (t[2 * b + 1] !== 0) b = (b + 1) & mask;
    t[2 * b] = h;
    t[2 * b + 1] = stored;
  }
}
