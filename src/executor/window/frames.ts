import type { FrameBound, WindowSpec } from '../../ast/index.js';
import { collate, type Value } from '../../values/index.js';
import type { Peers } from './peers.js';

/** A frame bound with its offset evaluated. */
type Bound = { kind: 'UNBOUNDED PRECEDING' | 'UNBOUNDED FOLLOWING' | 'CURRENT ROW' } | { kind: 'PRECEDING' | 'FOLLOWING'; offset: number };

/**
 * The frame of each row of a partition: the rows `[s, e]` (inclusive; empty when s > e) minus
 * the EXCLUDE rows. Defaults: with ORDER BY, RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
 * (the row's peers included); without, the whole partition. ROWS counts rows, GROUPS counts peer
 * groups, RANGE compares the first ORDER BY value: `v ± offset` for a number; the row's peers
 * for MISSING and NULL; an empty frame for any other type (the reference's walk from the
 * current row, couchbase/query `execution/window_aggregate.go` windowValuePos,
 * windowValueRangePeerPos, setupWindowFrame).
 */
export class Frames {
  /** Start and end of the frame of the last row given to {@link at}. */
  s = 0;
  e = 0;
  readonly exclude: 'CURRENT ROW' | 'GROUP' | 'TIES' | undefined;
  /** Every row's frame is the whole partition. */
  readonly whole: boolean;
  /** The frame starts at the partition's first row for every row. */
  readonly fromStart: boolean;
  private readonly unit: 'ROWS' | 'RANGE' | 'GROUPS';
  private readonly start: Bound;
  private readonly end: Bound;

  /**
   * @param offsets the frame's start and end offsets, evaluated (numbers ≥ 0)
   * @param rangeKeys the first ORDER BY term's values (RANGE with an offset), and its direction
   */
  constructor(
    w: WindowSpec,
    offsets: [number | undefined, number | undefined],
    private readonly n: number,
    private readonly peers: Peers,
    private readonly rangeKeys?: { values: Value[]; desc: boolean },
  ) {
    const f = w.frame;
    const ordered = !!w.orderBy?.length;
    this.unit = f?.unit ?? 'RANGE';
    this.start = f ? bound(f.start, offsets[0]) : { kind: 'UNBOUNDED PRECEDING' };
    this.end = f?.end ? bound(f.end, offsets[1]) : f ? { kind: 'CURRENT ROW' } : ordered ? { kind: 'CURRENT ROW' } : { kind: 'UNBOUNDED FOLLOWING' };
    this.exclude = f?.exclude === 'NO OTHERS' ? undefined : f?.exclude;
    this.fromStart = this.start.kind === 'UNBOUNDED PRECEDING';
    this.whole = this.fromStart && this.end.kind === 'UNBOUNDED FOLLOWING' && !this.exclude;
  }

  /** Sets {@link s} and {@link e} to row i's frame, clamped to the partition. */
  at(i: number): void {
    this.s = Math.max(0, this.position(this.start, i, true));
    this.e = Math.min(this.n - 1, this.position(this.end, i, false));
  }

  /** True if row j of the frame of row i is left out by EXCLUDE. */
  excluded(i: number, j: number): boolean {
    switch (this.exclude) {
      case undefined:
        return false;
      case 'CURRENT ROW':
        return i === j;
      case 'GROUP':
        return this.peers.group[i] === this.peers.group[j];
      case 'TIES':
        return i !== j && this.peers.group[i] === this.peers.group[j];
    }
  }

  private position(b: Bound, i: number, start: boolean): number {
    switch (b.kind) {
      case 'UNBOUNDED PRECEDING':
        return 0;
      case 'UNBOUNDED FOLLOWING':
        return this.n - 1;
      case 'CURRENT ROW':
        return this.unit === 'ROWS' ? i : start ? this.peers.start(i) : this.peers.end(i);
    }
    const k = b.kind === 'PRECEDING' ? -b.offset : b.offset;
    if (this.unit === 'ROWS') return i + k;
    if (this.unit === 'GROUPS') {
      const g = this.peers.group[i]! + k;
      if (g < 0) return start ? 0 : -1;
      if (g >= this.peers.count) return start ? this.n : this.n - 1;
      return start ? this.peers.first[g]! : this.peers.last[g]!;
    }
    return this.rangePosition(b.kind === 'PRECEDING' ? -1 : 1, b.offset, i, start);
  }

  /** RANGE `offset PRECEDING|FOLLOWING`: walks from row i towards the bound, as the reference does. */
  private rangePosition(direction: number, offset: number, i: number, start: boolean): number {
    const { values, desc } = this.rangeKeys!;
    const v = values[i];
    if (v === undefined || v === null) return start ? this.peers.start(i) : this.peers.end(i);
    // Any other non-number: an empty frame.
    if (typeof v !== 'number') return start ? this.n : -1;
    const collation = desc ? -1 : 1;
    const target = direction * collation < 0 ? v - offset : v + offset;
    let pos = i;
    for (; pos >= 0 && pos < this.n; pos += direction) {
      const c = collate(values[pos], target);
      if (c === 0) return start ? this.peers.start(pos) : this.peers.end(pos);
      if (c * direction * collation > 0) return (direction < 0 && start) || (direction > 0 && !start) ? pos - direction : pos;
    }
    return pos;
  }
}

function bound(b: FrameBound, offset: number | undefined): Bound {
  return 'offset' in b ? { kind: b.kind, offset: offset ?? 0 } : b;
}
