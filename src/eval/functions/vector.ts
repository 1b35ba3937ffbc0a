/**
 * Vector functions as pure functions (vector indexes are out of scope): VECTOR_DISTANCE (alias
 * KNN_DISTANCE), APPROX_VECTOR_DISTANCE (alias ANN_DISTANCE; computed exactly, its index
 * tuning arguments accepted and ignored), SPARSE_VECTOR_DISTANCE (alias SPARSE_DISTANCE),
 * ISVECTOR, VECTOR_NORMALIZE (aliases VECTOR_NORMALISE, NORMALIZE_VECTOR, NORMALISE_VECTOR),
 * ENCODE_VECTOR / DECODE_VECTOR (aliases VECTOR_ENCODE, VECTOR_DECODE). Reference:
 * couchbase/query `expression/func_vector.go`; every rule below was checked against the
 * reference engine.
 *
 * Distances (float64 arithmetic): `euclidean`/`l2` √Σ(aᵢ−bᵢ)², `euclidean_squared`/
 * `l2_squared` Σ(aᵢ−bᵢ)², `dot` −Σaᵢbᵢ, `cosine` 1 − a·b/(|a||b|) (NULL for a zero vector);
 * metric names are case-insensitive, any other metric (or a non-string) is error 10510. The
 * query vector (second argument) must be an array of numbers, else error 5430. The document
 * vector (first argument) gives NULL when it is not an array of numbers within float32 range
 * of the query vector's length, MISSING when MISSING.
 * Difference: the reference requires the first argument to be a field path and the query
 * vector to be a constant or parameter (errors 10511, 5430 at planning); tokenql accepts any
 * expressions.
 */
