import { collate, type Value } from '../../values/index.js';

/**
 * The peer groups of a partition: rows whose ORDER BY values all collate equal (couchbase/query
 * `execution/window_aggregate.go` isNewWindowValues). Without ORDER BY every row is a peer of
 * every other. `group[i]` is row i's group number (0, 1, … in row order), `first[g]`/`last[g]`
 * the first and last row of group g.
 */
export class Peers {
  readonly group: Int32Array;
  readonly first: Int32Array;
  readonly last: Int32Array;
  readonly count: number;

  /** @param keys the ORDER BY values, one array (of the partition's length n) per term */
  constructor(n: number, keys: Value[][]) {
    this.group = new Int32Array(n);
    const first: number[] = [];
    const last: number[] = [];
    let g = -1;
    for (let i = 0; i < n; i++) {
      let same = i > 0;
      for (let t = 0; same && t < keys.length; t++) {
        const a = keys[t]![i];
        const b = keys[t]![i - 1];
        // Two numbers (the common ORDER BY value) are peers when equal: no collation dispatch.
        if (typeof a === 'number' && typeof b === 'number' && a === a ? a !== b : collate(a, b) !== 0) same = false;
      }
      if (!same) {
        if (g >= 0) last.push(i - 1);
        g++;
        first.push(i);
      }
      this.group[i] = g;
    }
    if (n > 0) last.push(n - 1);
    this.first = Int32Array.from(first);
    this.last = Int32Array.from(last);
    this.count = g + 1;
  }

  /** The first row of row i's peer group. */
  start(i: number): number {
    return this.first[this.group[i]!]!;
  }

  /** The last row of row i's peer group. */
  end(i: number): number {
    return this.last[this.group[i]!]!;
  }
}
