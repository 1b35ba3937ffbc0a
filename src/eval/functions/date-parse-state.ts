/**
 * What the reference's own date-string parsers (percent, common and Go-style formats) share:
 * reading numbers and zones, and assembling the parsed components into a Time (defaults:
 * January, day 1, century from a two-digit year, the local zone).
 *
 * Source: couchbase/query `expression/func_date.go` (`gatherNumber`, `gatherZone`,
 * `getLocation`, `validateMonthAndDay`, the tail of `strToTimePercentFormat`).
 */
import { daysIn, makeTime, type Time } from './date-time.js';
import { fixedName, fixedZone, loadNamedZone, localZone, type Zone } from './date-zone.js';

/** Components gathered while parsing; -1 means "not given". */
export interface ParseState {
  century: number;
  year: number;
  yearSeen: boolean;
  month: number;
  day: number;
  yday: number;
  hour: number;
  minute: number;
  second: number;
  fraction: number;
  /** Set when an offset was read (zoneh/zonem then hold it). */
  zoneSet: boolean;
  zoneh: number;
  zonem: number;
  loc: Zone | undefined;
  pm: boolean;
  h12: boolean;
}

export function newState(): ParseState {
  return { century: -1, year: 0, yearSeen: false, month: -1, day: -1, yday: -1, hour: 0, minute: 0, second: 0, fraction: 0, zoneSet: false, zoneh: 0, zonem: 0, loc: undefined, pm: false, h12: false };
}

export const isDigit = (c: number) => c >= 48 && c <= 57;
const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0x85 || c === 0xa0;

/**
 * The reference's `gatherNumber`: up to `max` characters at `i` (leading white space counted
 * when `spaces`), then digits. Returns [value, characters used]; [0, 0] when there is no digit.
 * Only the first 9 digits count when more are read (without `spaces`).
 */
export function gatherNumber(s: string, i: number, max: number, spaces: boolean): [number, number] {
  let k = 0;
  let st = 0;
  let leading = true;
  for (; i + k < s.length && k < max; k++) {
    const c = s.charCodeAt(i + k);
    if (leading && spaces && isSpace(c)) {
      st++;
      continue;
    }
    if (!isDigit(c)) break;
    leading = false;
  }
  if (k === 0 || leading) return [0, 0];
  let en = k;
  if (k > 9 && !spaces) en = 9;
  return [Number(s.slice(i + st, i + en)), k];
}

/** Zone notations `gatherZone` may accept (the reference's `_FORMAT_*` flags). */
export const Z_2COLON = 1;
export const Z_1COLON = 2;
export const Z_3PART = 4;
export const Z_2PART = 8;
export const Z_1PART = 16;
export const Z_NAME = 32;
export const Z_ALLOW_Z = 64;
export const Z_ALL = 127;

/** True when `s` has the digits at each offset from `i`. */
function digitsAt(s: string, i: number, offsets: number[]): boolean {
  for (const o of offsets) if (!isDigit(s.charCodeAt(i + o))) return false;
  return true;
}

const nonNameChar = (c: string) => !/[\p{L}\p{Nd}/_+-]/u.test(c);

/**
 * The reference's `gatherZone`: `Z`, `±hh:mm:ss`, `±hh:mm`, `±hhmmss`, `±hhmm`, `±hh` or a zone
 * name, as `allowed` permits, at `i` of `s` (the hour keeps its sign, minutes are unsigned).
 * Returns the next index, or undefined when no zone can be read. Seconds are read and ignored.
 */
