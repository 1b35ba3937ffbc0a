import type { Value } from '../values/index.js';
import { foldCase } from './case-fold.js';
import type { TokenOptions } from './options.js';
import { InternTable } from './intern-table.js';
import { hashRange } from './run-sink.js';
import { nextStamp, ScalarTokenSet, type TokenSink } from './token-set.js';
import { nextWord, type WordRun } from './split-words.js';
import { walkTokens } from './tokenize.js';

/**
 * The string tokens of many values interned into one table with dense ids, for index builds:
 * {@link TokenInterner.collect} gives the same distinct tokens as `tokens(v, opts)` (spec §4–§5),
 * but a string token already seen in an earlier value is found by its range (hashed by the
 * scanner, compared in place) and neither sliced out again nor hashed again by a `Map`; the
 * caller keeps its per-token state (an index posting) in an array by id.
 * The ids of successive values are appended to one array ({@link ids}), so that a caller can
 * keep them where they are: value after value, they are the (token, value) entries of a build.
 */
export class TokenInterner extends ScalarTokenSet implements TokenSink {
  private readonly table: InternTable;
  /** The token of each id. */
  readonly strings: string[];
  /** The distinct string tokens of every value collected so far, value after value, in `ids[0 .. length)`. */
  ids: Int32Array;
  length = 0;
  /** After {@link collect}: the value's distinct numbers, booleans and null (its {@link out}). */
  readonly others: Value[] = this.out;
  stamp = 0;
  /** Whether a string's tokens are its words alone (split mode, no specials). */
  private readonly wordsOnly: boolean;
  private readonly word: WordRun = { start: 0, end: 0, hash: 0, seen: 0 };
  /** {@link stamp} as the table keeps it (32 bits). */
  private tableStamp = 0;

  /**
   * @param expected about how many values will be collected (a hint: the table starts with room
   *   for half as many distinct tokens, about what fields of names and descriptions give, and
   *   grows as needed; a smaller table stays in cache)
   */
  constructor(
    private readonly opts: TokenOptions,
    expected = 0,
  ) {
    super();
    this.wordsOnly = opts.split && !opts.specials;
    this.table = new InternTable(expected >> 1);
    this.strings = this.table.byId;
    this.ids = new Int32Array(Math.max(1024, expected));
  }

  /** The prefix keys of the tokens by id, for `sortedIds` (see `writePrefixKeys`). */
  get prefixKeys(): Uint32Array {
    return this.table.prefixKeys;
  }

  /** By id: how many of the values collected so far had the token (its count of entries in {@link ids}). */
  get counts(): Int32Array {
    return this.table.counts;
  }

  /** Number of distinct string tokens interned so far. */
  get size(): number {
    return this.strings.length;
  }

  /**
   * Tokenizes `v` like `tokens(v, opts)`: appends the ids of its distinct string tokens to
   * {@link ids} and fills {@link others} with its distinct other tokens. MISSING (`undefined`)
   * gives none. Returns the number of ids appended.
   */
  collect(v: Value): number {
    const before = this.length;
    this.clearScalars();
    this.stamp = nextStamp();
    this.tableStamp = this.stamp | 0;
    // A string in split mode without specials (what most index keys tokenize): its words only.
    if (typeof v === 'string' && this.wordsOnly) this.scanWords(v);
    else walkTokens(v, this.opts, this);
    return this.length - before;
  }

  /** The words of a string value, in a loop of the interner's own (see `nextWord`). */
  private scanWords(s: string): void {
    const w = this.word;
    let i = 0;
    while (nextWord(s, i, w)) {
      i = w.end;
      this.run(s, w.start, i, w.seen < 0x80, w.hash);
    }
  }

  /** Like `TokenSet.run`: the range as it is, ASCII-folded in place, or folded in full. */
  run(s: string, start: number, end: number, ascii: boolean, hash: number): boolean {
    const fold = this.opts.case;
    if (fold === 'none') this.emit(this.table.internRange(s, start, end, hash, this.tableStamp));
    else if (ascii) this.emit(this.table.internAsciiFolded(s, start, end, fold === 'upper', this.tableStamp));
    else this.addString(foldCase(s.slice(start, end), fold, false));
    return false;
  }

  addHashed(t: string, hash: number): void {
    this.emit(this.table.internRange(t, 0, t.length, hash, this.tableStamp));
  }

  addString(t: string): void {
    this.emit(this.table.internRange(t, 0, t.length, hashRange(t, 0, t.length), this.tableStamp));
  }

  /** Appends token `id` to {@link ids}; -1 (the current value had it already) is skipped. */
  private emit(id: number): void {
    if (id < 0) return;
    if (this.length === this.ids.length) {
      const ids = new Int32Array(this.ids.length * 2);
      ids.set(this.ids);
      this.ids = ids;
    }
    this.ids[this.length++] = id;
  }
}
