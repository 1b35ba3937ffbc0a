import type { Value } from '../values/index.js';
import { foldCase } from './case-fold.js';
import type { TokenOptions } from './options.js';
import { hashRange } from './run-sink.js';
import { StringTable } from './string-table.js';
import { nextStamp, type TokenSink } from './token-set.js';
import { walkTokens } from './tokenize.js';

/**
 * The string tokens of many values interned into one table with dense ids, for index builds:
 * {@link TokenInterner.collect} gives the same distinct tokens as `tokens(v, opts)` (spec §4–§5),
 * but a string token already seen in an earlier value is found by its range (hashed by the
 * scanner, compared in place) and neither sliced out again nor hashed again by a `Map`; the
 * caller keeps its per-token state (an index posting) in an array by id. The table is an
 * interning `StringTable`, the one TOKENS de-duplicates with.
 */
export class TokenInterner implements TokenSink {
  private readonly table = new StringTable(1024, true);
  /** The token of each id. */
  readonly strings: string[] = this.table.byId!;
  /** After {@link collect}: the ids of the value's distinct string tokens, in `ids[0 .. count)`. */
  ids = new Int32Array(64);
  count = 0;
  /** After {@link collect}: the value's distinct numbers, booleans and null (order not kept). */
  readonly others: Value[] = [];
  stamp = 0;
  /** Id → the stamp of the last collect that emitted it. */
  private emitted = new Uint32Array(1024);
  private seenFlags = 0;

  constructor(private readonly opts: TokenOptions) {}

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

  /** Like `TokenSet.run`: the range as it is, ASCII-folded in place, or folded in full. */
  run(s: string, start: number, end: number, ascii: boolean, hash: number): boolean {
    const fold = this.opts.case;
    if (fold === 'none') this.emit(this.table.internRange(s, start, end, hash));
    else if (ascii) this.emit(this.table.internAsciiFolded(s, start, end, fold === 'upper'));
    else this.addString(foldCase(s.slice(start, end), fold, false));
    return false;
  }

  addHashed(t: string, hash: number): void {
    this.emit(this.table.internRange(t, 0, t.length, hash));
  }

  addString(t: string): void {
    this.emit(this.table.internRange(t, 0, t.length, hashRange(t, 0, t.length)));
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

  /** Adds token `id` to the ids of the current value unless this collect emitted it already. */
  private emit(id: number): void {
    if (id >= this.emitted.length) {
      const e = new Uint32Array(Math.max(id + 1, this.emitted.length * 2));
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
}
