import { writePrefixKeys } from '../values/index.js';
import { FOLD_DELTA, FOLD_LOWER_FROM, FOLD_UPPER_FROM, foldAscii, foldedHash, mixHash, sameFoldedRange, sameRange } from './token-ranges.js';

/** Smallest and largest capacity a table is created with (it grows past the largest as needed). */
const MIN_CAPACITY = 1024;
const MAX_INITIAL_CAPACITY = 1 << 16;
/** Int32s per slot: the mixed hash, the id + 1 (0: a free slot), the stamp of the last lookup. */
const SLOT = 3;
/** A `from` that no code unit reaches: compare without folding. */
const NO_FOLD = 0x10000;

/**
 * Strings numbered in insertion order (ids 0, 1, 2, …), for the index builds' `TokenInterner`:
 * a token that is a range `s[start, end)` is looked up by the scanner's hash and compared in place,
 * and sliced out of `s` only when it is new. Unlike the per-call {@link StringTable} of TOKENS it
 * is never cleared and is probed all build long, so a slot keeps the hash, the id and the stamp
 * of the last lookup side by side (one cache line per probe), and the string is read only on a
 * hash match. The stamp tells a caller that looks up the tokens of one value under one stamp
 * whether the value had the token already. Open addressing with linear probing, at most half full.
 * Each new string's prefix keys for `sortedIds` are stored while the string is at hand.
 */
export class InternTable {
  private slots: Int32Array;
  private mask: number;
  /** The strings by id. */
  readonly byId: string[] = [];
  /** The prefix keys of the strings by id (`writePrefixKeys`), for `sortedIds`. */
  prefixKeys: Uint32Array;
  /** By id: under how many stamps (values) the string was looked up, the first included. */
  counts: Int32Array;

  /**
   * @param expected how many strings the caller expects: the table starts with room for them
   *   (512 to 32,768 strings), so that it rarely has to grow
   */
  constructor(expected = 0) {
    let capacity = MIN_CAPACITY;
    while (capacity < expected * 2 && capacity < MAX_INITIAL_CAPACITY) capacity *= 2;
    this.slots = new Int32Array(capacity * SLOT);
    this.mask = capacity - 1;
    this.prefixKeys = new Uint32Array(capacity);
    this.counts = new Int32Array(capacity >> 1);
  }

  /**
   * The id of `s[start, end)`, whose `hashRange` is `hash`, added (sliced out) if new; -1 if it
   * was already looked up under the same `stamp` (a 32-bit integer; each value looks up its
   * tokens under a stamp of its own).
   */
  internRange(s: string, start: number, end: number, hash: number, stamp: number): number {
    const h = mixHash(hash);
    const i = this.find(s, start, end, h, NO_FOLD, 0);
    return i >= 0 ? this.seen(i, stamp) : this.put(~i, h, s.slice(start, end), stamp);
  }

  /**
   * Like {@link internRange} for the ASCII range `s[start, end)` case-folded (lower, or upper when
   * `upper`), hashed and compared folded in place; sliced out and folded if new.
   */
  internAsciiFolded(s: string, start: number, end: number, upper: boolean, stamp: number): number {
    const from = upper ? FOLD_UPPER_FROM : FOLD_LOWER_FROM;
    const delta = upper ? -FOLD_DELTA : FOLD_DELTA;
    const h = mixHash(foldedHash(s, start, end, from, delta));
    const i = this.find(s, start, end, h, from, delta);
    return i >= 0 ? this.seen(i, stamp) : this.put(~i, h, foldAscii(s.slice(start, end), upper), stamp);
  }

  /**
   * The slot offset of the string equal to `s[start, end)` (folded by `from`/`delta` unless `from`
   * is {@link NO_FOLD}), whose mixed hash is `h`, or `~offset` of the free slot where it would go.
   */
  private find(s: string, start: number, end: number, h: number, from: number, delta: number): number {
    const len = end - start;
    const { slots, mask, byId } = this;
    let i = (h & mask) * SLOT;
    for (;;) {
      const id = slots[i + 1] - 1;
      if (id < 0) return ~i;
      if (slots[i] === h) {
        const t = byId[id];
        if (t.length === len && (from === NO_FOLD ? sameRange(t, s, start, len) : sameFoldedRange(t, s, start, len, from, delta))) return i;
      }
      i = i + SLOT > mask * SLOT ? 0 : i + SLOT;
    }
  }

  /** The id of the string in slot offset `i`, found under `stamp`; -1 if it was found under that stamp before. */
  private seen(i: number, stamp: number): number {
    const slots = this.slots;
    if (slots[i + 2] === stamp) return -1;
    slots[i + 2] = stamp;
    const id = slots[i + 1] - 1;
    this.counts[id]++;
    return id;
  }

  /** Stores `t` with mixed hash `h` in the free slot at offset `i`; returns its id. */
  private put(i: number, h: number, t: string, stamp: number): number {
    const id = this.byId.push(t) - 1;
    if (2 * id + 2 > this.prefixKeys.length) {
      const keys = new Uint32Array(this.prefixKeys.length * 2);
      keys.set(this.prefixKeys);
      this.prefixKeys = keys;
      const counts = new Int32Array(this.counts.length * 2);
      counts.set(this.counts);
      this.counts = counts;
    }
    writePrefixKeys(t, this.prefixKeys, id);
    this.counts[id] = 1;
    const slots = this.slots;
    slots[i] = h;
    slots[i + 1] = id + 1;
    slots[i + 2] = stamp;
    if ((id + 1) * 2 > this.mask + 1) this.grow();
    return id;
  }

  private grow(): void {
    const old = this.slots;
    const capacity = (this.mask + 1) * 2;
    const slots = new Int32Array(capacity * SLOT);
    const mask = capacity - 1;
    for (let j = 0; j < old.length; j += SLOT) {
      if (old[j + 1] === 0) continue;
      let i = (old[j] & mask) * SLOT;
      while (slots[i + 1] !== 0) i = i + SLOT > mask * SLOT ? 0 : i + SLOT;
      slots[i] = old[j];
      slots[i + 1] = old[j + 1];
      slots[i + 2] = old[j + 2];
    }
    this.slots = slots;
    this.mask = mask;
  }
}
