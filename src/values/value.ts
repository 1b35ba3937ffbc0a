/**
 * N1QL values as plain JavaScript values, so that documents parsed with `JSON.parse`
 * are values without conversion.
 *
 * - MISSING is `undefined` (exported as {@link MISSING}); NULL is `null`.
 * - Arrays never contain MISSING (constructors turn a MISSING element into NULL, as the
 *   reference does when it marshals an array), objects never hold a MISSING field.
 * - Numbers are IEEE doubles, NaN and ±Infinity included (the reference has them too; its JSON
 *   output writes them as the strings "NaN", "+Infinity", "-Infinity": see json.ts), except an
 *   int64 that no double holds exactly (|n| > 2^53), which is a `bigint` (see int64.ts).
 *
 * Source: couchbase/query `value/value.go` (type order), DESIGN §4.
 */
export type Value = undefined | null | boolean | number | bigint | string | Value[] | ObjectValue;

/** A JSON object value. Field order is insertion order; collation sorts names. */
export interface ObjectValue {
  [name: string]: Value;
}

/** The MISSING value. */
export const MISSING = undefined;

/** Value kinds in collation order (spec: MISSING < NULL < FALSE < TRUE < NUMBER < STRING < ARRAY < OBJECT). */
export const enum Kind {
  MISSING = 0,
  NULL = 1,
  BOOLEAN = 2,
  NUMBER = 3,
  STRING = 4,
  ARRAY = 5,
  OBJECT = 6,
}

/** The kind of a value. */
export function kindOf(v: Value): Kind {
  switch (typeof v) {
    case 'undefined':
      return Kind.MISSING;
    case 'boolean':
      return Kind.BOOLEAN;
    case 'number':
    case 'bigint':
      return Kind.NUMBER;
    case 'string':
      return Kind.STRING;
    default:
      if (v === null) return Kind.NULL;
      return Array.isArray(v) ? Kind.ARRAY : Kind.OBJECT;
  }
}

/** N1QL `TYPE()` names, indexed by {@link Kind}. */
export const TYPE_NAMES = ['missing', 'null', 'boolean', 'number', 'string', 'array', 'object'] as const;

/** The N1QL type name of a value (`TYPE(v)`). */
export function typeName(v: Value): string {
  return TYPE_NAMES[kindOf(v)];
}

export function isMissing(v: Value): v is undefined {
  return v === undefined;
}

/** True for any value other than MISSING and NULL. */
export function isValued(v: Value): boolean {
  return v !== undefined && v !== null;
}

export function isObject(v: Value): v is ObjectValue {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isArray(v: Value): v is Value[] {
  return Array.isArray(v);
}

/**
 * N1QL truth of a value in a condition (`WHERE`, `AND`, `CASE WHEN` …): MISSING and NULL are
 * not true, booleans are themselves, numbers are true unless 0 (or NaN), strings unless empty,
 * arrays and objects unless empty. Source: couchbase/query `value/*.go` `Truth()`.
 */
export function truth(v: Value): boolean {
  switch (typeof v) {
    case 'undefined':
      return false;
    case 'boolean':
      return v;
    case 'number':
      return v !== 0 && !Number.isNaN(v);
    case 'bigint':
      return v !== 0n;
    case 'string':
      return v.length > 0;
    default:
      if (v === null) return false;
      if (Array.isArray(v)) return v.length > 0;
      for (const _ in v) return true;
      return false;
  }
}

/** Turns MISSING into NULL, for array elements. */
export function missingToNull(v: Value): Value {
  return v === undefined ? null : v;
}

/** True when a number NaN occurs anywhere in `v`. */
export function containsNaN(v: Value): boolean {
  if (typeof v === 'number') return Number.isNaN(v);
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.some(containsNaN);
  for (const k in v) if (containsNaN(v[k])) return true;
  return false;
}
