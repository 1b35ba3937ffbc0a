/**
 * REDACT(o [, filter1, …]): a copy of the object `o` with values (and optionally names) masked,
 * for sharing documents without their data. Reference: couchbase/query
 * `expression/func_redact.go`; every rule below was checked against the reference engine and its
 * suite (`test/gsi/test_cases/redact_function`).
 *
 * Values: in a string each letter, digit or other character that is not punctuation, a symbol
 * or a space separator becomes the next character of the mask (default `x`, cycling by
 * character position; the mask is read byte by byte, as the reference does); a string of at
 * most 30 characters that reads as a date (2025-01-10, 2025-01-10T10:00:00Z, 10:00:00 …)
 * keeps its shape with every such character `1`. A number has each digit made 1 (in Go's `%g`
 * form for non-integers: 250.75 → 111.11, 1e21 → 1e11). Booleans and NULL stay.
 * Options of a filter (objects after `o`): `pattern` (text, a regular expression unless
 * `"regex": false`; `exact`, `ignorecase` as in name-pattern.ts; a non-string pattern is used as
 * its text), `name` (replace matching names with `fNNNN`, their position among the object's
 * sorted names, prefixed by the parent's new name and `_`), `omit` (drop matching fields),
 * `exclude` (redact what does NOT match), `strict` (every character masked, dates included;
 * booleans become false), `fixedlength` (a string becomes the mask itself, a number 0) and
 * `mask` (the mask text; ignored unless a string). The first filter whose pattern matches a
 * field name decides; a field that matches is redacted with all it contains; without filters
 * (or with only empty patterns) every field matches.
 *
 * MISSING `o` → MISSING, NULL → NULL; any other value that is not an object is redacted as the
 * value of a field named "" (`REDACT(0)` is 1, `REDACT("日本")` "xx"); a MISSING filter →
 * MISSING, a non-object one → NULL.
 */
