import { collate, compareStrings, type Value } from '../values/index.js';
import type { Row } from './runtime.js';

/** How one ORDER BY term orders its values. */
export interface SortDirection {
  desc: boolean;
  /** Where MISSING and NULL go (before or after every other value, whatever the direction). */
  nullsFirst: boolean;
}

/** Compares two rows of a SortKeys by their numbers: negative, 0 or positive. */
export type IndexCompare = (i: number, j: number) => number;

/**
 * The sort keys of buffered rows, held column-wise: `columns[t][i]` is term t's value for row i
 * (the row's arrival number). A column of numbers only is a packed array of unboxed numbers in
 * V8, so the comparator reads it without following a pointer per row, and sorting moves row
 * numbers, not objects. `numeric[t]` tells whether every value of term t so far is a number;
 * the comparator made while it holds skips the collation dispatch. Rows equal on every term
 * keep their arrival order (ties broken by row number), as ORDER BY's sort is stable.
 * Source of the order: N1QL collation (values/collate.ts; couchbase/query `execution/order.go`).
 */
export class SortKeys {
  readonly columns: Value[][];
  readonly numeric: boolean[];
  length = 0;

  constructor(terms: number) {
    this.columns = Array.from({ length: terms }, () => []);
    this.numeric = new Array<boolean>(terms).fill(true);
  }

  /** Appends term t's value of the next row; call for every term, then `next()`. */
  set(t: number, v: Value): void {
    // NaN (should one arrive) takes the collation path, where it sorts before every number.
    if (typeof v !== 'number' || v !== v) this.numeric[t] = false;
    this.columns[t]!.push(v);
  }

  /** Ends the current row; returns its number. */
  next(): number {
    return this.length++;
  }

  /** Removes the last row (a top-k sort's row that sorts after every kept one). */
  pop(): void {
    for (let t = 0; t < this.columns.length; t++) this.columns[t]!.pop();
    this.length--;
  }

  /**
   * Whether row i sorts after row j under `terms` (rows equal on every term: the later one is
   * after). Reads the columns as they are now, so it stays right across `compact` and `pop`.
   */
  after(i: number, j: number, terms: readonly SortDirection[]): boolean {
    const cols = this.columns;
    for (let t = 0; t < cols.length; t++) {
      const c = compareSortValues(cols[t]![i], cols[t]![j], terms[t]!);
      if (c !== 0) return c > 0;
    }
    return i > j;
  }

  /** Keeps only the rows `keep` (in that order, renumbered 0, 1, …): a top-k sort's cut. */
  compact(keep: ArrayLike<number>): void {
    for (let t = 0; t < this.columns.length; t++) {
      const col = this.columns[t]!;
      const out: Value[] = new Array(keep.length);
      let numeric = true;
      for (let i = 0; i < keep.length; i++) {
        const v = col[keep[i]!];
        out[i] = v;
        if (typeof v !== 'number' || v !== v) numeric = false;
      }
      this.columns[t] = out;
      this.numeric[t] = numeric;
    }
    this.length = keep.length;
  }

  /**
   * A comparator of row numbers under `terms` (one per column): N1QL collation per term (MISSING
   * and NULL placed by `nullsFirst`, the rest reversed for DESC), then the row number. Made for
   * the columns as they are: when every column holds only numbers it compares them directly.
   */
  comparator(terms: readonly SortDirection[]): IndexCompare {
    const cols = this.columns;
    if (this.numeric.every(Boolean)) {
      if (cols.length === 1) {
        const a = cols[0]! as number[];
        const s = terms[0]!.desc ? -1 : 1;
        return (i, j) => {
          const x = a[i]!;
          const y = a[j]!;
          return x < y ? -s : x > y ? s : i - j;
        };
      }
      if (cols.length === 2) {
        const a = cols[0]! as number[];
        const b = cols[1]! as number[];
        const s = terms[0]!.desc ? -1 : 1;
        const u = terms[1]!.desc ? -1 : 1;
        return (i, j) => {
          let x = a[i]!;
          let y = a[j]!;
          if (x !== y) return x < y ? -s : s;
          x = b[i]!;
          y = b[j]!;
          if (x !== y) return x < y ? -u : u;
          return i - j;
        };
      }
    }
    return (i, j) => {
      for (let t = 0; t < cols.length; t++) {
        const c = compareSortValues(cols[t]![i], cols[t]![j], terms[t]!);
        if (c !== 0) return c;
      }
      return i - j;
    };
  }
}

/**
 * One ORDER BY term's comparison of two values: MISSING and NULL before or after every other
 * value (`nullsFirst`), the others — and MISSING against NULL — by N1QL collation, reversed
 * for DESC. Source: couchbase/query `execution/order.go`, `value` Collate.
 */
export function compareSortValues(a: Value, b: Value, t: SortDirection): number {
  // Two numbers (the common sort key): no collation dispatch.
  if (typeof a === 'number' && typeof b === 'number' && a === a && b === b) {
    const c = a < b ? -1 : a > b ? 1 : 0;
    return t.desc ? -c : c;
  }
  // Two strings (the other common key): code point order, as collation orders them.
  if (typeof a === 'string' && typeof b === 'string') {
    const c = compareStrings(a, b);
    return t.desc ? -c : c;
  }
  const an = a === undefined || a === null;
  const bn = b === undefined || b === null;
  if (an !== bn) return an === t.nullsFirst ? -1 : 1;
  const c = collate(a, b);
  return t.desc ? -c : c;
}

/**
 * The sort keys an Order passes on with a batch of its sorted rows: the texts of its terms
 * (printed expressions) and, per term, the batch's rows' values (`columns[t][i]` for row i of
 * the batch). A WindowAggregate after it takes its PARTITION BY values from here rather than
 * evaluating them again on rows that, sorted, lie scattered in memory.
 */
export interface BatchKeys {
  readonly texts: readonly string[];
  readonly columns: readonly Value[][];
}

const BATCH_KEYS = Symbol('sort keys');

/** `batch` carrying `keys` (see {@link BatchKeys}). */
export function withBatchKeys(batch: Row[], keys: BatchKeys): Row[] {
  (batch as Row[] & { [BATCH_KEYS]?: BatchKeys })[BATCH_KEYS] = keys;
  return batch;
}

/** The sort keys an Order passed with `batch`, if any. */
export function batchKeys(batch: Row[]): BatchKeys | undefined {
  return (batch as Row[] & { [BATCH_KEYS]?: BatchKeys })[BATCH_KEYS];
}
