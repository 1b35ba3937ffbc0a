/**
 * The reference's estimate of a value's size in memory (`Value.Size()`), which its functions
 * that build large values compare with the 20 MiB result limit (ARRAY_REPEAT: size of the value
 * × count). Source: couchbase/query `value/string.go` (UTF-8 bytes), `value/float.go` (8),
 * `value/boolean.go` (1), `value/null.go` (4, "len(\"null\")"), `value/array.go` (16 bytes per
 * element plus the elements), `value/object.go` (16 bytes per slot of the next power of two
 * above the field count, a map header, and each name's bytes and value).
 */
import type { Value } from '../../values/index.js';
import { utf8Length } from './support.js';

/** Go's interface value (`_INTERFACE_SIZE`). */
const INTERFACE_SIZE = 16;
/** Go's map header (`hmap`, 48 bytes on 64-bit platforms), the reference's `_MAP_SIZE`. */
const MAP_SIZE = 48;

/** The reference's `Value.Size()` of a value (0 for MISSING). */
export function valueSize(v: Value): number {
  switch (typeof v) {
    case 'undefined':
      return 0;
    case 'string':
      return utf8Length(v);
    case 'number':
    case 'bigint':
      return 8;
    case 'boolean':
      return 1;
    default: {
      if (v === null) return 4;
      if (Array.isArray(v)) return v.reduce<number>((n, x) => n + valueSize(x), INTERFACE_SIZE * v.length);
      const names = Object.keys(v);
      // bits.Len64(n): 1 << that is the next power of two above n (1 for an empty object).
      let n = INTERFACE_SIZE * 2 ** (names.length === 0 ? 0 : Math.floor(Math.log2(names.length)) + 1) + MAP_SIZE;
      for (const k of names) n += utf8Length(k) + valueSize(v[k]);
      return n;
    }
  }
}
