import { compareFrom, isClampedKey, unitAt, writePrefixKeys } from './string-prefix.js';

/** Below this many strings a range is finished by insertion sort. */
const SMALL = 12;

/** Insertion sort of `ids[lo, hi)` by `strs[id]`, strings that agree on their first `d` code units. */
function insertionSort(strs: readonly string[], ids: Int32Array, lo: number, hi: number, d: number): void {
  for (let i = lo + 1; i < hi; i++) {
    const id = ids[i];
    const s = strs[id];
    let j = i - 1;
    while (j >= lo && compareFrom(strs[ids[j]], s, d) > 0) {
      ids[j + 1] = ids[j];
      j--;
    }
    ids[j + 1] = id;
  }
}

/** Multikey quicksort of `ids[lo, hi)` by `strs[id]`, strings that agree on their first `depth` code units. */
function multikeySort(strs: readonly string[], ids: Int32Array, from: number, to: number, fromDepth: number): void {
  const stack: number[] = [from, to, fromDepth];
  while (stack.length > 0) {
    let depth = stack.pop()!;
    let hi = stack.pop()!;
    let lo = stack.pop()!;
    while (hi - lo > SMALL) {
      // Median of three code units as the pivot.
      const x = unitAt(strs[ids[lo]], depth);
      const y = unitAt(strs[ids[(lo + hi) >>> 1]], depth);
      const z = unitAt(strs[ids[hi - 1]], depth);
      const v = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
      let lt = lo;
      let gt = hi - 1;
      let i = lo;
      while (i <= gt) {
        const c = unitAt(strs[ids[i]], depth);
        if (c < v) {
          const t = ids[lt];
          ids[lt++] = ids[i];
          ids[i++] = t;
        } else if (c > v) {
          const t = ids[gt];
          ids[gt--] = ids[i];
          ids[i] = t;
        } else i++;
      }
      // [lo, lt) below the pivot, [lt, gt] equal to it, (gt, hi) above: sort the outer two later.
      if (lt - lo > 1) stack.push(lo, lt, depth);
      if (hi - gt - 1 > 1) stack.push(gt + 1, hi, depth);
      if (v < 0) {
        lo = hi; // the equal range is strings that all ended here: equal, done
        break;
      }
      lo = lt;
      hi = gt + 1;
      depth++;
    }
    if (hi - lo > 1) insertionSort(strs, ids, lo, hi, depth);
  }
}

/** Runs of equal radix keys up to this long are finished by insertion on the next code units. */
const SHORT_RUN = 48;
/** Mapped code units (plus one) below this fit in 10 bits: three of them make one 30-bit key. */
const COMPACT_UNIT = 1 << 10;

/**
 * Insertion sort of `ids[lo, hi)`, strings that agree on their first `depth` code units (2 or 3),
 * by the code units after them as the prefix keys hold them (`keys[2 id + 1]`: units 2–3, of
 * which only unit 3 when `depth` is 3), then by the rest of the strings.
 */
function insertionSortByKey(strs: readonly string[], keys: Uint32Array, ids: Int32Array, lo: number, hi: number, depth: number): void {
  const mask = depth === 3 ? 0xffff : -1;
  for (let i = lo + 1; i < hi; i++) {
    const id = ids[i];
    const k = (keys[2 * id + 1] & mask) >>> 0;
    let j = i - 1;
    for (; j >= lo; j--) {
      const other = ids[j];
      const ko = (keys[2 * other + 1] & mask) >>> 0;
      if (ko < k || (ko === k && compareFrom(strs[other], strs[id], depth) <= 0)) break;
      ids[j + 1] = other;
    }
    ids[j + 1] = id;
  }
}

/**
 * LSD radix sort of `first` (with `order` alongside) on its low `3 × bits` bits, in three passes
 * whose histograms are counted in one sweep; returns the sorted pair.
 */
function radixSort3(first: Uint32Array, order: Int32Array, bits: number): [Uint32Array, Int32Array] {
  const n = first.length;
  const size = 1 << bits;
  const mask = size - 1;
  const count = new Uint32Array(3 * size);
  for (let i = 0; i < n; i++) {
    const k = first[i];
    count[k & mask]++;
    count[size + ((k >>> bits) & mask)]++;
    count[2 * size + ((k >>> (2 * bits)) & mask)]++;
  }
  for (let p = 0; p < 3 * size; p += size) {
    let sum = 0;
    for (let d = p; d < p + size; d++) {
      const c = count[d];
      count[d] = sum;
      sum += c;
    }
  }
  let first2: Uint32Array = new Uint32Array(n);
  let order2: Int32Array = new Int32Array(n);
  for (let pass = 0, shift = 0; pass < 3; pass++, shift += bits) {
    const base = pass * size;
    for (let i = 0; i < n; i++) {
      const k = first[i];
      const at = count[base + ((k >>> shift) & mask)]++;
      first2[at] = k;
      order2[at] = order[i];
    }
    const f = first;
    first = first2;
    first2 = f;
    const o = order;
    order = order2;
    order2 = o;
  }
  return [first, order];
}

/**
 * The order of strings by code point, the order of {@link compareStrings} (N1QL collation of
 * strings), several times faster than `Array.prototype.sort`, for index builds: an LSD radix sort
 * on a key made of each string's first code units (three units in 30 bits when they are all
 * below U+03FF, else two in 32 bits), then each run of equal keys is finished by insertion on
 * the next code units, or, when long, by a multikey quicksort (Bentley and Sedgewick, "Fast
 * algorithms for sorting and searching strings", 1997), which compares code units instead of
 * whole strings.
 * @param strs the strings, by id
 * @param keys the strings' prefix keys by id, as `writePrefixKeys` stores them, if the caller
 *   computed them while it had each string at hand (then the radix sort reads no string)
 * @returns the ids 0 … strs.length - 1 in the order of their strings (equal strings in any order)
 */
export function sortedIds(strs: readonly string[], keys?: Uint32Array): Int32Array {
  const n = strs.length;
  let order: Int32Array = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  if (n <= SMALL) {
    insertionSort(strs, order, 0, n, 0);
    return order;
  }
  if (!keys) {
    keys = new Uint32Array(2 * n);
    for (let i = 0; i < n; i++) writePrefixKeys(strs[i], keys, i);
  }
  // `order` is still 0 … n - 1 here: position i holds id i.
  let compact = true;
  for (let i = 0; i < n && compact; i++) {
    const hi = keys[2 * i];
    compact = hi >>> 16 < COMPACT_UNIT && (hi & 0xffff) < COMPACT_UNIT && keys[2 * i + 1] >>> 16 < COMPACT_UNIT;
  }
  let first: Uint32Array = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const hi = keys[2 * i];
    first[i] = compact ? ((hi >>> 16) << 20) | ((hi & 0xffff) << 10) | (keys[2 * i + 1] >>> 16) : hi;
  }
  [first, order] = radixSort3(first, order, compact ? 10 : 11);
  const depth = compact ? 3 : 2;
  for (let i = 0; i < n; ) {
    const key = first[i];
    let j = i + 1;
    while (j < n && first[j] === key) j++;
    // Equal keys mean equal first code units, unless one of two was clamped (from U+DFFE–DFFF).
    if (j - i > 1) {
      if (!compact && isClampedKey(key)) multikeySort(strs, order, i, j, 0);
      else if (j - i <= SHORT_RUN) insertionSortByKey(strs, keys, order, i, j, depth);
      else multikeySort(strs, order, i, j, depth);
    }
    i = j;
  }
  return order;
}
