/**
 * JSON documents for token queries: nested arrays and objects, 1 vs 1.0, null, booleans,
 * missing fields, and awkward text (spec §4) everywhere, field names included.
 *
 *   documents()                                   → { name?, tags?, info?: { title?, "first name"? }, email?, n? }
 *   documents({ fields: ['title', 'body'] })      → { title?: any, body?: any } (values up to `depth`)
 *   documents({ fields: { sku: fc.string() } })   → { sku?: string }
 */
import fc from 'fast-check';
import type { ObjectValue, Value } from '../index.js';
import { text } from './text.js';

/** The keyspace of the built-in scenarios. */
export const KEYSPACE = 'ks';

/** Top-level fields of the default documents (all optional). */
export const TOP_FIELDS = ['name', 'tags', 'info', 'email', 'n'] as const;

/** Paths of the default documents that indexes and predicates refer to. */
export const FIELD_PATHS = ['name', 'tags', 'info', 'email', 'n', 'info.title'] as const;

/** Numbers with the awkward cases: 1 and 1.0 (one token), negatives, floats. */
export const numberValue: fc.Arbitrary<Value> = fc.constantFrom<Value>(0, 1, 1.0, 2, 2.5, -3, 10, 408, 1e3);

/** Options of {@link jsonValue}. */
export interface JsonValueOptions {
  /** Strings (default: {@link text}). */
  text?: fc.Arbitrary<string>;
  /** Nesting depth (default 3). */
  depth?: number;
  /** Numbers (default: {@link numberValue}). */
  numbers?: fc.Arbitrary<Value>;
}

/** Any JSON value, nested up to `depth`; object field names are awkward text too. */
export function jsonValue(options: JsonValueOptions = {}): fc.Arbitrary<Value> {
  const str = options.text ?? text;
  const scalar: fc.Arbitrary<Value> = fc.oneof(
    { weight: 6, arbitrary: str },
    { weight: 2, arbitrary: options.numbers ?? numberValue },
    { weight: 1, arbitrary: fc.constantFrom<Value>(null, true, false, '1', '10') },
  );
  return fc.letrec<{ v: Value }>((tie) => ({
    v: fc.oneof(
      { depthSize: 'small', withCrossShrink: true, maxDepth: options.depth ?? 3 },
      scalar,
      fc.array(tie('v'), { maxLength: 3 }),
      fc.dictionary(fc.oneof(fc.constantFrom('title', 'first name', 'k'), str), tie('v'), { maxKeys: 3 }),
    ),
  })).v;
}

/** The default nested value. */
export const anyValue: fc.Arbitrary<Value> = jsonValue();

const fieldValue: Record<(typeof TOP_FIELDS)[number], fc.Arbitrary<Value>> = {
  name: fc.oneof({ weight: 5, arbitrary: text }, { weight: 1, arbitrary: anyValue }),
  tags: fc.oneof({ weight: 4, arbitrary: fc.array(fc.oneof(text, numberValue, fc.array(text, { maxLength: 2 })), { maxLength: 4 }) }, { weight: 1, arbitrary: anyValue }),
  info: fc.oneof(
    { weight: 4, arbitrary: fc.record({ title: fc.oneof(text, numberValue), 'first name': anyValue }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: anyValue },
  ),
  email: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('jim@abc.com', 'Kim@ABC.com, kim@abc.com', 'http://abc.com/x,', '408-555-1212', ' call 408-555-1212 ') },
    { weight: 2, arbitrary: text },
  ),
  n: fc.oneof({ weight: 4, arbitrary: numberValue }, { weight: 1, arbitrary: anyValue }),
};

/** The shape of generated documents. */
export interface DocumentShape extends JsonValueOptions {
  /** Field names (values: {@link jsonValue} of this shape), or one arbitrary per field. Default: {@link TOP_FIELDS}. */
  fields?: readonly string[] | Readonly<Record<string, fc.Arbitrary<Value>>>;
  /** Fields present in every document (default: none, missing fields are common). */
  requiredFields?: readonly string[];
}

/** Documents of a shape: objects with a random subset of the fields. */
export function documents(shape: DocumentShape = {}): fc.Arbitrary<ObjectValue> {
  const given = shape.fields;
  let model: Record<string, fc.Arbitrary<Value>>;
  if (given === undefined) model = fieldValue;
  else if (Array.isArray(given)) {
    const v = jsonValue(shape);
    model = Object.fromEntries((given as readonly string[]).map((f) => [f, v]));
  } else model = { ...(given as Record<string, fc.Arbitrary<Value>>) };
  return fc.record(model, { requiredKeys: [...(shape.requiredFields ?? [])] }) as fc.Arbitrary<ObjectValue>;
}

/** The default document (see the module comment). */
export const doc: fc.Arbitrary<ObjectValue> = documents();

/** A value for `UPDATE … SET f = value` on the default documents. */
export const setValue = (field: string): fc.Arbitrary<Value> =>
  field === 'info.title' ? fc.oneof(text, numberValue) : fieldValue[field as (typeof TOP_FIELDS)[number]] ?? anyValue;

/** A N1QL literal for a JSON value (a double-quoted N1QL string accepts JSON's escapes); MISSING for undefined. */
export function literal(v: Value): string {
  return JSON.stringify(v) ?? 'MISSING';
}
