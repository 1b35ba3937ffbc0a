import type { Value } from './value.js';
import { mapChildren } from './map-children.js';

/**
 * The JSON text of a number that is not finite, as the reference writes it: the strings
 * `"NaN"`, `"+Infinity"` and `"-Infinity"` (couchbase/query `value/float.go` `MarshalJSON`).
 */
export function nonFiniteText(x: number): string {
  return Number.isNaN(x) ? 'NaN' : x > 0 ? '+Infinity' : '-Infinity';
}

/**
 * `JSON.stringify` replacer writing NaN and ±Infinity as the reference's strings and an int64
 * past 2^53 (a bigint) as its nearest double, as the reference's result output prints it
 * (`SELECT 9007199254740993` shows 9007199254740992).
 */
function nonFiniteReplacer(_k: string, x: unknown): unknown {
  if (typeof x === 'bigint') return Number(x);
  return typeof x === 'number' && !Number.isFinite(x) ? nonFiniteText(x) : x;
}

/**
 * Serialises a value as JSON text. MISSING fields are left out (as `JSON.stringify` does for
 * `undefined`), a top-level MISSING serialises as the empty string's absence: callers drop it.
 * NaN and ±Infinity serialise as the strings `"NaN"`, `"+Infinity"`, `"-Infinity"`, as the
 * reference writes them (couchbase/query `value/float.go` `MarshalJSON`); an int64 past 2^53 as
 * its nearest double, as the reference's result output prints it.
 * @param indent spaces per level for pretty output (0: compact)
 */
export function toJSON(v: Value, indent = 0): string {
  if (v === undefined) return '';
  return JSON.stringify(v, nonFiniteReplacer, indent || undefined);
}

/**
 * A value as the reference's JSON output shows it: NaN and ±Infinity (at any depth) become the
 * strings {@link nonFiniteText} gives, a MISSING array element becomes null, an int64 past 2^53
 * (a bigint) its nearest double (as the reference's result output prints it); everything else
 * is returned as is (the same object when nothing changes). For comparing results with the
 * reference's JSON answers and for writers that do not go through {@link toJSON}. Mutations
 * store documents through it too, so a stored document never holds a bigint (a document read
 * from JSON text holds doubles only; docs/compatibility.md).
 */
export function toOutputValue(v: Value): Value {
  if (typeof v === 'number') return Number.isFinite(v) ? v : nonFiniteText(v);
  if (typeof v === 'bigint') return Number(v);
  if (v === null || typeof v !== 'object') return v;
  return mapChildren(v, outputChild);
}

/** An element (MISSING becomes null) or field value of a value being output. */
const outputChild = (x: Value, inArray: boolean): Value => (inArray && x === undefined ? null : toOutputValue(x));

/** Size in bytes of the UTF-8 JSON text of a value (for `metrics.resultSize`). */
export function jsonSize(v: Value): number {
  return Buffer.byteLength(toJSON(v), 'utf8');
}

/**
 * A deep copy of a JSON value (much cheaper than `structuredClone` for plain data). Fields whose
 * value is `undefined` (MISSING) are left out and MISSING array elements become null, as JSON
 * would.
 *
 * Objects are copied with spread, which gives the copy the original's hidden class (V8): adding
 * the fields one by one with computed names turns an object of more than 16 fields into a
 * dictionary (slow properties), and every later read of it, by queries and index builds, pays
 * for that (a generated hotel document of 27 fields was read about twice as slowly). Spread
 * defines a field named `__proto__` as a plain field, as `JSON.parse` does.
 */
export function cloneValue<T extends Value>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out = new Array(v.length);
    // A MISSING element (kept by array constructors) is stored as null, as JSON writes it.
    for (let i = 0; i < v.length; i++) out[i] = v[i] === undefined ? null : cloneValue(v[i]);
    return out as T;
  }
  const out: Record<string, Value> = { ...(v as Record<string, Value>) };
  let missing = false;
  for (const k in out) {
    const x = out[k];
    if (x === undefined) missing = true;
    // `out` has its own field `__proto__` if any, so this assignment cannot set the prototype.
    else if (typeof x === 'object' && x !== null) out[k] = cloneValue(x);
  }
  return (missing ? withoutMissing(out) : out) as T;
}

/** `o` without its fields whose value is `undefined` (rare: only values built in JavaScript have them). */
function withoutMissing(o: Record<string, Value>): Record<string, Value> {
  return Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Record<string, Value>;
}

/**
 * Freezes a value and everything in it, so documents held by the store cannot be changed
 * through the rows a query returns. Returns the value.
 */
export function deepFreeze<T extends Value>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    if (Array.isArray(v)) for (const x of v) deepFreeze(x);
    else for (const k in v) deepFreeze((v as Record<string, Value>)[k]);
  }
  return v;
}

function holdsMissingElement(v: Value): boolean {
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.some((x) => x === undefined || holdsMissingElement(x));
  for (const k in v) if (holdsMissingElement((v as Record<string, Value>)[k])) return true;
  return false;
}

/**
 * `v` as a result value: MISSING elements of arrays (which array constructors keep, so that
 * `TYPE([MISSING][0])` is "missing") become null, as the reference writes them; `v` itself
 * when it holds none (no copy).
 */
export function missingElementsAsNull<T extends Value>(v: T): T {
  return holdsMissingElement(v) ? cloneValue(v) : v;
}
