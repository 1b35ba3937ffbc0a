import type { Value } from '../values/index.js';
import { foldCase } from './case-fold.js';
import type { TokenOptions } from './options.js';
import { hashRange } from './run-sink.js';
import { nextStamp, type TokenSink } from './token-set.js';
import { walkTokens } from './tokenize.js';

/** Whether `t` equals `s[start, start + len)` (`t.length === len`), ASCII-folded when `from` is set. */
function sameRange(t: string, s: string, start: number, len: number, from: number, delta: number): boolean {
  for (let k = 0; k < len; k++) {
    let c = s.charCodeAt(start + k);
    if ((c - from) >>> 0 < 26) c += delta;
    if (c !== t.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * The string tokens of many values interned into one table with dense ids, for index builds:
 * {@link TokenInterner.collect} gives the same distinct tokens as `tokens(v, opts)` (spec §4–§5),
 * but a string token already seen in an earlier value is found by its range (hashed by the
 * scanner, compared in place) and neither sliced out again nor hashed again by a `Map`; the
 * caller keeps its per-token state (an index posting) in an array by id.
 * Open addressing with linear probing over typed arrays, at most half full.
 */
export class TokenInterner implements TokenSink {
  /** The token of each id. */
  readonly strings: string[] = [];
  /** After {@link collect}: the ids of the value's distinct string tokens, in `ids[0 .. count)`. */
  ids = new Int32Array(64);
  count = 0;
  /** After {@link collect}: the value's distinct numbers, booleans and null (order not kept). */
  readonly others: Value[] = [];
  stamp = 0;
  private mask = 1023;
  private hashes = new Int32Array(1024);
  /** Slot → id + 1 (0: empty). */
  private slots = new Int32Array(1024);
  /** Id → the stamp of the last collect that emitted it. */
  private emitted = new Uint32Array(1024);
  private seenFlags = 0;
  private readonly from: number;
  private readonly delta: number;

  constructor(private readonly opts: TokenOptions) {
    // ASCII folding maps a letter c of the other case to c ± 0x20 (the same in Go and JavaScript).
    this.from = opts.case === 'upper' ? 0x61 : opts.case === 'lower' ? 0x41 : 0x10000;
    this.delta = opts.case === 'upper' ? -0x20 : 0x20;
  }

  /** Number of distinct string tokens interned so far. */
  get size(): number {
    return this.strings.length;
  }

  /**
   * Tokenizes `v` like `tokens(v, opts)`: fills {@link ids}/{@link count} with its distinct string
   * tokens and {@link others} with its distinct other tokens. MISSING (`undefined`) gives none.
   */
  collect(v: Value): void {
    this.count = 0;
    this.others.length = 0;
    this.seenFlags = 0;
    this.stamp = nextStamp();
    walkTokens(v, this.opts, this);
  }

  run(s: string, start: number, end: number, ascii: boolean, hash: number): boolean {
    if (this.opts.case === 'none') this.intern(s, start, end, hash, 0x10000, 0);
    else if (ascii) this.intern(s, start, end, 0, this.from, this.delta);
    else this.addString(foldCase(s.slice(start, end), this.opts.case, false));
    return false;
  }

  addHashed(t: string, hash: number): void {
    this.intern(t, 0, t.length, hash, 0x10000, 0);
  }

  addString(t: string): void {
    this.intern(t, 0, t.length, hashRange(t, 0, t.length), 0x10000, 0);
  }

  addNumber(x: number): void {
    if (x === 0) x = 0; // -0 is 0
    const o = this.others;
    for (let i = 0; i < o.length; i++) if (o[i] === x || (x !== x && o[i] !== o[i])) return;
    o.push(x);
  }

  addBoolean(b: boolean): void {
    this.flag(b ? 4 : 2, b);
  }

  addNull(): void {
    this.flag(1, null);
  }

  private flag(bit: number, v: Value): void {
    if ((this.seenFlags & bit) !== 0) return;
    this.seenFlags |= bit;
    this.others.push(v);
  }

  /**
   * Interns `s[start, end)`, ASCII-folded by `from`/`delta` (`from` 0x10000: as it is, and `hash`
   * is its FNV-1a hash; otherwise the hash of the folded range is computed here), and emits its
   * id unless this collect emitted it already.
   */
  private intern(s: string, start: number, end: number, hash: number, from: number, delta: number): void {
    const len = end - start;
    if (from !== 0x10000) {
      hash = 0x811c9dc5;
      for (let i = start; i < end; i++) {
        let c = s.charCodeAt(i);
        if ((c - from) >>> 0 < 26) c += delta;
        hash = Math.imul(hash ^ c, 0x01000193);
      }
    }
    const h = hash ^ (hash >>> 15);
    const { hashes, slots, mask, strings } = this;
    let i = h & mask;
    let id: number;
    for (;;) {
      const slot = slots[i];
      if (slot === 0) {
        id = strings.length;
        let t = s.slice(start, end);
        if (from !== 0x10000) t = this.opts.case === 'upper' ? t.toUpperCase() : t.toLowerCase();
        strings.push(t);
        slots[i] = id + 1;
        hashes[i] = h;
        if (strings.length * 2 > mask + 1) this.grow();
        break;
      }
      if (hashes[i] === h) {
        const t = strings[slot - 1];
        if (t.length === len && sameRange(t, s, start, len, from, delta)) {
          id = slot - 1;
          break;
        }
      }
      i = (i + 1) & mask;
    }
    if (id >= this.emitted.length) {
      const e = new Uint32Array(this.emitted.length * 2);
      e.set(this.emitted);
      this.emitted = e;
    }
    if (this.emitted[id] === this.stamp) return;
    this.emitted[id] = this.stamp;
    if (this.count === this.ids.length) {
      const ids = new Int32Array(this.ids.length * 2);
      ids.set(this.ids);
      this.ids = ids;
    }
    this.ids[this.count++] = id;
  }

  private grow(): void {
    const { hashes, slots } = this;
    const n = slots.length * 2;
    this.mask = n - 1;
    this.hashes = new Int32Array(n);
    this.slots = new Int32Array(n);
    for (let j = 0; j < slots.length; j++) {
      if (slots[j] === 0) continue;
      let i = hashes[j] & this.mask;
      while (this.slots[i] !== 0) i = (i + 1) & this.mask;
      this.slots[i] = slots[j];
      this.hashes[i] = hashes[j];
    }
  }
}
