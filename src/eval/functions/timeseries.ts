import { ErrorCode, QueryError } from '../../errors/index.js';
import type { ObjectValue, Value } from '../../values/index.js';

/**
 * A field path inside a document, as `_TIMESERIES` options name them (`"ts_data": "a.b[1]"`):
 * field names (bare or backticked) and array positions (negative counts from the end).
 */
export type FieldPath = (string | number)[];

/**
 * Reads a field path: `name`, `` `quoted name` ``, `.name` and `[int]` steps.
 * @throws QueryError 5010 for any other text (the reference parses a full N1QL path there and
 *   fails evaluation on a syntax error; tokenql takes field paths only)
 */
export function parseFieldPath(text: string): FieldPath {
  const out: FieldPath = [];
  const re = /\s*(?:(^|\.)\s*([A-Za-z_][A-Za-z0-9_$]*)|(^|\.)\s*`((?:[^`]|``)*)`|\[\s*(-?\d+)\s*\])\s*/y;
  let pos = 0;
  while (pos < text.length) {
    re.lastIndex = pos;
    const m = re.exec(text);
    if (!m || (pos === 0 && m[5] !== undefined)) {
      throw new QueryError({ code: ErrorCode.EVALUATION, phase: 'execution', message: `_TIMESERIES(): '${text}' is not a field path` });
    }
    if (m[2] !== undefined) out.push(m[2]);
    else if (m[4] !== undefined) out.push(m[4].replaceAll('``', '`'));
    else out.push(Number(m[5]));
    pos = re.lastIndex;
  }
  return out;
}

function readPath(doc: Value, path: FieldPath): Value {
  let v = doc;
  for (const step of path) {
    if (typeof step === 'string') {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return undefined;
      v = (v as ObjectValue)[step];
    } else {
      if (!Array.isArray(v)) return undefined;
      v = v[step < 0 ? v.length + step : step];
    }
  }
  return v;
}

/** Where `_TIMESERIES` finds the series in a document (defaults: the field names themselves). */
export interface TimeseriesPaths {
  data: FieldPath;
  interval: FieldPath;
  start: FieldPath;
  end: FieldPath;
}

/** Inclusive time ranges; empty means every time. */
type Ranges = [number, number][];

const isInt = (v: Value): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * The `ts_ranges` option: MISSING → every time; `[s, e]` → one range; `[[s, e], …]` → several
 * (read up to the first element that is neither an array nor a number). A range whose ends are
 * not integers, or whose start is after its end, is dropped; when every range is dropped (or
 * the option is not an array) nothing is in range.
 */
function readRanges(v: Value): Ranges {
  if (v === undefined) return [];
  const out: Ranges = [];
  const one = (r: Value[]) => {
    if (r.length >= 2 && isInt(r[0]) && isInt(r[1]) && r[0] <= r[1]) out.push([r[0], r[1]]);
  };
  if (Array.isArray(v)) {
    for (const r of v) {
      if (typeof r === 'number') {
        one(v);
        break;
      }
      if (!Array.isArray(r)) break;
      one(r);
    }
  }
  return out.length ? out : [[0, -1]];
}

const inRange = (ranges: Ranges, t: number) => ranges.length === 0 || ranges.some(([s, e]) => t >= s && t <= e);

/** Whether a document covering [start, end] overlaps a range. */
function overlaps(ranges: Ranges, start: number, end: number): boolean {
  if (end < start) return false;
  if (ranges.length === 0) return true;
  return ranges.some(([s, e]) => s <= e && ((s >= start && s <= end) || (start >= s && start <= e)));
}

/**
 * The `ts_project` option: MISSING → every value (`undefined` here); an integer ≥ 0 or an array of
 * them → those value positions (0 is the first value after the time); anything else → none.
 */
function readProject(v: Value): number[] | undefined {
  if (v === undefined) return undefined;
  const out = new Set<number>();
  for (const p of Array.isArray(v) ? v : [v]) if (isInt(p) && p >= 0) out.add(p);
  return [...out].sort((a, b) => a - b);
}

/**
 * `_TIMESERIES(alias, options)` on one document: its time series as an array of data points
 * `{"_t": time, "_v0": …, "_v1": …}`, for `UNNEST`.
 * - The document holds the points in `ts_data` (an array), and the integers `ts_start`, `ts_end`
 *   and optionally `ts_interval` (≥ 0; MISSING is 0); `options.ts_data` … rename those fields.
 *   Any of them of the wrong type gives NULL.
 * - Irregular data (no interval): each point is `[time, v0, v1, …]` with an integer time; other
 *   points are skipped. Regular data (interval > 0): point i is at `ts_start + i·ts_interval`,
 *   and is an array of values or one value.
 * - `options.ts_ranges` keeps the points whose time is in a range; a document whose
 *   [ts_start, ts_end] overlaps no range gives NULL. `options.ts_project` picks the values.
 * - No point at all gives NULL (not `[]`), as in the reference.
 * Source: couchbase/query `expression/func_timeseries.go`.
 */
export function timeseriesOf(doc: Value, paths: TimeseriesPaths, ranges: Value, project: Value): Value {
  const data = readPath(doc, paths.data);
  const iv = readPath(doc, paths.interval);
  const start = readPath(doc, paths.start);
  const end = readPath(doc, paths.end);
  if (!Array.isArray(data) || !isInt(start) || !isInt(end)) return null;
  if (iv !== undefined && !(isInt(iv) && iv >= 0)) return null;
  const interval = iv ?? 0;
  const rs = readRanges(ranges);
  if (!overlaps(rs, start, end)) return null;
  const proj = readProject(project);
  const out: ObjectValue[] = [];
  for (let i = 0; i < data.length; i++) {
    const p = data[i];
    if (interval > 0) {
      const t = start + i * interval;
      if (!inRange(rs, t)) continue;
      const m: ObjectValue = { _t: t };
      if (!proj) {
        if (Array.isArray(p)) p.forEach((x, j) => (m[`_v${j}`] = x));
        else m._v0 = p;
      } else if (!Array.isArray(p)) {
        if (proj[0] === 0) m._v0 = p;
      } else {
        for (const j of proj) if (j < p.length) m[`_v${j}`] = p[j];
      }
      out.push(m);
    } else if (Array.isArray(p) && p.length > 0 && isInt(p[0]) && inRange(rs, p[0])) {
      const m: ObjectValue = { _t: p[0] };
      if (!proj) for (let j = 1; j < p.length; j++) m[`_v${j - 1}`] = p[j];
      else for (const j of proj) if (j + 1 < p.length) m[`_v${j}`] = p[j + 1];
      out.push(m);
    }
  }
  return out.length ? out : null;
}
