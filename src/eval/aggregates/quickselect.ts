/**
 * Rearranges `a` so that `a[k]` holds the value it would hold if `a` were sorted ascending, with
 * every element of `a[0..k)` ≤ `a[k]` ≤ every element of `a(k..n)` (in place, expected O(n)).
 * Hoare-partition quickselect with a median-of-three pivot; after 2·log2(n) rounds without
 * enough progress it sorts the remaining range instead (introselect), so the worst case is
 * O(n log n), never quadratic. `a` must not contain NaN.
 * @throws RangeError if `k` is outside `[0, a.length)`
 */
export function quickselect(a: Float64Array, k: number): void {
  if (k < 0 || k >= a.length) throw new RangeError(`quickselect: index ${k} outside [0, ${a.length})`);
  let lo = 0;
  let hi = a.length - 1;
  let budget = 2 * Math.ceil(Math.log2(a.length + 1)) + 4;
  while (hi > lo) {
    if (hi - lo < 16 || budget-- === 0) {
      a.subarray(lo, hi + 1).sort();
      return;
    }
    const pivot = medianOf3(a[lo], a[(lo + hi) >>> 1], a[hi]);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    }
    // Now a[lo..j] ≤ pivot ≤ a[i..hi], and every element of a(j..i) equals the pivot.
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else return;
  }
}

function medianOf3(x: number, y: number, z: number): number {
  if (x < y) return y < z ? y : x < z ? z : x;
  return x < z ? x : y < z ? z : y;
}

/** The largest of `a[0..end)` (`end` ≥ 1). */
export function maxOf(a: Float64Array, end: number): number {
  let m = a[0];
  for (let i = 1; i < end; i++) if (a[i] > m) m = a[i];
  return m;
}
