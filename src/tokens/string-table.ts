import { hashRange } from './run-sink.js';
import {
  FOLD_DELTA,
  FOLD_LOWER_FROM,
  FOLD_UPPER_FROM,
  foldAscii,
  foldedHash,
  mixHash,
  sameFoldedRange,
  sameRange,
} from './token-ranges.js';

/**
 * A set of strings for de-duplicating tokens without materialising duplicates: a token that is
 * a range `s[start, end)` is hashed (by the scanner) and compared in place, and only
 * sliced out of `s` when it is new. Open addressing with linear probing over typed arrays, at
 * most half full.
 *
 * Tables are reused across TOKENS calls ({@link acquireStringTable} / {@link releaseStringTable}):
 * emptying one is O(1) by bumping a generation stamp, so a call pays neither for allocating a
 * `Set` nor for growing it again.
 */
export class StringTable {
  private mask = 0;
  private hashes = new Int32Array(0);
  private stamps = new Uint32Array(0);
  private strs: string[] = [];
  private gen = 1;
  private count = 0;

  constructor(capacity = 1024) {
    this.allocate(capacity);
  }

  private allocate(capacity: number): void {
    this.mask = capacity - 1;
    this.hashes = new Int32Array(capacity);
    this.stamps = new Uint32Array(capacity);
    this.strs = new Array<string>(capacity).fill('');
    this.count = 0;
  }

  /** Empties the set in O(1). */
  clear(): void {
    this.count = 0;
    if (this.gen === 0xffffffff) {
      this.stamps.fill(0);
      this.gen = 0;
    }
    this.gen++;
  }

  /** Capacity in slots (for the pool's shrink rule). */
  get capacity(): number {
    return this.mask + 1;
  }

  /**
   * The slot holding `s[start, end)`, whose mixed hash is `h`, or `~slot` of the free slot where
   * it would go. Kept apart from {@link findFolded} (unlike `InternTable.find`): TOKENS probes
   * here for every token, and one loop for both measured about 5% slower on `bench:tokens`.
   */
  private findRange(s: string, start: number, end: number, h: number): number {
    const len = end - start;
    const { hashes, stamps, strs, mask, gen } = this;
    let i = h & mask;
    while (stamps[i] === gen) {
      if (hashes[i] === h) {
        const t = strs[i];
        if (t.length === len && sameRange(t, s, start, len)) return i;
      }
      i = (i + 1) & mask;
    }
    return ~i;
  }

  /**
   * The slot holding the ASCII range `s[start, end)` case-folded (lower, or upper when `upper`;
   * ASCII folding is the same in Go and JavaScript), whose mixed hash of the folded characters is
   * `h`, or `~slot` of the free slot where it would go. Compares the folded characters in place.
   */
  private findFolded(s: string, start: number, end: number, h: number, from: number, delta: number): number {
    const len = end - start;
    const { hashes, stamps, strs, mask, gen } = this;
    let i = h & mask;
    while (stamps[i] === gen) {
      if (hashes[i] === h) {
        const t = strs[i];
        if (t.length === len && sameFoldedRange(t, s, start, len, from, delta)) return i;
      }
      i = (i + 1) & mask;
    }
    return ~i;
  }

  /**
   * Adds the token `s.slice(start, end)`, whose {@link hashRange} is `hash`; returns that new
   * string, or undefined if an equal string is already present (then nothing is allocated).
   */
  addRange(s: string, start: number, end: number, hash: number): string | undefined {
    const h = mixHash(hash);
    const i = this.findRange(s, start, end, h);
    if (i >= 0) return undefined;
    const t = s.slice(start, end);
    this.put(~i, h, t);
    return t;
  }

  /**
   * Adds the ASCII range `s[start, end)` case-folded (lower, or upper when `upper`), hashing and
   * comparing the folded characters in place; returns the new folded string, or undefined if
   * it is already present.
   */
  addAsciiFolded(s: string, start: number, end: number, upper: boolean): string | undefined {
    const from = upper ? FOLD_UPPER_FROM : FOLD_LOWER_FROM;
    const delta = upper ? -FOLD_DELTA : FOLD_DELTA;
    const h = mixHash(foldedHash(s, start, end, from, delta));
    const i = this.findFolded(s, start, end, h, from, delta);
    if (i >= 0) return undefined;
    const t = foldAscii(s.slice(start, end), upper);
    this.put(~i, h, t);
    return t;
  }

  /** Adds a whole string; returns true if it was not present. */
  add(t: string): boolean {
    return this.addRange(t, 0, t.length, hashRange(t, 0, t.length)) !== undefined;
  }

  /** Stores `t` in free slot `i`. */
  private put(i: number, h: number, t: string): void {
    this.stamps[i] = this.gen;
    this.hashes[i] = h;
    this.strs[i] = t;
    if (++this.count * 2 > this.mask + 1) this.grow();
  }

  private grow(): void {
    const { hashes, stamps, strs, gen } = this;
    const n = stamps.length;
    const count = this.count;
    this.allocate(n * 2);
    const mask = this.mask;
    for (let j = 0; j < n; j++) {
      if (stamps[j] !== gen) continue;
      let i = hashes[j] & mask;
      while (this.stamps[i] === gen) i = (i + 1) & mask;
      this.stamps[i] = gen;
      this.hashes[i] = hashes[j];
      this.strs[i] = strs[j];
    }
    this.count = count;
  }
}

const MAX_POOLED_CAPACITY = 1 << 16;
let pooled: StringTable | undefined = new StringTable();

/** A cleared table for one TOKENS call (the pooled one unless it is in use). */
export function acquireStringTable(): StringTable {
  const t = pooled;
  if (t === undefined) return new StringTable();
  pooled = undefined;
  t.clear();
  return t;
}

/** Returns a table to the pool; oversized tables are dropped so one huge document does not pin memory. */
export function releaseStringTable(t: StringTable): void {
  pooled = t.capacity > MAX_POOLED_CAPACITY ? new StringTable() : t;
}