import { isObject, sortedNames, type ObjectValue, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { boolOption, quoteMeta } from './name-pattern.js';
import { compileRegexp } from '../../tokens/patterns.js';
import { goLower } from './support.js';

interface Filter {
  match?: (name: string) => boolean;
  name?: boolean;
  strict?: boolean;
  omit: boolean;
  exclude: boolean;
}

/** How one field is treated: value redacted, name replaced, strict masking, left out. */
interface Treatment {
  value: boolean;
  name: boolean;
  strict: boolean;
  omit: boolean;
}

interface Settings {
  filters: Filter[];
  mask: Buffer;
  fixedLength: boolean;
}

/** A filter's pattern as Go's `Value.ToString()` writes it (strings without quotes). */
function patternText(p: Value): string {
  return typeof p === 'string' ? p : JSON.stringify(p);
}

function filterOf(options: ObjectValue): Filter | undefined {
  const f: Filter = {
    name: boolOption(options, 'name'),
    strict: boolOption(options, 'strict'),
    omit: boolOption(options, 'omit') === true,
    exclude: boolOption(options, 'exclude') === true,
  };
  if (!Object.hasOwn(options, 'pattern')) return f;
  let pattern = patternText(options.pattern);
  if (pattern === '') return undefined;
  if (boolOption(options, 'regex') === false) pattern = quoteMeta(pattern);
  const ignoreCase = boolOption(options, 'ignorecase') === true;
  if (ignoreCase) pattern = goLower(pattern);
  const re = compileRegexp(pattern, boolOption(options, 'exact') === true ? 'full' : 'search');
  f.match = (n) => re.test(ignoreCase ? goLower(n) : n);
  return f;
}

function treatment(name: string, filters: Filter[], inherited: Treatment): Treatment {
  let exclusion: Filter | undefined;
  for (const f of filters) {
    const hit = f.match === undefined || f.match(name);
    if (f.exclude) {
      if (hit) return { value: false, name: false, strict: inherited.strict, omit: false };
      exclusion ??= f;
      continue;
    }
    if (hit) return { value: true, name: f.name ?? inherited.name, strict: f.strict ?? inherited.strict, omit: f.omit };
  }
  if (exclusion) return { value: true, name: exclusion.name ?? inherited.name, strict: exclusion.strict ?? inherited.strict, omit: false };
  return { ...inherited, omit: false };
}

/** Go `%g` of a float64 (shortest digits): exponent form below 1e-4 or from 1e6 on, two-digit exponent. */
function goG(x: number): string {
  const exp = x === 0 ? 0 : Number(x.toExponential().split('e')[1]);
  if (exp < -4 || exp >= 6) {
    return x.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  }
  return String(x);
}

function redactNumber(x: number, s: Settings): number {
  if (s.fixedLength) return 0;
  // Integers (within int64) are written in full, as Go's `%v` of an int64.
  const text = Number.isInteger(x) && Math.abs(x) < 2 ** 63 ? String(x) : goG(x);
  return Number(text.replace(/[0-9]/g, '1'));
}

const DAY_MS = 86_400_000;

function validDate(y: string, m: string, d: string): boolean {
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return false;
  const days = (Date.UTC(Number(y), month, 1) - Date.UTC(Number(y), month - 1, 1)) / DAY_MS;
  return day <= days;
}

function validTime(h: string, mi: string, s: string | undefined): boolean {
  return Number(h) < 24 && Number(mi) < 60 && (s === undefined || Number(s) < 60);
}

const OFFSET = String.raw`(?:Z| ?[+-]\d{2}:?\d{2})?`;
const DATE_TIME = new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?${OFFSET})?$`);
const TIME = new RegExp(String.raw`^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?${OFFSET}$`);

/**
 * True for a string the reference's date functions read with one of their default formats
 * (date, date and time with optional fraction and zone, or time with seconds), valid as a
 * calendar date and clock time.
 */
export function looksLikeDate(v: string): boolean {
  const dt = DATE_TIME.exec(v);
  if (dt) return validDate(dt[1]!, dt[2]!, dt[3]!) && (dt[4] === undefined || validTime(dt[4], dt[5]!, dt[6]));
  const t = TIME.exec(v);
  return t !== null && validTime(t[1]!, t[2]!, t[3]);
}

const KEPT = /[\p{P}\p{S}\p{Zs}]/u;

function redactString(v: string, strict: boolean, s: Settings): string {
  const date = !strict && [...v].length <= 30 && looksLikeDate(v);
  if (s.fixedLength && !date) return s.mask.toString('latin1');
  let out = '';
  let i = 0;
  for (const ch of v) {
    if (!strict && KEPT.test(ch)) out += ch;
    else if (date) out += '1';
    else if (s.mask.length > 0) out += String.fromCharCode(s.mask[i % s.mask.length]!);
    i++;
  }
  return out;
}

function redactScalar(v: Value, strict: boolean, s: Settings): Value {
  if (typeof v === 'string') return redactString(v, strict, s);
  if (typeof v === 'number') return redactNumber(v, s);
  if (typeof v === 'boolean') return strict ? false : v;
  return v;
}

function redactArray(a: Value[], base: string, t: Treatment, s: Settings): Value[] {
  return a.map((e) => {
    if (isObject(e)) return redactObject(e, base, t, s);
    if (Array.isArray(e)) return redactArray(e, base, t, s);
    return t.value ? redactScalar(e, t.strict, s) : e;
  });
}

function redactObject(o: ObjectValue, base: string, inherited: Treatment, s: Settings): ObjectValue {
  const out: ObjectValue = {};
  sortedNames(o).forEach((name, i) => {
    const t = treatment(name, s.filters, inherited);
    if (t.omit) return;
    const key = t.name ? `${base === '' ? '' : base + '_'}f${String(i).padStart(4, '0')}` : name;
    const v = o[name];
    let r: Value;
    if (isObject(v)) r = redactObject(v, key, t, s);
    else if (Array.isArray(v)) r = redactArray(v, key, t, s);
    else r = t.value ? redactScalar(v, t.strict, s) : v;
    Object.defineProperty(out, key, { value: r, writable: true, enumerable: true, configurable: true });
  });
  return out;
}

export const redactFunctions: FunctionDef[] = [
  {
    name: 'REDACT',
    minArgs: 1,
    maxArgs: Infinity,
    nulls: 'custom',
    fn: ([o, ...options]) => {
      if (o === undefined) return undefined;
      if (o === null) return null;
      if (options.some((x) => x === undefined)) return undefined;
      if (!options.every(isObject)) return null;
      const filters: Filter[] = [];
      let mask = Buffer.from('x');
      let fixedLength = false;
      for (const opts of options as ObjectValue[]) {
        const f = filterOf(opts);
        if (f) filters.push(f);
        if (typeof opts.mask === 'string') mask = Buffer.from(opts.mask, 'utf8');
        if (boolOption(opts, 'fixedlength') === true) fixedLength = true;
      }
      if (filters.length === 0) filters.push({ omit: false, exclude: false });
      const settings: Settings = { filters, mask, fixedLength };
      const top: Treatment = { value: false, name: false, strict: false, omit: false };
      if (isObject(o)) return redactObject(o, '', top, settings);
      // Any other value is treated as the value of a field named "" (REDACT(0) is 1).
      const t = treatment('', filters, top);
      if (Array.isArray(o)) return redactArray(o, '', t, settings);
      return t.value ? redactScalar(o, t.strict, settings) : o;
    },
  },
];
