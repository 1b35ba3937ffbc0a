import type { StoredDocument } from '../storage/index.js';
import type { Value } from '../values/index.js';

/**
 * The document a covering scan binds for one index entry (couchbase/query
 * `execution/index_scan3.go` builds covered rows from the entry's keys). An index posting
 * holds one key value for every document whose key collates equal to it (the value of the
 * first one indexed), so the entry's keys are the document's own values only when collation
 * equality is identity for them: not for 0 (-0 collates equal to 0) nor for objects (their
 * fields compare in name order, whatever their order in the document). When a covered key is
 * such a value, the row is the document's own value `doc` (which the scan has read anyway, to
 * leave out expired documents), so a covering scan returns what a full scan returns. (Real GSI
 * returns the index-encoded values instead; docs/compatibility.md.)
 */
export function coveredDocument(
  paths: string[][],
  key: Value[],
  doc: StoredDocument,
  expressionKeys?: readonly boolean[],
  constants?: readonly { path: string[]; value: Value }[],
): Value {
  // An array key's path is empty: its entry holds one element, which rebuilds no field.
  for (let i = 0; i < paths.length; i++) if (paths[i].length > 0 && !identityKey(key[i])) return withCoveredExpressions(paths, key, doc.value, expressionKeys);
  // A partial index's condition fixes some fields (planner/cover.ts): they are set as their own keys would be.
  if (constants?.length) return coverDocument([...paths, ...constants.map((c) => c.path)], [...key, ...constants.map((c) => c.value)]);
  return coverDocument(paths, key);
}

/**
 * The document's own value plus the values of covered expression keys (the positions where
 * `expressionKeys` is true; their paths are one-step cover fields, planner/cover-expressions.ts),
 * which the block reads instead of the expressions. Such a value is the entry's key: for 0 or an object it may be another
 * document's collation-equal value, as real GSI returns (docs/compatibility.md).
 */
function withCoveredExpressions(paths: string[][], key: Value[], value: Value, expressionKeys: readonly boolean[] = []): Value {
  let out: Record<string, Value> | undefined;
  paths.forEach((p, i) => {
    if (!expressionKeys[i] || key[i] === undefined) return;
    out ??= value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...(value as Record<string, Value>) } : {};
    out[p[0]] = key[i];
  });
  return out ?? value;
}

/**
 * True if every value that collates equal to `v` is `v` itself: MISSING, NULL, booleans,
 * strings (compared by code points), numbers other than 0, and arrays of those.
 */
export function identityKey(v: Value): boolean {
  if (v === undefined || v === null) return true;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return v !== 0;
  }
  return Array.isArray(v) && v.every(identityKey);
}

/**
 * A document holding only the covered index keys at their field paths. A path under another
 * covered path (`info.title` under `info`) is already inside that value and is skipped, so
 * only objects made here are written into, never stored values.
 */
function coverDocument(paths: string[][], key: Value[]): Value {
  const doc: Record<string, Value> = {};
  paths.forEach((p, i) => {
    if (key[i] === undefined || p.length === 0) return;
    if (paths.some((q, j) => j !== i && q.length > 0 && q.length < p.length && q.every((n, k) => n === p[k]))) return;
    let o = doc;
    for (let j = 0; j < p.length - 1; j++) {
      const next = o[p[j]];
      o = (next !== null && typeof next === 'object' && !Array.isArray(next) ? next : (o[p[j]] = {})) as Record<string, Value>;
    }
    o[p[p.length - 1]] = key[i];
  });
  return doc;
}
