/**
 * Date strings in and out: which style a format string is (default, `%`, common codes, Go
 * layout, or an example date such as `1111-11-11`), parsing a date string with it (or with
 * the default formats when none is given), and formatting a Time with it.
 *
 * Source: couchbase/query `expression/func_date.go` (`determineFormat`, `strToTime`,
 * `timeToStr`, `_DATE_FORMATS`, `determineKnownFormat`, `strToTimeFormatClosest`,
 * `formatFromStr`).
 */
import { formatCommon, isCommonFormat, parseCommon } from './date-common.js';
import { compiledLayout, formatGo, Std } from './date-go-layout.js';
import { parseGoStd } from './date-go-std-parse.js';
import { parseGoLayout } from './date-go-parse.js';
import { DEFAULT_FORMAT, formatPercent } from './date-percent.js';
import { parsePercent } from './date-percent-parse.js';
import { fields, inRange, makeTime, type Time } from './date-time.js';

export { DEFAULT_FORMAT } from './date-percent.js';

export const enum FormatKind {
  Percent,
  Common,
  Go,
  Example,
  Default,
}

const kindCache = new Map<string, FormatKind>();

/** The reference's `determineFormat` (cached per format string). */
export function formatKind(format: string): FormatKind {
  let k = kindCache.get(format);
  if (k === undefined) {
    k = computeKind(format);
    if (kindCache.size > 1000) kindCache.clear();
    kindCache.set(format, k);
  }
  return k;
}

function computeKind(f: string): FormatKind {
  if (f.length === 0) return FormatKind.Default;
  if (f.includes('%')) return FormatKind.Percent;
  if (isCommonFormat(f)) return FormatKind.Common;
  if (!(f[0] >= '0' && f[0] <= '9')) return FormatKind.Go;
  const lead = /^\d*/.exec(f)![0];
  if (lead === '2006') return FormatKind.Go;
  if (lead.length < 3 && /^0?[1-6]$/.test(lead)) return FormatKind.Go;
  return FormatKind.Example;
}

/** The reference's default input formats, tried first when their length equals the input's. */
export const DATE_FORMATS = [
  '2006-01-02T15:04:05.999Z07:00',
  '2006-01-02 15:04:05.999Z07:00',
  '2006-01-02T15:04:05.999Z0700',
  '2006-01-02 15:04:05.999Z0700',
  '2006-01-02T15:04:05.999Z07',
  '2006-01-02 15:04:05.999Z07',
  '2006-01-02T15:04:05Z07:00',
  '2006-01-02 15:04:05Z07:00',
  '2006-01-02T15:04:05Z0700',
  '2006-01-02 15:04:05Z0700',
  '2006-01-02T15:04:05Z07',
  '2006-01-02 15:04:05Z07',
  '2006-01-02T15:04:05.999',
  '2006-01-02 15:04:05.999',
  '2006-01-02T15:04:05',
  '2006-01-02 15:04:05',
  '2006-01-02',
  '15:04:05.999Z07:00',
  '15:04:05Z07:00',
  '15:04:05.000000000',
  '15:04:05.000000',
  '15:04:05.999',
  '15:04:05',
];

const isDig = (s: string, i: number) => i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57;
const isDateSep = (c: string) => c === '/' || c === '.' || c === '-';

/**
 * The reference's `determineKnownFormat`: the Go layout that fits the shape of `s`
 * (`2006/01/02 15:04:05.000000 Z07:00` …), or '' when it has none.
 */
export function knownFormat(input: string): string {
  let s = input.trim();
  if (s.length < 8) return '';
  let dt = '';
  if (isDateSep(s[4]) && s.length >= 10) {
    if (s[7] !== s[4]) return '';
    for (let i = 0; i < 10; i++) if (!(i === 4 || i === 7 || isDig(s, i))) return '';
    if (s.length === 10) return `2006${s[4]}01${s[4]}02`;
    let n = 10;
    if (s[n] === ' ') while (s.length > n + 1 && s[n + 1] === ' ') n++;
    if (s[n] !== 'T' && s[n] !== ' ') return '';
    dt = `2006${s[4]}01${s[4]}02${s[n]}`;
    s = s.slice(n + 1);
  }
  if (s === '') return dt;
  if (s.length < 5) return '';
  if (!(s[2] === ':' && ((s.length > 5 && s[5] === ':') || s.length === 5))) return '';
  for (let i = 0; i < 8 && i < s.length; i++) {
    if (i === 2 || i === 5) {
      if (s[i] !== ':') return '';
    } else if (!isDig(s, i)) return '';
  }
  if (s.length === 8) return dt + '15:04:05';
  if (s.length === 5) return dt + '15:04';
  if (s.length < 8) return '';
  let n = 8;
  let frac = '';
  if (s[n] === '.') {
    n++;
    let i = 0;
    while (isDig(s, n + i)) i++;
    if (i === 0) return '';
    frac = i <= 3 ? '.999' : i <= 6 ? '.999999' : i <= 9 ? '.999999999' : '';
    if (frac === '') return '';
    if (s.length === n + i) return dt + '15:04:05' + frac;
    n += i;
  }
  let sep = frac + 'Z';
  if (s[n] === ' ') {
    while (n < s.length && s[n] === ' ') n++;
    sep = frac + ' Z';
  }
  if (s[n] === 'Z' || s[n] === '+' || s[n] === '-') {
    if (s[n] === 'Z') return s.length === n + 1 ? dt + '15:04:05' + sep + '07:00' : '';
    if (s.length < n + 3 || !isDig(s, n + 1) || !isDig(s, n + 2)) return '';
    if (s.length === n + 3) return dt + '15:04:05' + sep + '07';
    if (s.length === n + 5) return isDig(s, n + 3) || isDig(s, n + 4) ? dt + '15:04:05' + sep + '0700' : '';
    if (s.length !== n + 6 || s[n + 3] !== ':' || !isDig(s, n + 4) || !isDig(s, n + 5)) return '';
    return dt + '15:04:05' + sep + '07:00';
  }
  return '';
}

