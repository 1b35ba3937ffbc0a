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
/** Postings sorted in one piece by {@link BuildPostings.sortedInPieces}. */
const PRESORT_RUN = 8192;

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

  /** Postings made so far (a presorted list is valid only while no other is made). */
  get created(): number {
    return this.scalars.size + this.composite.size;
  }

  /**
   * Every posting (empty ones included: they may fill up before the build ends) in index order,
   * as {@link sorted}, but sorted in runs of {@link PRESORT_RUN} merged pairwise, with `pause()`
   * awaited between pieces so that a large build never holds the event loop for the whole sort
   * (~250 ms for 200k composite keys). Keys that are all one string take {@link sorted} (fast).
   */
  async sortedInPieces(order: KeyOrder, desc: boolean, pause: () => Promise<void>): Promise<Posting[]> {
    const postings = [...this.scalars.values(), ...this.composite.values()];
    if (postings.every((e) => e.key.length === 1 && typeof e.key[0] === 'string')) {
      // As sorted(), empty postings kept.
      const ids = sortedIds(postings.map((e) => e.key[0] as string));
      const n = ids.length;
      const out = new Array<Posting>(n);
      for (let i = 0; i < n; i++) out[desc ? n - 1 - i : i] = postings[ids[i]!]!;
      return out;
    }
    const cmp = (x: Posting, y: Posting) => order(x.key, y.key);
    let runs: Posting[][] = [];
    for (let i = 0; i < postings.length; i += PRESORT_RUN) {
      runs.push(postings.slice(i, i + PRESORT_RUN).sort(cmp));
      await pause();
    }
    while (runs.length > 1) {
      const next: Posting[][] = [];
      for (let r = 0; r < runs.length; r += 2) {
        const a = runs[r]!;
        const b = runs[r + 1];
        if (!b) {
          next.push(a);
          continue;
        }
        const out: Posting[] = [];
        let i = 0;
        let j = 0;
        while (i < a.length || j < b.length) {
          out.push(j >= b.length || (i < a.length && cmp(a[i]!, b[j]!) <= 0) ? a[i++]! : b[j++]!);
          if ((out.length & 4095) === 0) await pause();
        }
        next.push(out);
      }
      runs = next;
    }
    return runs[0] ?? [];
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