import { ErrorCode, QueryError } from '../../errors/index.js';
import type { Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';

const FLOAT32_MAX = 3.4028234663852886e38;

function vectorError(code: number, message: string): QueryError {
  return new QueryError({ code, phase: 'execution', message });
}

const isNumbers = (v: Value): v is number[] => Array.isArray(v) && v.every((x) => typeof x === 'number');

/** The query vector argument, or error 5430. */
function queryVector(q: Value): number[] {
  if (!Array.isArray(q)) throw vectorError(ErrorCode.VECTOR_PARAMETER, 'Invalid parameter (query vector) specified for vector search function: not an array');
  const bad = q.find((x) => typeof x !== 'number');
  if (bad !== undefined || q.includes(undefined)) {
    throw vectorError(ErrorCode.VECTOR_PARAMETER, `Invalid parameter (query vector) specified for vector search function: array element (${JSON.stringify(bad ?? null)}) not a number`);
  }
  return q as number[];
}

type Metric = (a: number[], b: number[]) => number | null;

function sumSquares(a: number[], b: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += (a[i]! - b[i]!) ** 2;
  return s;
}

function dot(a: number[], b: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

const METRICS: Record<string, Metric> = {
  euclidean: (a, b) => Math.sqrt(sumSquares(a, b)),
  l2: (a, b) => Math.sqrt(sumSquares(a, b)),
  euclidean_squared: sumSquares,
  l2_squared: sumSquares,
  dot: (a, b) => -dot(a, b) + 0,
  cosine: (a, b) => {
    const n = Math.sqrt(dot(a, a)) * Math.sqrt(dot(b, b));
    return n === 0 ? null : 1 - dot(a, b) / n;
  },
};

function metricOf(m: Value, fn: string): Metric {
  const metric = typeof m === 'string' ? METRICS[m.toLowerCase()] : undefined;
  if (!metric) throw vectorError(ErrorCode.VECTOR_METRIC, `Vector distance function (${fn}) has invalid metric specification ('')`);
  return metric;
}

function distanceFn(name: string, aliases: string[], maxArgs: number): FunctionDef {
  const fnName = name.toLowerCase();
  return {
    name,
    aliases,
    minArgs: 3,
    maxArgs,
    nulls: 'custom',
    fn: ([v, q, m]) => {
      const metric = metricOf(m, fnName);
      const query = queryVector(q);
      if (v === undefined) return undefined;
      const doc = float32Vector(v);
      if (!doc || doc.length !== query.length) return null;
      const d = metric(doc, query);
      return d === null || !Number.isFinite(d) ? null : d;
    },
  };
}

/** A sparse vector `[[indexes…], [values…]]` as a map, or undefined when it is not one. */
function sparse(v: Value): Map<number, number> | undefined {
  if (!Array.isArray(v) || v.length !== 2 || !isNumbers(v[0]) || !isNumbers(v[1]) || v[0].length !== v[1].length) return undefined;
  const out = new Map<number, number>();
  v[0].forEach((i, k) => out.set(i, (v[1] as number[])[k]!));
  return out;
}

/** The vector as float32 values would hold it: NULL when not an array of numbers within float32 range. */
function float32Vector(v: Value): number[] | null {
  return isNumbers(v) && v.every((x) => Math.abs(x) <= FLOAT32_MAX) ? v : null;
}

export const vectorFunctions: FunctionDef[] = [
  distanceFn('VECTOR_DISTANCE', ['KNN_DISTANCE'], 3),
  distanceFn('APPROX_VECTOR_DISTANCE', ['ANN_DISTANCE'], 6),
  {
    /**
     * SPARSE_VECTOR_DISTANCE(v, q [, metric [, …]]): −(dot product) of two sparse vectors
     * `[[indexes], [values]]` over their common indexes, whatever the metric (as the reference
     * answers). MISSING `v` → MISSING; `v` not a sparse vector → NULL.
     */
    name: 'SPARSE_VECTOR_DISTANCE',
    aliases: ['SPARSE_DISTANCE'],
    minArgs: 2,
    maxArgs: 4,
    nulls: 'custom',
    fn: ([v, q]) => {
      const query = sparse(q);
      if (!query) throw vectorError(ErrorCode.VECTOR_PARAMETER, 'Invalid parameter (query vector) specified for vector search function: not a sparse vector');
      if (v === undefined) return undefined;
      const doc = sparse(v);
      if (!doc) return null;
      let s = 0;
      for (const [i, x] of doc) s += x * (query.get(i) ?? 0);
      return -s + 0;
    },
  },
  {
    /**
     * ISVECTOR(v, dimension, "float32"): TRUE when `v` is an array of `dimension` numbers within
     * float32 range, else FALSE (MISSING and NULL `v` too). A dimension that is not a positive
     * integer is error 10512; a type other than "float32" (case-insensitive) error 10513.
     */
    name: 'ISVECTOR',
    minArgs: 3,
    maxArgs: 3,
    nulls: 'custom',
    fn: ([v, dim, type]) => {
      if (typeof dim !== 'number' || !Number.isInteger(dim) || dim <= 0) {
        throw vectorError(ErrorCode.VECTOR_DIMENSION, `IsVector() function has invalid dimension: ${dim === undefined ? 'missing' : JSON.stringify(dim)}`);
      }
      if (typeof type !== 'string' || type.toLowerCase() !== 'float32') {
        throw vectorError(ErrorCode.VECTOR_TYPE, "IsVector() function has invalid argument: 3rd argument must be 'float32'");
      }
      const f = float32Vector(v);
      return f !== null && f.length === dim;
    },
  },
  {
    /**
     * VECTOR_NORMALIZE(v): `v` divided by its Euclidean norm; NULL for a zero or empty vector,
     * a non-array, an element that is not a number or is outside float32 range, or a norm
     * that overflows. 'strict'.
     */
    name: 'VECTOR_NORMALIZE',
    aliases: ['VECTOR_NORMALISE', 'NORMALIZE_VECTOR', 'NORMALISE_VECTOR'],
    minArgs: 1,
    maxArgs: 1,
    nulls: 'strict',
    fn: ([v]) => {
      const f = float32Vector(v);
      if (!f || f.length === 0) return null;
      const norm = Math.sqrt(dot(f, f));
      return norm === 0 || !Number.isFinite(norm) ? null : f.map((x) => x / norm);
    },
  },
  {
    /**
     * ENCODE_VECTOR(v [, bigEndian]): the float32 values of `v` as base64 (little-endian unless
     * `bigEndian` is TRUE); NULL when `v` is not an array of numbers within float32 range or
     * `bigEndian` is not a boolean. 'strict'.
     */
    name: 'ENCODE_VECTOR',
    aliases: ['VECTOR_ENCODE'],
    minArgs: 1,
    maxArgs: 3,
    nulls: 'strict',
    fn: ([v, ...rest]) => {
      const f = float32Vector(v);
      if (!f || rest.length > 1 || (rest.length === 1 && typeof rest[0] !== 'boolean')) return null;
      const buf = Buffer.alloc(4 * f.length);
      f.forEach((x, i) => (rest[0] === true ? buf.writeFloatBE(x, 4 * i) : buf.writeFloatLE(x, 4 * i)));
      return buf.toString('base64');
    },
  },
  {
    /**
     * DECODE_VECTOR(s [, bigEndian]): the float32 values base64 text `s` holds; NULL when `s` is
     * not a string of valid base64 whose length is a multiple of 4 bytes, or `bigEndian` is not
     * a boolean. 'strict'.
     */
    name: 'DECODE_VECTOR',
    aliases: ['VECTOR_DECODE'],
    minArgs: 1,
    maxArgs: 3,
    nulls: 'strict',
    fn: ([s, ...rest]) => {
      if (typeof s !== 'string' || rest.length > 1 || (rest.length === 1 && typeof rest[0] !== 'boolean')) return null;
      if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s)) return null;
      const buf = Buffer.from(s, 'base64');
      if (buf.length % 4 !== 0) return null;
      const out: number[] = [];
      for (let i = 0; i < buf.length; i += 4) out.push(rest[0] === true ? buf.readFloatBE(i) : buf.readFloatLE(i));
      return out;
    },
  },
];
