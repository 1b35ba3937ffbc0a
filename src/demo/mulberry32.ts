/**
 * A tiny seeded PRNG (Tommy Ettinger's mulberry32): 32-bit state, period 2^32, fast and good
 * enough for test data. Not for cryptography.
 */
export class Mulberry32 {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [lo, hi] (inclusive). */
  range(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A uniformly chosen element. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /**
   * A Zipf-like choice (probability of rank r ∝ 1/r): a log-uniform rank, so that the first items
   * of `items` are by far the most frequent, as words are in real text.
   */
  zipf<T>(items: readonly T[]): T {
    const i = Math.floor(Math.exp(this.next() * Math.log(items.length + 1))) - 1;
    return items[i < items.length ? i : items.length - 1];
  }

  /** A number with `digits` decimals in [lo, hi). */
  decimal(lo: number, hi: number, digits: number): number {
    const f = 10 ** digits;
    return Math.round((lo + this.next() * (hi - lo)) * f) / f;
  }
}
