/**
 * Go's `time.ParseInLocation` for the layouts the reference hands to the standard library (its
 * default date formats): fixed-width fields, an optional fraction after the seconds, offsets.
 *
 * Source: Go `time/format.go` (`Parse`, `getnum`, `parseNanoseconds`), as used by
 * couchbase/query `expression/func_date.go` (`strToTimeTryAllDefaultFormats`).
 */
import { compiledLayout, DAYS, isDigitAt, matchName, MONTHS, SHORT_DAYS, SHORT_MONTHS, Std } from './date-go-layout.js';
import { daysIn, makeTime, type Time } from './date-time.js';
import { fixedName, fixedZone, localZone, UTC, type Zone } from './date-zone.js';

/** Go `getnum(s, fixed)`: one or two digits at `i` (two required when `fixed`); -1 on failure. */
function getnum(s: string, i: number, fixed: boolean): [number, number] {
  if (!isDigitAt(s, i)) return [-1, i];
  if (!isDigitAt(s, i + 1)) return fixed ? [-1, i] : [s.charCodeAt(i) - 48, i + 1];
  return [(s.charCodeAt(i) - 48) * 10 + s.charCodeAt(i + 1) - 48, i + 2];
}

/** Go `parseNanoseconds`: `[.,]` then digits up to position `end` (at most 9 used). */
function parseNanos(s: string, i: number, end: number): number {
  if (s[i] !== '.' && s[i] !== ',') return -1;
  const stop = Math.min(end, i + 10);
  let ns = 0;
  let k = i + 1;
  for (; k < stop; k++) {
    if (!isDigitAt(s, k)) return -1;
    ns = ns * 10 + s.charCodeAt(k) - 48;
  }
  for (let d = k - i - 1; d < 9; d++) ns *= 10;
  return ns;
}

/**
 * Go `time.ParseInLocation(layout, s, Local)` for numeric layouts: undefined when `s` does not
 * match. A parsed offset equal to the local zone's offset at that instant gives the local
 * zone; `Z` gives UTC; another offset a fixed zone named `+hhmm`, as the reference names it.
 */
