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

/** One write of a covered document built from the entry: the key at `key` (or `value`, a partial index's constant) at `path`. */
interface CoverWrite {
  path: readonly string[];
  key: number;
  value?: Value;
}

/**
 * {@link coveredDocument} compiled once per scan, for scans that make a row of every entry:
 * which paths are written, and which are under another covered path (skipped), are worked out
 * here rather than per row. `needsDocument(key)` tells whether the row is the document's own
 * value (a covered key that is 0 or an object, see {@link coveredDocument}), so a scan need
 * read the document only then; `build(key, doc)` gives the same value as
 * `coveredDocument(paths, key, doc, expressionKeys, constants)` (`doc` may be left out when
 * `needsDocument(key)` is false). The value built from the keys alone depends on `key` only, so
 * documents sharing one index entry may share it (rows never change a bound value).
 */
export class CoveredDocumentBuilder {
  /** Positions of the keys that rebuild a field (an array key's path is empty). */
  private readonly fieldKeys: number[];
  private readonly writes: CoverWrite[];

  constructor(
    private readonly paths: string[][],
    private readonly expressionKeys?: readonly boolean[],
    constants?: readonly { path: string[]; value: Value }[],
  ) {
    this.fieldKeys = [];
    paths.forEach((p, i) => {
      if (p.length > 0) this.fieldKeys.push(i);
    });
    const all: CoverWrite[] = [...paths.map((path, key) => ({ path, key })), ...(constants ?? []).map((c) => ({ path: c.path, key: -1, value: c.value }))];
    this.writes = all.filter(
      (w, i) => w.path.length > 0 && !all.some((q, j) => j !== i && q.path.length > 0 && q.path.length < w.path.length && q.path.every((n, k) => n === w.path[k])),
    );
  }

  /** True if the row for `key` is (built from) the document's own value. */
  needsDocument(key: Value[]): boolean {
    const f = this.fieldKeys;
    for (let i = 0; i < f.length; i++) if (!identityKey(key[f[i]])) return true;
    return false;
  }

  /** The covered document of the entry `key` of `doc`. */
  build(key: Value[], doc?: StoredDocument): Value {
    if (this.needsDocument(key)) return withCoveredExpressions(this.paths, key, doc!.value, this.expressionKeys);
    const out: Record<string, Value> = {};
    const writes = this.writes;
    for (let i = 0; i < writes.length; i++) {
      const w = writes[i];
      const v = w.key < 0 ? w.value : key[w.key];
      if (v === undefined) continue;
      const p = w.path;
      let o = out;
      for (let j = 0; j < p.length - 1; j++) {
        const next = o[p[j]];
        o = (next !== null && typeof next === 'object' && !Array.isArray(next) ? next : (o[p[j]] = {})) as Record<string, Value>;
      }
      o[p[p.length - 1]] = v;
    }
    return out;
  }
}
