import { ErrorCode, QueryError } from '../errors/index.js';
import { canonicalKey, collate, type ObjectValue, type Value } from '../values/index.js';

/**
 * INFER's schema inference (couchbase/query `infer/` and the docs' "INFER" page): documents are
 * grouped into flavors by how alike their top-level fields are, and each flavor is described as
 * a JSON schema with per-field statistics:
 *
 * - a flavor: `{"#docs", "$schema": "http://json-schema.org/draft-06/schema", "Flavor",
 *   "properties", "type": "object"}`; `Flavor` names a top-level field whose value is the same in
 *   every document of the flavor (`` `type` = "airline" ``), or is `""`;
 * - a field: `{"#docs", "%docs", "nestingDepth", "samples", "type"}` (+ `properties` for an
 *   object, `items`, `minItems`, `maxItems`, `sampleSize` for an array); a field that holds
 *   values of several types lists one entry per type in each of `#docs`, `%docs`, `samples`
 *   and `type`;
 * - a value that is not an object is a flavor of its own type, with `%docs`, `nestingDepth` and
 *   `samples` as a field has.
 *
 * Options (the `WITH` object): `sample_size` (documents read from a keyspace, default 1000),
 * `num_sample_values` (distinct sample values kept per field, default 5; 0 keeps none),
 * `similarity_metric` (0–1: how alike two documents' top-level field sets must be, as the
 * Jaccard index, to share a flavor; default 0.6), and the reference's `dictionary_threshold`,
 * `infer_timeout`, `max_schema_MB` and `flags`, accepted and not used. Another name raises 7000
 * "Invalid option 'name'".
 */
export interface InferOptions {
  sampleSize: number;
  numSampleValues: number;
  similarityMetric: number;
}

const SCHEMA = 'http://json-schema.org/draft-06/schema';
const ACCEPTED = new Set(['sample_size', 'num_sample_values', 'similarity_metric', 'dictionary_threshold', 'infer_timeout', 'max_schema_MB', 'flags']);

function invalidOption(name: string): QueryError {
  return new QueryError({ code: ErrorCode.INFER_OPTION, phase: 'execution', message: `Invalid option '${name}'` });
}

/** Reads INFER's `WITH` object (MISSING: the defaults). */
export function inferOptions(v: Value): InferOptions {
  const out: InferOptions = { sampleSize: 1000, numSampleValues: 5, similarityMetric: 0.6 };
  if (v === undefined) return out;
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw invalidOption(JSON.stringify(v));
  for (const [k, x] of Object.entries(v)) {
    if (!ACCEPTED.has(k)) throw invalidOption(k);
    const n = typeof x === 'number' && Number.isFinite(x) ? x : undefined;
    if (k === 'sample_size') {
      if (n === undefined || n < 1) throw invalidOption(k);
      out.sampleSize = Math.floor(n);
    } else if (k === 'num_sample_values') {
      if (n === undefined || n < 0) throw invalidOption(k);
      out.numSampleValues = Math.floor(n);
    } else if (k === 'similarity_metric') {
      if (n === undefined || n < 0 || n > 1) throw invalidOption(k);
      out.similarityMetric = n;
    }
  }
  return out;
}

/** The JSON type name of a value as a schema writes it. */
function typeName(v: Value): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  switch (typeof v) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    default:
      return 'object';
  }
}

const isObject = (v: Value): v is ObjectValue => v !== null && typeof v === 'object' && !Array.isArray(v);
const pct = (n: number, of: number) => Math.round((n / of) * 10000) / 100;

/** Up to `n` distinct values, in N1QL collation order. */
function samples(values: Value[], n: number): Value[] {
  const seen = new Map<string, Value>();
  for (const v of values) if (!seen.has(canonicalKey(v))) seen.set(canonicalKey(v), v);
  return [...seen.values()].sort(collate).slice(0, n);
}

/** The Jaccard index of two field-name sets (two empty sets are alike). */
function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let common = 0;
  for (const x of a) if (b.has(x)) common++;
  return common / (a.size + b.size - common);
}

/** Groups objects into flavors: each joins the first flavor whose fields are alike enough, else starts one. */
function flavorsOf(docs: ObjectValue[], metric: number): ObjectValue[][] {
  const groups: { fields: Set<string>; docs: ObjectValue[] }[] = [];
  for (const d of docs) {
    const fields = new Set(Object.keys(d));
    const g = groups.find((x) => similarity(x.fields, fields) >= metric);
    if (g) {
      g.docs.push(d);
      for (const f of fields) g.fields.add(f);
    } else groups.push({ fields, docs: [d] });
  }
  return groups.map((g) => g.docs).sort((a, b) => b.length - a.length);
}

/**
 * `` `f` = v, `g` = w `` for the top-level fields (name order) with one non-null scalar value in
 * every document, else "". The reference derives it from its samples, so it is "" when
 * `num_sample_values` is 0 (and it does not always list every such field: docs/system-keyspaces.md).
 */