export function parseGoStd(s: string, layout: string, local: Zone = localZone()): Time | undefined {
  const chunks = compiledLayout(layout);
  let year = 0;
  let month = -1;
  let day = -1;
  let yday = -1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let nsec = 0;
  let pmSet = false;
  let amSet = false;
  let utc = false;
  let offset: number | undefined;
  let i = 0;
  for (let ci = 0; ci < chunks.length; ci++) {
    const c = chunks[ci];
    let v: number;
    switch (c.std) {
      case Std.Lit: {
        // Go's skip: a run of spaces in the layout matches a run of spaces in the value.
        const lit = c.text;
        for (let k = 0; k < lit.length; ) {
          if (lit[k] === ' ') {
            if (i < s.length && s[i] !== ' ') return undefined;
            while (k < lit.length && lit[k] === ' ') k++;
            while (i < s.length && s[i] === ' ') i++;
            continue;
          }
          if (s[i] !== lit[k]) return undefined;
          i++;
          k++;
        }
        break;
      }
      case Std.LongYear: {
        if (s.length - i < 4) return undefined;
        const p = s.slice(i, i + 4);
        if (!/^[+-]?\d+$/.test(p)) return undefined;
        year = parseInt(p, 10);
        i += 4;
        break;
      }
      case Std.Year:
        if (s.length - i < 2 || !isDigitAt(s, i) || !isDigitAt(s, i + 1)) return undefined;
        year = Number(s.slice(i, i + 2));
        year += year >= 69 ? 1900 : 2000;
        i += 2;
        break;
      case Std.NumMonth:
      case Std.ZeroMonth:
        [v, i] = getnum(s, i, c.std === Std.ZeroMonth);
        if (v <= 0 || v > 12) return undefined;
        month = v;
        break;
      case Std.LongMonth:
      case Std.Month: {
        const [idx, len] = matchName(s, i, c.std === Std.Month ? SHORT_MONTHS : MONTHS, true);
        if (idx < 0) return undefined;
        month = idx + 1;
        i += len;
        break;
      }
      case Std.LongWeekDay:
      case Std.WeekDay: {
        const [idx, len] = matchName(s, i, c.std === Std.WeekDay ? SHORT_DAYS : DAYS, true);
        if (idx < 0) return undefined;
        i += len;
        break;
      }
      case Std.Day:
      case Std.UnderDay:
      case Std.ZeroDay:
        if (c.std === Std.UnderDay && s[i] === ' ') i++;
        [v, i] = getnum(s, i, c.std === Std.ZeroDay);
        if (v < 0) return undefined;
        day = v;
        break;
      case Std.UnderYearDay:
      case Std.ZeroYearDay: {
        for (let k = 0; k < 2; k++) if (c.std === Std.UnderYearDay && s[i] === ' ') i++;
        const m = /^\d{1,3}/.exec(s.slice(i, i + 3));
        if (!m || (c.std === Std.ZeroYearDay && m[0].length !== 3)) return undefined;
        yday = Number(m[0]);
        i += m[0].length;
        break;
      }
      case Std.Hour:
        [v, i] = getnum(s, i, false);
        if (v < 0 || v >= 24) return undefined;
        hour = v;
        break;
      case Std.Hour12:
      case Std.ZeroHour12:
        [v, i] = getnum(s, i, c.std === Std.ZeroHour12);
        if (v < 0 || v > 12) return undefined;
        hour = v;
        break;
      case Std.Minute:
      case Std.ZeroMinute:
        [v, i] = getnum(s, i, c.std === Std.ZeroMinute);
        if (v < 0 || v >= 60) return undefined;
        minute = v;
        break;
      case Std.Second:
      case Std.ZeroSecond: {
        [v, i] = getnum(s, i, c.std === Std.ZeroSecond);
        if (v < 0 || v >= 60) return undefined;
        second = v;
        // A fraction in the value but none in the layout is accepted (Go's special case).
        if (s.length - i >= 2 && (s[i] === '.' || s[i] === ',') && isDigitAt(s, i + 1)) {
          const next = chunks[ci + 1];
          if (next && (next.std === Std.FracSecond0 || next.std === Std.FracSecond9)) break;
          let n = i + 2;
          while (isDigitAt(s, n)) n++;
          nsec = parseNanos(s, i, n);
          i = n;
        }
        break;
      }
      case Std.PM:
      case Std.Pm: {
        const p = s.slice(i, i + 2);
        const up = c.std === Std.PM ? p : p.toUpperCase();
        if (c.std === Std.Pm && p !== p.toLowerCase()) return undefined;
        if (up === 'PM') pmSet = true;
        else if (up === 'AM') amSet = true;
        else return undefined;
        i += 2;
        break;
      }
      case Std.FracSecond0: {
        const n = i + 1 + c.digits;
        if (n > s.length) return undefined;
        nsec = parseNanos(s, i, n);
        if (nsec < 0) return undefined;
        i = n;
        break;
      }
      case Std.FracSecond9: {
        if (s.length - i < 2 || (s[i] !== '.' && s[i] !== ',') || !isDigitAt(s, i + 1)) break;
        let n = i + 1;
        while (isDigitAt(s, n)) n++;
        nsec = parseNanos(s, i, n);
        i = n;
        break;
      }
      case Std.TZ:
        return undefined; // not used by the layouts parsed here
      default: {
        const iso = c.std >= Std.ISO8601TZ && c.std <= Std.ISO8601ColonSecondsTZ;
        if (iso && s[i] === 'Z') {
          utc = true;
          i++;
          break;
        }
        const r = parseOffset(s, i, c.std);
        if (!r) return undefined;
        [offset, i] = r;
      }
    }
  }
  if (i !== s.length) return undefined;
  if (pmSet && hour < 12) hour += 12;
  else if (amSet && hour === 12) hour = 0;
  if (yday >= 0) {
    // Day of year: resolve to month and day (Go 1.20+), checking agreement.
    let m = 1;
    let d = yday;
    while (m <= 12 && d > daysIn(m, year)) d -= daysIn(m++, year);
    if (m > 12 || (month >= 0 && month !== m) || (day >= 0 && day !== d)) return undefined;
    month = m;
    day = d;
  }
  if (month < 0) month = 1;
  if (day < 0) day = 1;
  if (day < 1 || day > daysIn(month, year)) return undefined;
  if (utc) return makeTime(year, month, day, hour, minute, second, nsec, UTC);
  if (offset !== undefined) {
    const h = Math.trunc(offset / 3600);
    const t = makeTime(year, month, day, hour, minute, second, nsec, fixedZone(fixedName(h, Math.abs(Math.trunc((offset - h * 3600) / 60))), offset));
    if (local.offsetAt(t.sec) === offset) return { sec: t.sec, nsec: t.nsec, zone: local };
    return t;
  }
  return makeTime(year, month, day, hour, minute, second, nsec, local);
}

/** A numeric offset of the given layout kind at `i`: [seconds east, next index]. */
function parseOffset(s: string, i: number, std: Std): [number, number] | undefined {
  const digits2 = (k: number) => (isDigitAt(s, k) && isDigitAt(s, k + 1) ? (s.charCodeAt(k) - 48) * 10 + s.charCodeAt(k + 1) - 48 : -1);
  const sign = s[i];
  if (sign !== '+' && sign !== '-') return undefined;
  let hh: number;
  let mm = 0;
  let ss = 0;
  let n: number;
  switch (std) {
    case Std.ISO8601ColonTZ:
    case Std.NumColonTZ:
      if (s.length - i < 6 || s[i + 3] !== ':') return undefined;
      hh = digits2(i + 1);
      mm = digits2(i + 4);
      n = i + 6;
      break;
    case Std.ISO8601ShortTZ:
    case Std.NumShortTZ:
      if (s.length - i < 3) return undefined;
      hh = digits2(i + 1);
      n = i + 3;
      break;
    case Std.ISO8601ColonSecondsTZ:
    case Std.NumColonSecondsTZ:
      if (s.length - i < 9 || s[i + 3] !== ':' || s[i + 6] !== ':') return undefined;
      hh = digits2(i + 1);
      mm = digits2(i + 4);
      ss = digits2(i + 7);
      n = i + 9;
      break;
    case Std.ISO8601SecondsTZ:
    case Std.NumSecondsTz:
      if (s.length - i < 7) return undefined;
      hh = digits2(i + 1);
      mm = digits2(i + 3);
      ss = digits2(i + 5);
      n = i + 7;
      break;
    default:
      if (s.length - i < 5) return undefined;
      hh = digits2(i + 1);
      mm = digits2(i + 3);
      n = i + 5;
  }
  if (hh < 0 || mm < 0 || ss < 0 || hh > 24 || mm > 60 || ss > 60) return undefined;
  const off = (hh * 60 + mm) * 60 + ss;
  return [sign === '-' ? -off : off, n];
}
