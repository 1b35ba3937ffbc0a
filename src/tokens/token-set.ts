import type { Value } from '../values/index.js';
import { foldCase, type CaseMode } from './case-fold.js';
import type { RunSink } from './run-sink.js';
import type { StringTable } from './string-table.js';

const NULL_SEEN = 1;
const FALSE_SEEN = 2;
const TRUE_SEEN = 4;
let lastStamp = 0;

/** A number unique among live token sinks (for per-call marks such as the name cache's). */
export function nextStamp(): number {
  return ++lastStamp;
}

/**
 * What the TOKENS walk sends tokens to: string ranges (as a {@link RunSink}), whole strings with
 * a known hash (cached field names), and the other scalar tokens. `stamp` identifies the call.
 */
export interface TokenSink extends RunSink {
  readonly stamp: number;
  addHashed(t: string, hash: number): void;
  addString(t: string): void;
  addNumber(x: number): void;
  addBoolean(b: boolean): void;
  addNull(): void;
}
/** Up to this many distinct numbers, a linear search beats allocating a `Set`. */
const LINEAR_NUMBERS = 16;

/**
 * The non-string tokens of one TOKENS call, de-duplicated as the reference's hash set does
 * (spec §5): one null, booleans by value, numbers by numeric value (`1` ≡ `1.0`, `-0` ≡ `0`,
 * emitted as `0`, NaN once); each is appended to {@link out} the first time. The base of both
 * token sinks, {@link TokenSet} (TOKENS itself) and `TokenInterner` (index builds).
 */
export class ScalarTokenSet {
  /** The distinct tokens, in the order they were first added. */
  readonly out: Value[] = [];
  /** Distinct numbers so far; searched linearly while few, then through {@link numberSet}. */
  private numbers: number[] | undefined;
  private numberSet: Set<number> | undefined;
  private seen = 0;

  addNumber(x: number): void {
    if (x === 0) x = 0; // -0 is 0
    const set = this.numberSet;
    if (set !== undefined) {
      const size = set.size;
      set.add(x); // SameValueZero, so NaN is one entry too
      if (set.size !== size) this.out.push(x);
      return;
    }
    const nums = (this.numbers ??= []);
    for (let i = 0; i < nums.length; i++) if (nums[i] === x || (x !== x && nums[i] !== nums[i])) return;
    nums.push(x);
    this.out.push(x);
    if (nums.length > LINEAR_NUMBERS) this.numberSet = new Set(nums);
  }

  addBoolean(b: boolean): void {
    const bit = b ? TRUE_SEEN : FALSE_SEEN;
    if ((this.seen & bit) === 0) {
      this.seen |= bit;
      this.out.push(b);
    }
  }

  addNull(): void {
    if ((this.seen & NULL_SEEN) === 0) {
      this.seen |= NULL_SEEN;
      this.out.push(null);
    }
  }

  /** Empties the set, {@link out} included, for the next value. */
  protected clearScalars(): void {
    if (this.out.length !== 0) this.out.length = 0;
    this.numbers = undefined;
    this.numberSet = undefined;
    this.seen = 0;
  }
}

/**
 * The result set of TOKENS (spec §5, DESIGN §7): tokens in first-occurrence order in
 * {@link TokenSet.out}, de-duplicated as the reference's hash set does — strings by exact
 * content, the others as {@link ScalarTokenSet} does. As a {@link RunSink} it slices, folds and
 * adds string tokens and never stops a scan.
 */
export class TokenSet extends ScalarTokenSet implements TokenSink {
  /** A number unique to this set among live sets (for per-call marks such as the name cache's). */
  readonly stamp = nextStamp();

  /** @param strings an empty table for the string tokens (see `acquireStringTable`) */
  constructor(
    private readonly fold: CaseMode,
    private readonly strings: StringTable,
  ) {
    super();
  }

  run(s: string, start: number, end: number, ascii: boolean, hash: number): boolean {
    if (this.fold === 'none') {
      const t = this.strings.addRange(s, start, end, hash);
      if (t !== undefined) this.out.push(t);
    } else if (ascii) {
      const t = this.strings.addAsciiFolded(s, start, end, this.fold === 'upper');
      if (t !== undefined) this.out.push(t);
    } else {
      this.addString(foldCase(s.slice(start, end), this.fold, false));
    }
    return false;
  }

  /** Adds a string token whose `hashRange` is known. */
  addHashed(t: string, hash: number): void {
    if (this.strings.addRange(t, 0, t.length, hash) !== undefined) this.out.push(t);
  }

  addString(t: string): void {
    if (this.strings.add(t)) this.out.push(t);
  }
}