/** Offsets past -12:00 … +14:59 are rejected, as the reference rejects them. */
function zoneOk(t: Time): boolean {
  const off = t.zone.fixed;
  return off === undefined || (Math.trunc(off / 3600) >= -12 && Math.trunc(off / 3600) <= 14);
}

/** A parsed Time if within the accepted range and offsets. */
function acceptTime(t: Time | undefined): Time | undefined {
  return t && inRange(t) && zoneOk(t) ? t : undefined;
}

/** ISO-8601 fast path: `YYYY-MM-DDThh:mm:ss[.fff]Z` needs no layout search. */
const FAST_ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?Z$/;

/**
 * The reference's `strToTimeFormatClosest` (`StrToTimeFormat`): the Time of a date string in
 * one of the default formats, with the Go layout that read it; undefined when none does.
 */
export function parseDefault(s: string, check = true): { t: Time; layout: string } | undefined {
  const accept = check ? acceptTime : (t: Time | undefined) => t;
  if ((s[0] === '-' || s[0] === '+') && isDig(s, 1)) {
    // A signed year (`-0001-01-01`, `+2012-01-02`), which the reference also reads.
    const p = parseDefault(s.slice(1), false);
    if (!p || (s[0] === '+' && p.t.sec < -62167219200)) return undefined;
    if (s[0] === '+') return accept(p.t) ? p : undefined;
    const f = fields(p.t);
    const t = accept(makeTime(-f.year, f.month, f.day, f.hour, f.minute, f.second, f.nsec, p.t.zone));
    return t ? { t, layout: p.layout } : undefined;
  }
  if (FAST_ISO.test(s)) {
    const layout = s.length === 20 ? '2006-01-02T15:04:05Z07:00' : '2006-01-02T15:04:05.999Z07:00';
    const t = accept(parseGoStd(s, layout));
    return t ? { t, layout } : undefined;
  }
  for (const f of DATE_FORMATS) {
    if (f.length === s.length) {
      const t = parseGoStd(s, f);
      if (t) {
        const ok = accept(t);
        return ok ? { t: ok, layout: f } : undefined;
      }
    }
  }
  const layout = knownFormat(s);
  if (layout === '') return undefined;
  const t = accept(parseGoStd(s, layout));
  return t ? { t, layout } : undefined;
}

/** The reference's `strToTime(s, format)`: undefined when `s` does not parse. */
export function strToTime(s: string, format = ''): Time | undefined {
  switch (formatKind(format)) {
    case FormatKind.Default:
      return parseDefault(s)?.t;
    case FormatKind.Percent:
      return acceptTime(parsePercent(s, format));
    case FormatKind.Common:
      return acceptTime(parseCommon(s, format));
    case FormatKind.Go:
      return acceptTime(parseGoLayout(s, format));
    default: {
      const layout = parseDefault(format, false)?.layout;
      return layout === undefined ? undefined : acceptTime(parseGoLayout(s, layout));
    }
  }
}

const validLayouts = new Map<string, boolean>();

/**
 * True when a Go layout has only layout elements, punctuation, white space and `T` (the
 * reference prints anything else, such as `invalid date`, in the default format instead).
 */
function validGoLayout(layout: string): boolean {
  let ok = validLayouts.get(layout);
  if (ok === undefined) {
    ok = compiledLayout(layout).every((c) => c.std !== Std.Lit || /^[\sT!-#%-*,-/:;?@[-\]_{}]*$/.test(c.text));
    if (validLayouts.size > 1000) validLayouts.clear();
    validLayouts.set(layout, ok);
  }
  return ok;
}

/**
 * The reference's `timeToStr(t, format)`: undefined (NULL) for a `%` format with an unknown or
 * malformed element; the default format for an unusable Go layout.
 */
export function timeToStr(t: Time, format = ''): string | undefined {
  switch (formatKind(format)) {
    case FormatKind.Default:
      return formatGo(t, DEFAULT_FORMAT);
    case FormatKind.Percent:
      return formatPercent(t, format);
    case FormatKind.Common:
      return formatCommon(t, format);
    case FormatKind.Go:
      return formatGo(t, validGoLayout(format) ? format : DEFAULT_FORMAT);
    default: {
      const layout = parseDefault(format, false)?.layout ?? format;
      return formatGo(t, validGoLayout(layout) ? layout : DEFAULT_FORMAT);
    }
  }
}

/** The reference's `formatFromStr`: every digit of a date string made `1`, an example format. */
export function formatFromStr(s: string): string {
  return s.replace(/\p{Nd}/gu, '1');
}
