/**
 * An append-only list of doubles kept in Float64Array chunks (8 doubles, then doubling up to
 * 8192 = 64 KiB each): what the STDDEV/VARIANCE family keeps of its numbers. Unlike a growing
 * single buffer nothing is ever copied, and a group of a few numbers allocates one small chunk.
 * `push` does one bounds check, one store and one counter update; the chunk change is out of line.
 */
export class NumberChunks {
  /**
   * The full chunks before `cur`, in push order; made with its first chunk in it (an array of
   * objects from the start: an empty `[]` literal starts as a Smi array, whose first push of a
   * chunk deoptimized the caller's optimized loop, once per accumulator).
   */
  private full: Float64Array[] | null = null;
  private cur = new Float64Array(8);
  private pos = 0;

  push(x: number): void {
    const c = this.cur;
    const p = this.pos;
    if (p < c.length) {
      c[p] = x;
      this.pos = p + 1;
    } else {
      this.next(x);
    }
  }

  // Out of line, so that `push` stays small enough to inline.
  private next(x: number): void {
    if (this.full === null) this.full = [this.cur];
    else this.full.push(this.cur);
    const c = new Float64Array(Math.min(8192, this.cur.length * 2));
    c[0] = x;
    this.cur = c;
    this.pos = 1;
  }

  /** The chunks in push order, the last one cut to its pushed part (views: valid until the next push). */
  chunks(): Float64Array[] {
    return [...(this.full ?? []), this.cur.subarray(0, this.pos)];
  }
}
