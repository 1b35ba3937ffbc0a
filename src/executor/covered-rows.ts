import { bindDocument, rootEnv, siblingEnv, type Env, type Evaluator } from '../eval/index.js';
import type { KeyspaceStore, StoredDocument } from '../storage/index.js';
import { deepFreeze, truth, type Value } from '../values/index.js';
import type { CoveredDocumentBuilder } from './covered-document.js';
import type { CompiledScan } from './operators/key-source.js';
import { BATCH_SIZE, due, PAUSE, type Row, type RunContext } from './runtime.js';

/** What {@link coveredRows} reads: the scan's walk, the keyspace, the row builder, the pushed filter, OFFSET and LIMIT. */
export interface CoveredScanRun {
  walk: NonNullable<CompiledScan['walk']>;
  /** An array index's scan (DistinctScan): a document's later entries are left out (the walk gives each of them). */
  distinct: boolean;
  ks: KeyspaceStore;
  builder: CoveredDocumentBuilder;
  filter?: Evaluator;
  outer?: Env;
  rc: RunContext;
  alias: string;
  /** The keyspace path of META().keyspace (`default:ks`). */
  path: string;
  /** OFFSET+LIMIT: rows kept (after the filter), the skipped ones included; undefined for no LIMIT. */
  max?: number;
  /** OFFSET: the first rows kept that are left out. */
  skip: number;
}

/**
 * The rows of a covering scan (not an UNNEST scan), one per document, from its first entry in
 * the spans (an array index gives a document several): the index is walked first (walked in slices
 * with pauses; the visits must not change the index), keeping for each live document its id and its covered
 * document (CoveredDocumentBuilder), then rows are made batch by batch, the scan's filter
 * evaluated on each. A document is read during the walk only when it may have expired (the
 * keyspace has documents with an expiration and cannot list the expired ones, `expiredKeys`:
 * an expired one is left out, and expired once the walk is over, as a read with `get` does) or
 * when the row is its own value (a covered key that is 0 or an object); otherwise the row comes from the index entry alone, one value shared by
 * the documents of that entry. Without a filter the walk stops
 * after `max` documents. Yields full batches (with pauses) and returns the last, partial one.
 * Source: couchbase/query `execution/index_scan3.go` (covered rows from the entry's keys).
 */
export function* coveredRows(r: CoveredScanRun): Generator<Row[], Row[]> {
  const { rc, ks, builder, filter, max, outer } = r;
  const seen = r.distinct ? new Set<string>() : undefined;
  const check = ks.mayExpire?.() !== false;
  // A keyspace that can tell which documents have expired: only those are left out, none read.
  const expiredNow = check ? ks.expiredKeys?.() : undefined;
  const readAll = check && !expiredNow;
  const ids: string[] = [];
  const values: Value[] = [];
  const expired: string[] = [];
  // With a filter, OFFSET and LIMIT count the rows it keeps (the walk reads every entry).
  const stopAt = filter || max === undefined ? Infinity : max;
  let paused = false;
  if (stopAt > 0) {
    // The walk goes in slices (index-walk.ts): its pauses are handed up.
    const walking = r.walk(
      rc,
      (key, docs) => {
        const needs = builder.needsDocument(key);
        let shared: Value | undefined;
        let uses = 0;
        for (const id of docs) {
          if (seen) {
            if (seen.has(id)) continue;
            seen.add(id);
          }
          if (expiredNow?.has(id)) {
            expired.push(id);
            continue;
          }
          let doc: StoredDocument | undefined;
          if (readAll || needs) {
            doc = ks.peek(id);
            if (!doc) {
              expired.push(id);
              continue;
            }
          }
          ids.push(id);
          if (needs) values.push(builder.build(key, doc));
          else {
            // Rows of one entry share its value: frozen once shared, as stored documents are.
            shared ??= builder.build(key);
            if (++uses === 2) deepFreeze(shared);
            values.push(shared);
          }
          if (ids.length >= stopAt) return false;
        }
        return undefined;
      },
      outer,
    );
    for (let step = walking.next(); !step.done; step = walking.next()) {
      paused = true;
      yield step.value;
    }
  }
  for (const id of expired) ks.get(id);
  // Across a pause a document whose key was written meanwhile may be met under both keys: each
  // keeps its first row.
  return yield* entryRows(ids, (i) => values[i]!, r, paused && !seen);
}

/** What {@link entryRows} reads: the pushed filter, OFFSET and LIMIT, and where rows bind. */
export type EntryRowsRun = Pick<CoveredScanRun, 'filter' | 'outer' | 'rc' | 'alias' | 'path' | 'max' | 'skip'>;

/**
 * The rows of a covering scan's entries: document `ids[i]` bound to `alias` with the covered
 * document `valueAt(i)` (asked only for the rows it reaches), the scan's filter evaluated on
 * each; OFFSET and LIMIT count the rows the filter keeps. With `dedupe`, a later entry of an id
 * already met is left out (checked while rows are made, which pause). Yields full batches (with
 * pauses) and returns the last, partial one.
 */
export function* entryRows(ids: readonly string[], valueAt: (i: number) => Value, r: EntryRowsRun, dedupe: boolean): Generator<Row[], Row[]> {
  const { rc, outer, filter, alias, path, max, skip } = r;
  const met = dedupe ? new Set<string>() : undefined;
  let rows: Row[] = [];
  let kept = 0;
  let skipped = 0;
  for (let i = 0; i < ids.length; i++) {
    if (max !== undefined && kept >= max) break;
    if (met) {
      if (met.has(ids[i]!)) continue;
      met.add(ids[i]!);
    }
    const env = outer ? siblingEnv(outer) : rootEnv();
    bindDocument(env, alias, valueAt(i), { id: ids[i]!, cas: 0, expiration: 0, keyspace: path });
    if (filter && !truth(filter(env, rc))) continue;
    kept++;
    if (skipped < skip) {
      skipped++;
      continue;
    }
    rows.push({ env });
    if (rows.length >= BATCH_SIZE) {
      yield rows;
      rows = [];
      if (due(rc)) yield PAUSE;
    }
  }
  return rows;
}
