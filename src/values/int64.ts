/**
 * Integers past 2^53: the reference (Go) keeps an integral number as an int64, so its integer
 * literals, integer arithmetic, TO_NUMBER of integer text and bitwise results are exact up to
 * ±2^63, where a double is exact only up to ±2^53. tokenql keeps every number as a double
 * (`number`) except an int64 that no double holds exactly, which is a JavaScript `bigint`. So a
 * `bigint` value is always an integer in (-2^63, 2^63) that is NOT exactly representable as a
 * double: it never equals any `number`, and safe integers stay `number` (fast paths and stored
 * documents are unchanged).
 *
 * An integral double in [-2^63, 2^63) counts as an int64 too (the reference turns an integral
 * float64 into an int64 value: `POWER(2, 62) + 1` is exact there), so integer arithmetic on two
 * such values is exact; a result past the int64 range is a double, as the reference's overflow
 * check gives it (`9223372036854775807 + 1` is 9223372036854775808.0).
 * Source: couchbase/query `value/int.go`, `value/float.go`, asked of the reference.
 */
import type { Value } from './value.js';
import { mapChildren } from './map-children.js';

/** 2^53: doubles hold every integer of smaller magnitude exactly. */
export const TWO_53 = 2 ** 53;
/** 2^63 as a double (the first integer past int64). */
export const TWO_63 = 2 ** 63;
const MAX_INT64 = 2n ** 63n - 1n;
const MIN_INT64 = -(2n ** 63n);

/** A N1QL number: a double, or an int64 past 2^53 (see the module comment). */
export type NumberValue = number | bigint;

/** True for a N1QL number (double or bigint). */
export function isNumber(v: Value): v is NumberValue {
  return typeof v === 'number' || typeof v === 'bigint';
}

/** A number as a double: a bigint becomes the nearest double (the reference's `float64(i)`). */
export function toDouble(v: NumberValue): number {
  return typeof v === 'number' ? v : Number(v);
}

/**
 * A value with every bigint (at any depth) replaced by its nearest double: what a consumer that
 * only knows doubles sees (JSON result output, JavaScript UDFs). The same object when it holds
 * no bigint.
 */
export function withDoubles(v: Value): Value {
  if (typeof v === 'bigint') return Number(v);
  if (v === null || typeof v !== 'object') return v;
  return mapChildren(v, withDoubles);
}

/**
 * The int64 of a value that is one: a bigint, or an integral double in [-2^63, 2^63); else
 * undefined. (The reference holds the literal -9223372036854775808 as a float, but -2^63 from
 * integer arithmetic or BITSHIFT(1, 63) as an int64: one double cannot be both, and tokenql
 * takes it as the int64.)
 */
export function int64Of(v: Value): bigint | undefined {
  if (typeof v === 'bigint') return v;
  return typeof v === 'number' && Number.isInteger(v) && v >= -TWO_63 && v < TWO_63 ? BigInt(v) : undefined;
}

/** True when `n` lies in the int64 range [-2^63, 2^63). */
export function inInt64Range(n: bigint): boolean {
  return n >= MIN_INT64 && n <= MAX_INT64;
}

/** An exact integer as a value: a `number` when a double holds it exactly, else the bigint. */
export function fromExact(n: bigint): NumberValue {
  const d = Number(n);
  return BigInt(d) === n ? d : n;
}

/** An int64 (any BigInt, wrapped to its low 64 bits, two's complement) as a value. */
export function fromWrapped(n: bigint): NumberValue {
  return fromExact(BigInt.asIntN(64, n));
}

const INTEGER_TEXT = /^[+-]?\d+$/;

/**
 * The value of decimal integer text (digits with an optional sign) as the reference reads it
 * (Go `strconv.ParseInt` first, then `ParseFloat`): exact within int64, else the nearest
 * double. Undefined when `text` is not integer text.
 */
export function parseInt64Text(text: string): NumberValue | undefined {
  if (!INTEGER_TEXT.test(text)) return undefined;
  const d = Number(text);
  if (Number.isSafeInteger(d)) return d === 0 ? 0 : d;
  const n = BigInt(text);
  return inInt64Range(n) ? fromExact(n) : d;
}

/** The exact decimal digits of an int64 value (a bigint, or an integral double in int64 range); undefined otherwise. */
export function int64Digits(v: NumberValue): string | undefined {
  const n = int64Of(v);
  return n === undefined ? undefined : n.toString();
}

/** The field that tags an int64 in JSON text written by {@link int64Replacer} (it starts with NUL: no N1QL name can). */
const INT64_FIELD = '\u0000int64';

/**
 * `JSON.stringify` replacer for trees that may hold bigints (ASTs, plans, keys made of them):
 * a bigint becomes `{"\u0000int64": "digits"}`, which {@link int64Reviver} turns back.
 * (`JSON.stringify` throws on a bare bigint.)
 */
export function int64Replacer(_k: string, v: unknown): unknown {
  return typeof v === 'bigint' ? { [INT64_FIELD]: v.toString() } : v;
}

/** `JSON.parse` reviver undoing {@link int64Replacer}. */
export function int64Reviver(_k: string, v: unknown): unknown {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const s = (v as Record<string, unknown>)[INT64_FIELD];
    if (typeof s === 'string') return BigInt(s);
  }
  return v;
}

/**
 * A JSON round trip of a tree (`JSON.parse(JSON.stringify(x), reviver)`) that keeps bigints:
 * the deep copy the planner makes of expressions, with `reviver` applied bottom-up as
 * `JSON.parse` applies it.
 */
export function jsonCopy<T>(x: T, reviver?: (key: string, value: any) => unknown): T {
  return JSON.parse(JSON.stringify(x, int64Replacer), reviver ? (k, v) => reviver(k, int64Reviver(k, v)) : int64Reviver) as T;
}
