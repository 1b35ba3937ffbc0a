/**
 * TOKENS options objects as written in N1QL (spec §3, §10.2). An options object is kept as
 * ordered `[key, value text]` pairs so that key order, `1` vs `1.0` and `"UPPER"` vs `"upper"`
 * survive into the statement text.
 *
 *   tokenOptions()                  → undefined (omitted) | [] ({}) | [['case', '"lower"'], ['specials', 'true']] …
 *   tokenOptions({ invalid: false }) → only known keys with well-typed values
 *   printOptions([['case', '"UPPER"']]) → ', {"case": "UPPER"}'
 */
import fc from 'fast-check';
import { equivalent, type ObjectValue, type Value } from '../index.js';

/** An options object as written: ordered [key, value text] pairs; undefined = the argument is omitted. */
export type Options = [key: string, value: string][];

const VALID: Record<string, string[]> = {
  case: ['"lower"', '"upper"'],
  split: ['true', 'false'],
  trim: ['true', 'false'],
  specials: ['true', 'false'],
  names: ['true', 'false'],
};

/** Valid values plus capitalised case values, wrong types and unknown / misspelt keys. */
const WITH_INVALID: Record<string, string[]> = {
  case: ['"lower"', '"upper"', '"UPPER"', '"Lower"', '1'],
  split: ['true', 'false', '0'],
  trim: ['true', 'false'],
  specials: ['true', 'false', '"true"'],
  names: ['true', 'false'],
  bogus: ['1', '1.0'],
  Case: ['"lower"'],
};

/** Options of {@link tokenOptions}. */
export interface TokenOptionsOptions {
  /** Include unknown keys, wrong types and `"UPPER"`/`"Lower"` (default true). */
  invalid?: boolean;
  /** Include the omitted argument (undefined) and `{}` (default true). */
  empty?: boolean;
}

/** Options: omitted (undefined), `{}`, or a random subset of keys with random values. */
export function tokenOptions(o: TokenOptionsOptions = {}): fc.Arbitrary<Options | undefined> {
  const values = o.invalid === false ? VALID : WITH_INVALID;
  const some = fc
    .subarray(Object.keys(values), { minLength: 1, maxLength: 3 })
    .chain((keys) => fc.tuple(...keys.map((k) => fc.constantFrom(...values[k]).map((v): [string, string] => [k, v]))));
  if (o.empty === false) return some;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant([] as Options) },
    { weight: 5, arbitrary: some },
  );
}

/** The default options generator (invalid values included). */
export const options: fc.Arbitrary<Options | undefined> = tokenOptions();

/** `, {…}` or nothing: the options argument of a call. */
export function printOptions(o: Options | undefined): string {
  return o === undefined ? '' : `, {${o.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(', ')}}`;
}

/** The options as a JSON object (what the engine receives); undefined when omitted. */
export function optionsValue(o: Options | undefined): ObjectValue | undefined {
  return o === undefined ? undefined : (Object.fromEntries(o.map(([k, v]) => [k, JSON.parse(v) as Value])) as ObjectValue);
}

/** An equivalent options object (spec §10.2): keys in another order, 1 ↔ 1.0. */
export const equivalentOptions = (o: Options | undefined): fc.Arbitrary<Options | undefined> =>
  o === undefined
    ? fc.constant(undefined)
    : fc.shuffledSubarray(o, { minLength: o.length, maxLength: o.length }).map((pairs) =>
        pairs.map(([k, v]): [string, string] => [k, v === '1' ? '1.0' : v === '1.0' ? '1' : v]),
      );

/**
 * A deliberately non-equivalent options object (spec §10.2 consequences): `{}` for omitted and
 * back, a changed case (`"UPPER"` ↔ `"upper"`), an extra unknown key, a dropped key, a flipped boolean.
 */
export function differentOptions(o: Options | undefined): fc.Arbitrary<Options | undefined> {
  if (o === undefined) return fc.constantFrom<Options>([], [['split', 'true'], ['names', 'true']], [['case', '"lower"']]);
  const extra = o.some(([k]) => k === 'bogus') ? 'unknown' : 'bogus';
  const changes: fc.Arbitrary<Options | undefined>[] = [fc.constant(undefined), fc.constant([...o, [extra, '1'] as [string, string]])];
  if (o.length > 0) changes.push(fc.constant(o.slice(1)));
  const i = o.findIndex(([k]) => k === 'case');
  if (i >= 0) {
    const v = o[i][1];
    const flipped = v === v.toUpperCase() ? v.toLowerCase() : v.toUpperCase();
    if (flipped !== v) changes.push(fc.constant(o.map((p, j): [string, string] => (j === i ? [p[0], flipped] : p))));
  }
  const b = o.findIndex(([, v]) => v === 'true' || v === 'false');
  if (b >= 0) changes.push(fc.constant(o.map((p, j): [string, string] => (j === b ? [p[0], p[1] === 'true' ? 'false' : 'true'] : p))));
  return fc.oneof(...changes);
}

/** An oracle of options equivalence: true when an index on `TOKENS(e, a)` serves `TOKENS(e, b)`. */
export type OptionsEquivalence = (a: Options | undefined, b: Options | undefined) => boolean;

/**
 * The spec §10.2 rule: both omitted, or both given with the same key set and equivalent values
 * (strings byte-exact, numbers numerically, booleans exactly). `{}` ≢ omitted, `"UPPER"` ≢ `"upper"`.
 */
export const optionsEquivalent: OptionsEquivalence = (a, b) => {
  if (a === undefined || b === undefined) return a === b;
  const x = optionsValue(a)!;
  const y = optionsValue(b)!;
  const kx = Object.keys(x);
  return kx.length === Object.keys(y).length && kx.every((k) => k in y && equivalent(x[k], y[k]));
};
