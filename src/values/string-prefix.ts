import { compareStrings } from './collate.js';

/**
 * The UTF-16 code unit at `d` mapped so that code unit order is code point order (surrogates,
 * which encode code points above U+FFFF, move after U+E000–FFFF, as in {@link compareStrings}),
 * or -1 past the end (a prefix sorts first).
 */
export function unitAt(s: string, d: number): number {
  if (d >= s.length) return -1;
  const c = s.charCodeAt(d);
  return c < 0xd800 ? c : c >= 0xe000 ? c - 0x800 : c + 0x2000;
}

/** The code unit whose {@link unitAt} mapping is `m` (0 … 0xFFFF): the inverse of the mapping. */
function unmapUnit(m: number): number {
  return m < 0xd800 ? m : m < 0xf800 ? m + 0x800 : m - 0x2000;
}

/**
 * The smallest string greater, in the order of {@link compareStrings} (code points), than every
 * string that starts with `prefix`, or undefined when there is none (every unit of `prefix` is
 * the highest, U+DFFF): the exclusive upper bound of a `LIKE 'prefix%'` span. The last code unit
 * goes up by one in the mapped order (U+D7FF → U+E000, U+FFFF → U+D800, a low surrogate U+DFFF
 * carries into the unit before it), so that astral characters and U+FFFF bound correctly.
 */
export function prefixSuccessor(prefix: string): string | undefined {
  for (let i = prefix.length - 1; i >= 0; i--) {
    const m = unitAt(prefix, i);
    if (m < 0xffff) return prefix.slice(0, i) + String.fromCharCode(unmapUnit(m + 1));
  }
  return undefined;
}

/**
 * The code units `d` and `d + 1` of `s` as 32 bits (each mapped by {@link unitAt}, plus one, so
 * that the end of the string is lowest), an order-preserving key: for strings that agree before
 * `d`, a smaller key means a smaller string. An equal key means equal units only when neither is
 * clamped: the two highest mapped units (from U+DFFE–DFFF) share the value 0xFFFF, and a first
 * unit of 0xFFFF gives 0xFFFFFFFF whatever the second.
 */
export function prefixKey(s: string, d = 0): number {
  const u0 = Math.min(unitAt(s, d) + 1, 0xffff);
  if (u0 === 0xffff) return 0xffffffff;
  const u1 = Math.min(unitAt(s, d + 1) + 1, 0xffff);
  return ((u0 << 16) | u1) >>> 0;
}

/** Whether a {@link prefixKey} was clamped (then an equal key does not mean equal units). */
export function isClampedKey(key: number): boolean {
  return key >>> 16 === 0xffff || (key & 0xffff) === 0xffff;
}

/**
 * Stores the two prefix keys of string number `id` that `sortedIds` sorts by, while the string
 * is at hand: `keys[2 id]` = {@link prefixKey}(s, 0), `keys[2 id + 1]` = {@link prefixKey}(s, 2).
 */
export function writePrefixKeys(s: string, keys: Uint32Array, id: number): void {
  keys[2 * id] = prefixKey(s, 0);
  keys[2 * id + 1] = prefixKey(s, 2);
}

/** {@link compareStrings} of strings known to agree on their first `d` code units. */
export function compareFrom(a: string, b: string, d: number): number {
  const n = Math.min(a.length, b.length);
  for (let i = d; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return x < 0xd800 && y < 0xd800 ? x - y : compareStrings(a.slice(i), b.slice(i));
  }
  return a.length - b.length;
}
