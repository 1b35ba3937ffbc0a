/**
 * Type-conversion functions. Reference: couchbase/query `expression/func_type_conv.go`.
 * All are 'custom': MISSING and NULL map to themselves (TO_NUMBER's optional second argument
 * has its own rule).
 */
import { isGoSpace } from '../../tokens/white-space.js';
import { isObject, parseInt64Text, TWO_53, TWO_63, type ObjectValue, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';

/**
 * A number as the reference writes it: an int64 (a bigint, or an integral double in
 * [-2^63, 2^63), which the reference holds as an int64) in exact decimal digits
 * (2^62 → "4611686018427387904"); any other double as Go `strconv.FormatFloat(f, 'f', -1, 64)`
 * writes it: the shortest digits that read back to the same double, never in exponent form
 * (1e21 → "1000000000000000000000").
 */
export function formatNumber(x: number | bigint): string {
  if (typeof x === 'bigint') return x.toString();
  if (Number.isInteger(x) && Math.abs(x) >= TWO_53 && x >= -TWO_63 && x < TWO_63) return BigInt(x).toString();
  if (Number.isNaN(x)) return 'NaN';
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : '-Inf';
  const s = String(x === 0 ? 0 : x);
  if (!s.includes('e')) return s;
  const [mant, expText] = x.toExponential().split('e');
  const neg = mant.startsWith('-');
  const digits = mant.replace(/^-/, '').replace('.', '');
  const exp = Number(expText);
  let body: string;
  if (exp >= digits.length - 1) body = digits + '0'.repeat(exp - digits.length + 1);
  else if (exp >= 0) body = `${digits.slice(0, exp + 1)}.${digits.slice(exp + 1)}`;
  else body = `0.${'0'.repeat(-exp - 1)}${digits}`;
  return neg ? `-${body}` : body;
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const HEX_FLOAT = /^([+-]?)0[xX]([0-9a-fA-F]*)\.?([0-9a-fA-F]*)[pP]([+-]?\d+)$/;

/**
 * Go `strconv.ParseFloat(s, 64)`, as the reference's TO_NUMBER uses it: decimal and hexadecimal
 * (`0x1p-2`) syntax, Go's digit-separating underscores (`1_000`, `0x_1p4`; not `_1`, `1__0`),
 * `NaN` (any case, no sign) and `Inf`/`Infinity` (any case, optional sign); no surrounding
 * space. A value out of the double range (an error in Go) gives undefined, as does bad syntax;
 * -0 gives 0. Source: Go `strconv/atof.go` (`special`, `readFloat`, `underscoreOK`).
 */
export function parseGoFloat(s: string): number | undefined {
  const special = SPECIAL.exec(s);
  if (special !== null) {
    if (special[2].toLowerCase() === 'nan') return special[1] === '' ? NaN : undefined;
    return special[1] === '-' ? -Infinity : Infinity;
  }
  if (s.includes('_')) {
    if (!underscoreOK(s)) return undefined;
    s = s.replace(/_/g, '');
  }
  let v: number;
  if (DECIMAL.test(s)) v = Number(s);
  else {
    const h = HEX_FLOAT.exec(s);
    if (h === null || h[2] + h[3] === '') return undefined;
    const mant = parseInt(h[2] + h[3], 16) / 16 ** h[3].length;
    v = mant * 2 ** Number(h[4]);
    if (h[1] === '-') v = -v;
  }
  return Number.isFinite(v) ? (v === 0 ? 0 : v) : undefined;
}

const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

/** Go `strconv.underscoreOK`: underscores only between digits (or after a base prefix). */
function underscoreOK(s: string): boolean {
  let saw = '^';
  let i = 0;
  if (s[0] === '+' || s[0] === '-') s = s.slice(1);
  let hex = false;
  if (s.length >= 2 && s[0] === '0' && 'bBoOxX'.includes(s[1])) {
    i = 2;
    saw = '0';
    hex = s[1] === 'x' || s[1] === 'X';
  }
  for (; i < s.length; i++) {
    const c = s[i];
    if ((c >= '0' && c <= '9') || (hex && /[a-fA-F]/.test(c))) saw = '0';
    else if (c === '_') {
      if (saw !== '0') return false;
      saw = '_';
    } else {
      if (saw === '_') return false;
      saw = '!';
    }
  }
  return saw !== '_';
}

/**
 * TO_NUMBER's second argument: drop white space and the characters of `strip`; a single ','
 * with no '.' is the decimal separator (the reference's `decimalCommaPos`).
 */
function stripNumber(s: string, strip: string): string {
  const res: string[] = [];
  let comma = -1;
  for (const r of s) {
    if (r === '.' && comma >= 0) comma = -2;
    if (isGoSpace(r.charCodeAt(0)) || (strip !== '' && strip.includes(r))) continue;
    if (r === ',') comma = comma === -1 ? res.length : -2;
    else if (r === '.') comma = -2;
    res.push(r);
  }
  if (comma >= 0) res[comma] = '.';
  return res.join('');
}

function toNumber(v: Value, hasStrip: boolean, strip: Value): Value {
  if (v === undefined || v === null || typeof v === 'number' || typeof v === 'bigint') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v !== 'string') return null;
  let s = v;
  if (hasStrip) {
    if (typeof strip !== 'string') return null;
    s = stripNumber(s, strip);
    if (s === '') return null;
  }
  // Integer text is read as an int64 first (exact past 2^53), as the reference's ParseInt.
  return parseInt64Text(s) ?? parseGoFloat(s) ?? null;
}

/** TO_ATOM: atoms are themselves; a one-element array or one-field object unwraps; else NULL. */
function toAtom(v: Value): Value {
  for (;;) {
    if (v === undefined || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      if (v.length !== 1) return null;
      v = v[0];
    } else {
      const names = Object.keys(v);
      if (names.length !== 1) return null;
      v = v[names[0]];
    }
  }
}

function unary(name: string, aliases: string[], fn: (v: Value) => Value): FunctionDef {
  return { name, aliases, minArgs: 1, maxArgs: 1, nulls: 'strict', fn: ([v]) => fn(v) };
}

export const convertFunctions: FunctionDef[] = [
  /** TO_ARRAY(v): arrays as they are, other values wrapped in a one-element array. */
  unary('TO_ARRAY', ['TOARRAY'], (v) => (v === undefined || v === null || Array.isArray(v) ? v : [v])),
  /** TO_ATOM(v): see `toAtom`. */
  unary('TO_ATOM', ['TOATOM'], toAtom),
  /**
   * TO_BOOLEAN(v): booleans as they are; 0 and NaN false, other numbers true; empty strings,
   * arrays and objects false, others true.
   */
  unary('TO_BOOLEAN', ['TO_BOOL', 'TOBOOLEAN', 'TOBOOL'], (v) => {
    if (v === undefined || v === null || typeof v === 'boolean') return v;
    if (typeof v === 'number') return v !== 0 && !Number.isNaN(v);
    if (typeof v === 'bigint') return true; // never 0: a bigint is past 2^53
    if (typeof v === 'string' || Array.isArray(v)) return v.length > 0;
    return Object.keys(v).length > 0;
  }),
  {
    /**
     * TO_NUMBER(v [, strip]): numbers as they are; FALSE 0, TRUE 1; strings in Go number
     * syntax parsed (else NULL); arrays and objects NULL. With `strip` (must be a string, else
     * NULL), white space and those characters are removed first.
     */
    name: 'TO_NUMBER',
    aliases: ['TO_NUM', 'TONUMBER', 'TONUM'],
    minArgs: 1,
    maxArgs: 2,
    nulls: 'custom',
    fn: (args) => toNumber(args[0], args.length > 1, args[1]),
  },
  /** TO_OBJECT(v): objects as they are, any other value the empty object. */
  unary('TO_OBJECT', ['TO_OBJ', 'TOOBJECT', 'TOOBJ'], (v): Value =>
    v === undefined || v === null || isObject(v) ? v : ({} as ObjectValue),
  ),
  /**
   * TO_STRING(v): strings as they are, booleans "true"/"false", numbers in plain decimal
   * (Go `FormatFloat(f, 'f', -1)`); arrays and objects NULL (the reference does not encode them).
   */
  unary('TO_STRING', ['TO_STR', 'TOSTRING', 'TOSTR'], (v) => {
    if (v === undefined || v === null || typeof v === 'string') return v;
    if (typeof v === 'boolean') return String(v);
    if (typeof v === 'number' || typeof v === 'bigint') return formatNumber(v);
    return null;
  }),
];
