/**
 * Index walks in slices: the scans that read an index tree (IndexScan3, DistinctScan,
 * IntersectScan, UnionScan, the index aggregates, IndexCountScan2, IndexCountDistinctScan2)
 * walk it a slice at a time and hand a pause to the driver between slices, so that a long walk
 * never holds the event loop (issue 19 §1, issue 22 "No stalls") and stops on the request's
 * signal (checked by the driver at each pause).
 */
import type { KeyRange } from '../storage/index.js';
import type { Value } from '../values/index.js';
import { due, inSyncDrain, PAUSE, waitFor, type PauseBatch, type RunContext } from './runtime.js';

/** What a walk reads of an index: `IndexTree.scan` with its resume key (a transaction's view too). */
export interface ResumableIndex {
  scan(ranges: KeyRange[], visit: (key: Value[], docs: Iterable<string>) => boolean | void, after?: Value[]): void;
  /** Changes whenever an entry is added or removed (`IndexTree.version`); absent: never known to change. */
  readonly version?: number;
  /**
   * Starts reading the first page of `scan(ranges, …)` without blocking, where the index's
   * entries are read over a connection (the PostgreSQL store's): the promise settles when the
   * page is read (never rejects; a failed read is read again by `scan`), or undefined when there
   * is nothing to start. `scan` then takes that page instead of reading it.
   */
  prefetch?(ranges: KeyRange[]): Promise<void> | undefined;
}

/**
 * Told by a walk whether its index changed while it was paused (`changed` turns true and stays
 * so): then a document whose key moved meanwhile may have been visited under its old key and
 * its new one, and a caller that counts documents walks again counting each once.
 */
export interface WalkWatch {
  changed: boolean;
}

/** Document entries visited between two looks at the clock (`due`), so that reading it costs nothing per entry. */
const ENTRIES_PER_CHECK = 64;

/**
 * Documents of one key above which the key is visited in pieces of this many (a TOKENS or array
 * index key shared by most documents holds one entry per document: 300k of them took 280 ms).
 */
const DOCS_PER_PIECE = 2048;

/** The number of documents in an entry's `docs` (a Posting's size, an array's length), undefined if it does not say. */
export function postingSize(docs: Iterable<string>): number | undefined {
  const d = docs as { size?: unknown; length?: unknown };
  return typeof d.size === 'number' ? d.size : typeof d.length === 'number' ? d.length : undefined;
}

/** The documents of an entry, as work: 1 when the entry does not say. */
const weight = (docs: Iterable<string>): number => postingSize(docs) ?? 1;

/**
 * Walks the entries of `tree` in `ranges`, in index order, calling `visit` as `IndexTree.scan`
 * does, and yields a pause whenever the request has worked for its slice (`due`, checked every
 * {@link ENTRIES_PER_CHECK} documents). The walk then resumes after the last key it visited (no
 * iterator is held across a pause), so writes made while it is paused are safe: an entry present
 * throughout the walk is visited exactly once; an entry added, removed or moved meanwhile may or
 * may not be seen (as a GSI scan without `scan_consistency`), and a document whose key changed
 * meanwhile may be met under its old key and its new one (a scan that selects document keys
 * drops the second; with `watch`, the walk says whether that can have happened). A key of more
 * than {@link DOCS_PER_PIECE} documents is visited in pieces (`visit` called with the same key
 * for each), from a copy of its documents taken when the walk reached it, with pauses between
 * the pieces. `visit` must not change the tree. Returns false if `visit` stopped the walk
 * (returned false), true at its end.
 */
export function* walkSliced(
  rc: RunContext,
  tree: ResumableIndex,
  ranges: KeyRange[],
  visit: (key: Value[], docs: Iterable<string>) => boolean | void,
  whole = false,
  watch?: WalkWatch,
): Generator<PauseBatch, boolean> {
  let after: Value[] | undefined;
  let work = 0;
  let paused = false;
  let stopped = false;
  /** A key of many documents met by the scan, visited in pieces outside it. */
  let large: string[] | undefined;
  const step = (key: Value[], docs: Iterable<string>): boolean | undefined => {
    if (!whole && weight(docs) > DOCS_PER_PIECE) {
      large = [...docs];
      after = key;
      paused = true;
      return false;
    }
    if (visit(key, docs) === false) {
      stopped = true;
      return false;
    }
    work += weight(docs);
    if (work >= ENTRIES_PER_CHECK) {
      work = 0;
      if (due(rc)) {
        after = key;
        paused = true;
        return false;
      }
    }
    return undefined;
  };
  /** Yields a pause, noting in `watch` whether the tree changed during it. */
  function* pause(): Generator<PauseBatch, void> {
    const before = tree.version;
    yield PAUSE;
    if (watch && tree.version !== before) watch.changed = true;
  }
  // The first page read ahead, waited for on the event loop instead of blocking it (not in a
  // synchronous drain, which cannot wait).
  if (tree.prefetch && !inSyncDrain()) {
    const ready = tree.prefetch(ranges);
    if (ready) yield waitFor(ready);
  }
  for (;;) {
    paused = false;
    tree.scan(ranges, step, after);
    if (stopped) return false;
    if (!paused) return true;
    if (large) {
      const docs = large;
      large = undefined;
      for (let at = 0; at < docs.length; at += DOCS_PER_PIECE) {
        if (visit(after!, docs.slice(at, at + DOCS_PER_PIECE)) === false) return false;
        if (due(rc)) yield* pause();
      }
      work = 0;
    } else yield* pause();
  }
}

/**
 * Yields a pause every few thousand calls of the returned `tick()` once the request's slice is
 * used up: for the loops over a scan's document keys (a UnionScan's set, an IntersectScan's
 * filter) that run after the walks. Use as `if (tick()) yield PAUSE`.
 */
export function slicer(rc: RunContext): () => boolean {
  let n = 0;
  return () => (++n & 1023) === 0 && due(rc);
}