export function gatherZone(s: string, i: number, allowed: number, st: ParseState): number | undefined {
  const sign = s[i] === '+' || s[i] === '-';
  const hours = () => Number(s.slice(i, i + 3));
  if (allowed & Z_ALLOW_Z && s[i] === 'Z') {
    st.zoneh = 0;
    st.zonem = 0;
    st.zoneSet = true;
    st.loc = undefined;
    return i + 1;
  }
  if (allowed & Z_2COLON && i + 8 < s.length && s[i + 3] === ':' && s[i + 6] === ':' && sign && digitsAt(s, i, [1, 2, 4, 5, 7, 8])) {
    st.zoneh = hours();
    st.zonem = Number(s.slice(i + 4, i + 6));
    st.loc = undefined;
    st.zoneSet = true;
    return Number(s.slice(i + 7, i + 9)) > 59 ? undefined : i + 9;
  }
  if (allowed & Z_1COLON && i + 5 < s.length && s[i + 3] === ':' && sign && digitsAt(s, i, [1, 2, 4, 5])) {
    st.zoneh = hours();
    st.zonem = Number(s.slice(i + 4, i + 6));
    st.loc = undefined;
    st.zoneSet = true;
    return i + 6;
  }
  if (allowed & Z_3PART && i + 6 < s.length && sign && digitsAt(s, i, [1, 2, 3, 4, 5, 6])) {
    st.zoneh = hours();
    st.zonem = Number(s.slice(i + 3, i + 5));
    st.loc = undefined;
    st.zoneSet = true;
    return Number(s.slice(i + 5, i + 7)) > 59 ? undefined : i + 7;
  }
  if (allowed & Z_2PART && i + 4 < s.length && sign && digitsAt(s, i, [1, 2, 3, 4])) {
    st.zoneh = hours();
    st.zonem = Number(s.slice(i + 3, i + 5));
    st.loc = undefined;
    st.zoneSet = true;
    return i + 5;
  }
  if (allowed & Z_1PART && i + 2 < s.length && sign && digitsAt(s, i, [1, 2])) {
    st.zoneh = hours();
    st.zonem = 0;
    st.loc = undefined;
    st.zoneSet = true;
    return i + 3;
  }
  if (allowed & Z_NAME) {
    // The first run of name characters after skipping separators (Go strings.FieldsFunc).
    let a = i;
    while (a < s.length && nonNameChar(s[a])) a++;
    let b = a;
    while (b < s.length && !nonNameChar(s[b])) b++;
    const name = s.slice(a, b);
    const z = loadNamedZone(name);
    if (!z) return undefined;
    st.loc = z;
    return i + name.length;
  }
  return undefined;
}

/** The reference's `getLocation`: the local zone without an offset, else a fixed zone named `+hhmm`. */
export function zoneOf(set: boolean, h: number, m: number): Zone {
  if (!set) return localZone();
  const off = h * 3600;
  return fixedZone(fixedName(h, m), off >= 0 ? off + m * 60 : off - m * 60);
}

/**
 * The reference's `loadLocation`: a zone argument (`tz` of `*_TZ`, `DATE_PART_MILLIS` …) may be
 * a zone name or an offset (`+05:30`, `-08`, `Z`). Undefined when it is neither.
 */
export function loadZoneArg(tz: string): Zone | undefined {
  const st = newState();
  const n = gatherZone(tz, 0, Z_ALL, st);
  if (n === undefined) return undefined;
  return st.loc ?? zoneOf(st.zoneSet, st.zoneh, st.zonem);
}

/** Go's offset-hour limits the reference accepts in a date string (-12 to +14). */
function offsetAllowed(st: ParseState): boolean {
  return st.loc !== undefined || !st.zoneSet || (st.zoneh >= -12 && st.zoneh <= 14);
}

/** The tail of the reference's parsers: defaults, validation, 12-hour clock, zone. */
export function finish(st: ParseState): Time | undefined {
  if (st.century === -1 && st.yearSeen) st.century = st.year >= 69 ? 19 : 20;
  if (st.century !== -1) st.year = st.century * 100 + st.year;
  if (st.yday !== -1) {
    let m = 1;
    let d = st.yday;
    while (m <= 12 && d > daysIn(m, st.year)) d -= daysIn(m++, st.year);
    if (m > 12 || (st.month !== -1 && st.month !== m) || (st.day !== -1 && st.day !== d)) return undefined;
    st.month = m;
    st.day = d;
  }
  if (st.month === -1) st.month = 1;
  if (st.day === -1) st.day = 1;
  if (st.month < 1 || st.month > 12 || st.day < 1 || st.day > daysIn(st.month, st.year)) return undefined;
  if (st.h12) {
    if (st.pm) {
      if (st.hour < 12) st.hour += 12;
    } else if (st.hour === 12) st.hour = 0;
  }
  if (!offsetAllowed(st)) return undefined;
  const zone = st.loc ?? zoneOf(st.zoneSet, st.zoneh, st.zonem);
  return makeTime(st.year, st.month, st.day, st.hour, st.minute, st.second, st.fraction, zone);
}
