import { Kind, kindOf, type ObjectValue, type Value } from './value.js';

/**
 * Compares two strings by Unicode code point (the order of their UTF-8 bytes, as Go compares
 * strings), not by UTF-16 code unit as `<` does. Returns <0, 0 or >0.
 */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (U+D800–DFFF) encode code points above U+FFFF, which must sort after U+E000–FFFF.
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

function sortedNames(o: ObjectValue): string[] {
  return Object.keys(o).sort(compareStrings);
}

/**
 * N1QL collation: a total order over all values, used by ORDER BY, index keys, MIN/MAX and
 * ARRAY_SORT. MISSING < NULL < FALSE < TRUE < numbers < strings (code point order) < arrays
 * (element-wise, then length) < objects (by field count, then sorted names, then values).
 * Source: couchbase/query `value/*.go` `Collate`.
 * @returns a negative number, 0 or a positive number
 */
export function collate(a: Value, b: Value): number {
  const ka = kindOf(a);
  const kb = kindOf(b);
  if (ka !== kb) return ka - kb;
  switch (ka) {
    case Kind.MISSING:
    case Kind.NULL:
      return 0;
    case Kind.BOOLEAN:
      return (a ? 1 : 0) - (b ? 1 : 0);
    case Kind.NUMBER: {
      const x = a as number;
      const y = b as number;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case Kind.STRING:
      return compareStrings(a as string, b as string);
    case Kind.ARRAY: {
      const x = a as Value[];
      const y = b as Value[];
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        const c = collate(x[i], y[i]);
        if (c !== 0) return c;
      }
      return x.length - y.length;
    }
    default: {
      const x = a as ObjectValue;
      const y = b as ObjectValue;
      const nx = sortedNames(x);
      const ny = sortedNames(y);
      if (nx.length !== ny.length) return nx.length - ny.length;
      for (let i = 0; i < nx.length; i++) {
        const c = compareStrings(nx[i], ny[i]);
        if (c !== 0) return c;
      }
      for (const name of nx) {
        const c = collate(x[name], y[name]);
        if (c !== 0) return c;
      }
      return 0;
    }
  }
}

/**
 * Structural equivalence: the same kind and the same content (numbers by value, so 1 ≡ 1.0;
 * object field order ignored). MISSING is equivalent only to MISSING. Used by DISTINCT,
 * GROUP BY keys and expression equivalence. Source: couchbase/query `EquivalentTo`.
 */
export function equivalent(a: Value, b: Value): boolean {
  return collate(a, b) === 0;
}
