import { canonicalKey, sortedIds, type Value } from '../values/index.js';
import { Posting } from './posting.js';

/** An index's order of composite keys (`IndexTree.compareKeys`). */
export type KeyOrder = (a: Value[], b: Value[]) => number;

/**
 * The postings an index build appends, kept outside the B+ tree until the build ends (then the
 * tree is bulk-loaded from {@link sorted}), so that no entry of a build pays for a tree lookup.
 * A key's posting is found by the key itself: a single string or number as it is (-0 as 0),
 * any other key by its canonical text.
 */
export class BuildPostings {
  private readonly scalars = new Map<string | number, Posting>();
  private readonly composite = new Map<string, Posting>();

  /** The build's posting of a key; created (empty) when `create`, else undefined if none. */
  get(key: Value[], create: boolean): Posting | undefined {
    const v = key[0];
    const single = key.length === 1 && (typeof v === 'string' || typeof v === 'number');
    const id = single ? (v === 0 ? 0 : v) : canonicalKey(key);
    const map: Map<string | number, Posting> = single ? this.scalars : this.composite;
    let e = map.get(id);
    if (!e && create) map.set(id, (e = new Posting(key)));
    return e;
  }

  /**
   * The non-empty postings in index order: `order`, or, when every key is one string (the keys
   * of TOKENS indexes), `sortedIds` (code units compared, not whole strings), reversed when
   * the key is `desc`.
   */
  sorted(order: KeyOrder, desc: boolean): Posting[] {
    const postings = [...this.scalars.values(), ...this.composite.values()].filter((e) => e.size > 0);
    let strings = true;
    for (let i = 0; i < postings.length && strings; i++) {
      const k = postings[i].key;
      strings = k.length === 1 && typeof k[0] === 'string';
    }
    if (!strings) return postings.sort((x, y) => order(x.key, y.key));
    const ids = sortedIds(postings.map((e) => e.key[0] as string));
    const n = ids.length;
    const out = new Array<Posting>(n);
    for (let i = 0; i < n; i++) out[desc ? n - 1 - i : i] = postings[ids[i]];
    return out;
  }
}

/** Two lists of keys in `order`, each key with its value, merged into one list in `order`. */
export function mergeInOrder<K, V>(aKeys: K[], a: V[], bKeys: K[], b: V[], order: (x: K, y: K) => number): [K[], V[]] {
  const keys: K[] = [];
  const values: V[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const fromA = j === b.length || (i < a.length && order(aKeys[i], bKeys[j]) <= 0);
    keys.push(fromA ? aKeys[i] : bKeys[j]);
    values.push(fromA ? a[i++] : b[j++]);
  }
  return [keys, values];
}
