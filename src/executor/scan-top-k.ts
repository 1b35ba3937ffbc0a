import type { KeyspaceStore, StoredDocument } from '../storage/index.js';
import { compareStrings, type Value } from '../values/index.js';
import type { DocumentReader } from './path-readers.js';
import { due, PAUSE, type PauseBatch, type RunContext } from './runtime.js';
import { compareSortValues, type SortDirection } from './sort-keys.js';

/** One of the first k documents: its key, its stored document and its sort values (one per term). */
export interface TopDocument {
  key: string;
  doc: StoredDocument;
  values: Value[];
}

/** Documents read between two looks at the clock. */
const CLOCK_EVERY = 1024;

/**
 * The first `k` documents of keyspace `ks` under the sort terms (`readers[t]` gives term t's
 * value of a document, `terms[t]` its direction), ties broken by document key: the order in
 * which a PrimaryScan3 delivers them, so this is exactly the top-k a stable Order takes from
 * the scan's rows (operators/order.ts). Reads the keyspace's dense document columns
 * (`KeyspaceStore.documentColumns`, in write order, the cheapest walk) rather than the key
 * order, with no row per document: a document is rejected on one comparison of its first sort
 * value with the k-th kept document's, before any other read (the kept ones are cut back to k
 * each time they reach 2k). Pauses (yields PAUSE) every slice of work, so the driver can check
 * the request's signal and let the event loop run.
 *
 * Returns undefined when the walk cannot give the scan's answer, and the caller then runs the
 * rows as they come: the keyspace's columns were replaced during a pause (a compaction), or a
 * kept document was changed or removed before the end (its row would not be the one read).
 * Only for a keyspace whose documents cannot expire (`mayExpire()` false): its columns are its
 * own live arrays.
 */
export function* scanTopK(ks: KeyspaceStore, readers: readonly DocumentReader[], terms: readonly SortDirection[], k: number, rc: RunContext): Generator<PauseBatch, TopDocument[] | undefined> {
  const { keys, values, length } = ks.documentColumns();
  const nt = readers.length;
  const read0 = readers[0]!;
  const dir0 = terms[0]!;
  // The kept documents, column-wise: slot i holds keptKeys[i], keptDocs[i] and keptValues[t][i].
  let keptKeys: string[] = [];
  let keptDocs: Value[] = [];
  let keptValues: Value[][] = readers.map(() => []);
  let n = 0;
  /** The slot of the k-th kept document after the last cut (-1 before the first). */
  let worst = -1;
  // The order of two slots: each term, then the key.
  const compareSlots = (i: number, j: number): number => {
    for (let t = 0; t < nt; t++) {
      const c = compareSortValues(keptValues[t]![i], keptValues[t]![j], terms[t]!);
      if (c !== 0) return c;
    }
    return compareStrings(keptKeys[i]!, keptKeys[j]!);
  };
  const cut = (): void => {
    const order = Array.from({ length: n }, (_, i) => i).sort(compareSlots);
    if (order.length > k) order.length = k;
    keptKeys = order.map((i) => keptKeys[i]!);
    keptDocs = order.map((i) => keptDocs[i]!);
    keptValues = keptValues.map((col) => order.map((i) => col[i]));
    n = order.length;
  };
  // QueryOptions.progress: the documents read, as the scan's rows would have counted them
  // (taken back when the rows are then run as they come, which counts them again).
  const progress = rc.progress;
  let read = 0;
  const giveUp = (): undefined => {
    if (progress) progress.scanned -= read;
    return undefined;
  };
  for (let i = 0; i < length; i++) {
    if ((i & (CLOCK_EVERY - 1)) === CLOCK_EVERY - 1 && due(rc)) {
      yield PAUSE;
      // A compaction during the pause moved the documents to new arrays: these are stale.
      if (ks.documentColumns().values !== values) return giveUp();
    }
    const doc = values[i];
    if (doc === undefined) continue; // a removed document's hole
    if (progress) {
      progress.scanned++;
      read++;
    }
    const key = keys[i]!;
    const v0 = read0(doc, key);
    if (worst >= 0) {
      let c = compareSortValues(v0, keptValues[0]![worst], dir0);
      if (c > 0) continue;
      if (c === 0) {
        for (let t = 1; t < nt && c === 0; t++) c = compareSortValues(readers[t]!(doc, key), keptValues[t]![worst], terms[t]!);
        if (c === 0) c = compareStrings(key, keptKeys[worst]!);
        if (c > 0) continue;
      }
    }
    keptKeys[n] = key;
    keptDocs[n] = doc;
    keptValues[0]![n] = v0;
    for (let t = 1; t < nt; t++) keptValues[t]![n] = readers[t]!(doc, key);
    n++;
    if (n >= 2 * k) {
      cut();
      worst = k - 1;
    }
  }
  cut();
  const out: TopDocument[] = new Array(n);
  for (let i = 0; i < n; i++) {
    // The stored document of each kept one, which must still be the one read.
    const d = ks.get(keptKeys[i]!);
    if (!d || d.value !== keptDocs[i]) return giveUp();
    out[i] = { key: keptKeys[i]!, doc: d, values: keptValues.map((col) => col[i]) };
  }
  return out;
}
