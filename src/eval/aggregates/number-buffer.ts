/**
 * A growable buffer of doubles: the numbers an aggregate keeps (MEDIAN, VARIANCE, STDDEV), 8 bytes
 * each and no boxing, as the reference keeps its list of number values (couchbase/query
 * `algebra/agg_util.go` listAdd).
 */
export class NumberBuffer {
  // 8 doubles (64 bytes) still live in V8's heap: a group of a few numbers allocates no backing store.
  private data = new Float64Array(8);
  /** How many numbers were pushed. */
  length = 0;

  push(x: number): void {
    if (this.length === this.data.length) this.grow();
    this.data[this.length++] = x;
  }

  // Out of line, so that `push` stays small enough to inline.
  private grow(): void {
    const grown = new Float64Array(this.data.length * 2);
    grown.set(this.data);
    this.data = grown;
  }

  /** The pushed numbers, in push order (a view on the buffer: valid until the next push). */
  view(): Float64Array {
    return this.data.subarray(0, this.length);
  }
}
