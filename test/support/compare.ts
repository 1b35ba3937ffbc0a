import { collate, compareStrings, type Value } from '../../src/values/index.js';

/** A canonical JSON text of a value (object fields sorted), for stable sorting and messages. */
export function canonical(v: Value): string {
  if (v === undefined) return 'MISSING';
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return '[' + v.map(canonical).join(',') + ']';
  return '{' + Object.keys(v).sort(compareStrings).map((k) => JSON.stringify(k) + ':' + canonical(v[k])).join(',') + '}';
}

/** Rows compared as the reference harness does: in order when `ordered`, else as multisets. */
export function sameRows(actual: Value[], expected: Value[], ordered: boolean): boolean {
  if (actual.length !== expected.length) return false;
  const a = ordered ? actual : [...actual].sort((x, y) => compareStrings(canonical(x), canonical(y)));
  const e = ordered ? expected : [...expected].sort((x, y) => compareStrings(canonical(x), canonical(y)));
  return a.every((x, i) => collate(x, e[i]) === 0);
}
