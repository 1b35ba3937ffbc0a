/**
 * The scalar grammar of the cluster admin API (spec compaction-reference §0.6) and the
 * validation messages of §0.7.
 */

/** A numeric setting: a number, or the literal string "undefined" (switched off). */
export type Num = number | 'undefined';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** Removes leading and trailing ASCII spaces (not tabs). */
function trimSpaces(s: string): string {
  return s.replace(/^ +| +$/g, '');
}

const INTEGER = /^[+-]?[0-9]+$/;
const ERLANG_FLOAT = /^[+-]?[0-9]+\.[0-9]+(?:[eE][+-]?[0-9]+)?$/;

/** Shortest decimal form of a bound, `infinity` for no bound. */
export function showNumber(n: number): string {
  return n === Infinity ? 'infinity' : String(n);
}

function rangeCheck(value: number, human: string, min: number, max: number): Checked<number> {
  const range = `Allowed range is ${showNumber(min)} - ${showNumber(max)}`;
  if (value < min) return { ok: false, error: `${human} is too small. ${range}` };
  if (value > max) return { ok: false, error: `${human} is too large. ${range}` };
  return { ok: true, value };
}

/**
 * An integer field: spaces trimmed, optional sign, digits. `undefined` is accepted without a
 * range check when `allowUndefined`.
 */
export function checkInteger(raw: string, human: string, min: number, max: number, allowUndefined = true): Checked<Num> {
  if (allowUndefined && raw === 'undefined') return { ok: true, value: 'undefined' };
  const s = trimSpaces(raw);
  if (!INTEGER.test(s)) return { ok: false, error: `${human} must be an integer` };
  return rangeCheck(Number(s), human, min, max);
}

/** The number field (`purgeInterval`): the integer grammar, else the Erlang float grammar. */
export function checkNumber(raw: string, human: string, min: number, max: number): Checked<Num> {
  if (raw === 'undefined') return { ok: true, value: 'undefined' };
  const s = trimSpaces(raw);
  if (!INTEGER.test(s) && !ERLANG_FLOAT.test(s)) return { ok: false, error: `${human} must be a number` };
  return rangeCheck(Number(s), human, min, max);
}

/** A boolean field: exactly `true` or `false`; otherwise `<name> is invalid`. */
export function checkBoolean(raw: string, name: string): Checked<boolean> {
  if (raw === 'true') return { ok: true, value: true };
  if (raw === 'false') return { ok: true, value: false };
  return { ok: false, error: `${name} is invalid` };
}