function flavorText(docs: ObjectValue[], o: InferOptions): string {
  if (o.numSampleValues === 0) return '';
  const names = [...new Set(docs.flatMap((d) => Object.keys(d)))].sort();
  const parts: string[] = [];
  for (const n of names) {
    const first = docs[0]![n];
    if (first === undefined || first === null || typeof first === 'object') continue;
    if (docs.every((d) => d[n] === first)) parts.push(`\`${n}\` = ${JSON.stringify(first)}`);
  }
  return parts.join(', ');
}

/** The schema of one flavor of objects (its fields at `depth`). */
function objectFlavor(docs: ObjectValue[], o: InferOptions, depth: number): ObjectValue {
  return { '#docs': docs.length, $schema: SCHEMA, Flavor: flavorText(docs, o), properties: properties(docs, o, depth), type: 'object' };
}

/** The `properties` of a set of objects: each field described over the objects that have it. */
function properties(objs: ObjectValue[], o: InferOptions, depth: number): ObjectValue {
  const names = [...new Set(objs.flatMap((d) => Object.keys(d)))].sort();
  const out: ObjectValue = {};
  for (const n of names) {
    const values = objs.flatMap((d) => (d[n] === undefined ? [] : [d[n]!]));
    out[n] = field(values, objs.length, o, depth);
  }
  return out;
}

/** The `items` of a set of arrays: scalar element types as `{"type"}`, objects as flavors. */
function items(arrays: Value[][], o: InferOptions, depth: number): Value {
  const elements = arrays.flat();
  if (elements.length === 0) return {};
  const scalarTypes = [...new Set(elements.filter((e) => !isObject(e)).map(typeName))].sort();
  const objects = elements.filter(isObject);
  const out: Value[] = scalarTypes.map((t) => ({ type: t }));
  // Element flavors come fewest documents first, then fewest fields, then by field names (as the reference lists them).
  const fieldsOf = (f: ObjectValue[]) => [...new Set(f.flatMap((d) => Object.keys(d)))].sort();
  const flavors = flavorsOf(objects, o.similarityMetric).sort(
    (a, b) => a.length - b.length || fieldsOf(a).length - fieldsOf(b).length || fieldsOf(a).join('\u0000').localeCompare(fieldsOf(b).join('\u0000')),
  );
  for (const f of flavors) out.push(objectFlavor(f, o, depth + 2));
  return out.length === 1 && objects.length === 0 ? out[0]! : out;
}

/** The description of one type's values of a field. */
function typed(t: string, values: Value[], o: InferOptions, depth: number): ObjectValue {
  const out: ObjectValue = {};
  if (t === 'object') out.properties = properties(values as ObjectValue[], o, depth + 1);
  if (t === 'array') {
    const arrays = values as Value[][];
    out.items = items(arrays, o, depth);
    out.maxItems = Math.max(...arrays.map((a) => a.length));
    out.minItems = Math.min(...arrays.map((a) => a.length));
    out.sampleSize = 0;
  }
  return out;
}

/** A field (or a non-object top-level value) over `values`, of `total` documents. */
function field(values: Value[], total: number, o: InferOptions, depth: number): ObjectValue {
  const byType = new Map<string, Value[]>();
  for (const v of values) {
    const t = typeName(v);
    byType.set(t, [...(byType.get(t) ?? []), v]);
  }
  const types = [...byType.keys()].sort();
  const withSamples = o.numSampleValues > 0;
  if (types.length === 1) {
    const t = types[0]!;
    return {
      '#docs': values.length,
      '%docs': pct(values.length, total),
      nestingDepth: depth,
      ...typed(t, values, o, depth),
      ...(withSamples ? { samples: samples(values, o.numSampleValues) } : {}),
      type: t,
    };
  }
  const out: ObjectValue = {
    '#docs': types.map((t) => byType.get(t)!.length),
    '%docs': types.map((t) => pct(byType.get(t)!.length, total)),
    nestingDepth: depth,
  };
  for (const t of types) Object.assign(out, typed(t, byType.get(t)!, o, depth));
  if (withSamples) out.samples = types.map((t) => samples(byType.get(t)!, o.numSampleValues));
  out.type = types;
  return out;
}

/**
 * The flavors of a set of documents (a keyspace's sample, or INFER's one value): objects
 * grouped into flavors, most documents first; every other type of value one flavor per type.
 */
export function inferSchema(docs: Value[], o: InferOptions): Value[] {
  const objects = docs.filter(isObject);
  const out: Value[] = flavorsOf(objects, o.similarityMetric).map((f) => objectFlavor(f, o, 0));
  const others = new Map<string, Value[]>();
  for (const d of docs) if (!isObject(d)) others.set(typeName(d), [...(others.get(typeName(d)) ?? []), d]);
  for (const values of others.values()) out.push({ ...field(values, values.length, o, 0), '#docs': values.length, $schema: SCHEMA, Flavor: '' });
  return out;
}
