import type { FunctionDef } from './function-def.js';
/**
 * Small helpers shared by the scalar function families: Go-compatible text handling (the
 * reference is written in Go, so its strings are UTF-8 bytes and its case mapping is
 * per code point), integer checks and the reference's unsigned zero of function results.
 */
import { evaluationError } from '../../errors/index.js';
import { foldCase } from '../../tokens/case-fold.js';
import { isGoSpace, trimSpace } from '../../tokens/white-space.js';
import { kindOf, Kind, type Value } from '../../values/index.js';

/** Go `strings.Fields`: the non-empty runs between Go white space (`unicode.IsSpace`). */
export function goFields(s: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < s.length) {
    while (i < s.length && isGoSpace(s.charCodeAt(i))) i++;
    const from = i;
    while (i < s.length && !isGoSpace(s.charCodeAt(i))) i++;
    if (i > from) out.push(s.slice(from, i));
  }
  return out;
}

/** Go `strings.TrimSpace`. */
export const goTrimSpace = trimSpace;

/** True for a finite number with no fractional part (the reference's `f == math.Trunc(f)`). */
export function isInt(v: Value): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

/**
 * A function's number result as the reference's `value.NewValue(float64)` gives it: -0 becomes
 * +0 (NaN and ±Infinity stay). Arithmetic operators keep -0 (`-1.5 * 0`), functions do not.
 */
export function unsignedZero(n: number): number {
  return n === 0 ? 0 : n;
}

export function isString(v: Value): v is string {
  return typeof v === 'string';
}

export function isArrayValue(v: Value): v is Value[] {
  return kindOf(v) === Kind.ARRAY;
}

/** Number of UTF-8 bytes of a string (Go `len(s)`). */
export function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** The UTF-8 byte offset of a UTF-16 index into `s`. */
export function utf8Offset(s: string, index: number): number {
  return index <= 0 ? 0 : Buffer.byteLength(s.slice(0, index), 'utf8');
}

/** Number of code points of a string (Go `utf8.RuneCountInString`). */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) n++;
    else {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
      n++;
    }
  }
  return n;
}

function isContinuation(b: number | undefined): boolean {
  return b !== undefined && (b & 0xc0) === 0x80;
}

/**
 * Go `s[start:end]` on the UTF-8 bytes of `s`. Bytes of a character cut by either bound are
 * invalid UTF-8 in Go and come out of its JSON encoder as one U+FFFD each; so do they here.
 */
export function utf8Slice(s: string, start: number, end: number): string {
  const buf = Buffer.from(s, 'utf8');
  let from = start;
  while (from < end && isContinuation(buf[from])) from++;
  let to = end;
  if (to < buf.length && isContinuation(buf[to])) {
    while (to > from && isContinuation(buf[to])) to--;
  }
  if (to < from) to = from;
  return '\ufffd'.repeat(from - start) + buf.toString('utf8', from, to) + '\ufffd'.repeat(end - to);
}

/** Go `strings.ToLower`: simple per-code-point mapping, no locale, no final-sigma rule. */
export function goLower(s: string): string {
  return foldCase(s, 'lower', false);
}

/** Go `strings.ToUpper`: simple per-code-point mapping (`ß` stays `ß`). */
export function goUpper(s: string): string {
  return foldCase(s, 'upper', false);
}

/**
 * The reference's cap on the estimated size (`Value.Size()`, see value-size.ts) of a value that
 * ARRAY_RANGE, ARRAY_REPEAT and REPEAT build: 20 MiB. There is no separate element count limit.
 */
export const MAX_RESULT_BYTES = 20 * 1024 * 1024;

/**
 * Raises when `size` (element count × element size) is over MAX_RESULT_BYTES: error 5010 with the
 * reference's inner message, e.g. "Size of array_range() result exceeds limit (160000000 >
 * 20971520)." (the reference wraps it as its E_SIZE_ERROR 5037 reason of 5010).
 * Source: couchbase/query `expression/func_array.go` `ArrayRange`, asked of the reference.
 */
export function checkResultSize(fn: string, size: number): void {
  if (size > MAX_RESULT_BYTES) throw evaluationError(`Size of ${fn} result exceeds limit (${size} > ${MAX_RESULT_BYTES}).`);
}

/**
 * A `'strict'` function (MISSING/NULL arguments handled by the registry) whose arguments must
 * pass `accepts`, else the result is NULL (the reference's rule for wrong-typed arguments).
 */
export function strictFn(
  name: string,
  minArgs: number,
  maxArgs: number,
  accepts: (args: Value[]) => boolean,
  body: (args: Value[]) => Value,
  aliases?: string[],
): FunctionDef {
  return { name, aliases, minArgs, maxArgs, nulls: 'strict', fn: (args) => (accepts(args) ? body(args) : null) };
}
