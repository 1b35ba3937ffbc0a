/**
 * Go reference layouts (`2006-01-02T15:04:05.999Z07:00`): the chunking of Go's `nextStdChunk`,
 * Go's `Time.Format`, and Go's `time.ParseInLocation` for the layouts the reference hands to
 * the standard library (its default formats, `%D`, `%F`). Compiled layouts are cached.
 *
 * Source: Go `time/format.go` semantics, as used by couchbase/query `expression/func_date.go`
 * (`timeToStrGoFormat`, `strToTimeTryAllDefaultFormats`).
 */
import { daysIn, fields, makeTime, type Time } from './date-time.js';
import { fixedName, fixedZone, localZone, UTC, type Zone } from './date-zone.js';

/** The kinds of layout element (Go's std* constants). */
export const enum Std {
  Lit,
  LongMonth, // January
  Month, // Jan
  NumMonth, // 1
  ZeroMonth, // 01
  LongWeekDay, // Monday
  WeekDay, // Mon
  Day, // 2
  UnderDay, // _2
  ZeroDay, // 02
  UnderYearDay, // __2
  ZeroYearDay, // 002
  Hour, // 15
  Hour12, // 3
  ZeroHour12, // 03
  Minute, // 4
  ZeroMinute, // 04
  Second, // 5
  ZeroSecond, // 05
  LongYear, // 2006
  Year, // 06
  PM, // PM
  Pm, // pm
  TZ, // MST
  ISO8601TZ, // Z0700
  ISO8601SecondsTZ, // Z070000
  ISO8601ShortTZ, // Z07
  ISO8601ColonTZ, // Z07:00
  ISO8601ColonSecondsTZ, // Z07:00:00
  NumTZ, // -0700
  NumSecondsTz, // -070000
  NumShortTZ, // -07
  NumColonTZ, // -07:00
  NumColonSecondsTZ, // -07:00:00
  FracSecond0, // .000
  FracSecond9, // .999
}

export interface Chunk {
  std: Std;
  /** Literal text (Std.Lit) or the fraction separator (`.` or `,`). */
  text: string;
  /** Digits of a fractional-second element. */
  digits: number;
}

const isDigitAt = (s: string, i: number) => i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57;
const startsLower = (s: string, i: number) => i < s.length && s.charCodeAt(i) >= 97 && s.charCodeAt(i) <= 122;

/** Go `nextStdChunk`, applied to the whole layout. */
export function chunkLayout(layout: string): Chunk[] {
  const out: Chunk[] = [];
  let lit = '';
  const push = (std: Std, text = '', digits = 0) => {
    if (lit) out.push({ std: Std.Lit, text: lit, digits: 0 });
    lit = '';
    out.push({ std, text, digits });
  };
  let i = 0;
  const at = (s: string) => layout.startsWith(s, i);
  while (i < layout.length) {
    const c = layout[i];
    let std: Std | undefined;
    let len = 0;
    switch (c) {
      case 'J':
        if (at('January')) [std, len] = [Std.LongMonth, 7];
        else if (at('Jan') && !startsLower(layout, i + 3)) [std, len] = [Std.Month, 3];
        break;
      case 'M':
        if (at('Mon')) {
          if (at('Monday')) [std, len] = [Std.LongWeekDay, 6];
          else if (!startsLower(layout, i + 3)) [std, len] = [Std.WeekDay, 3];
        }
        if (std === undefined && at('MST')) [std, len] = [Std.TZ, 3];
        break;
      case '0':
        if (i + 1 < layout.length && layout[i + 1] >= '1' && layout[i + 1] <= '6') {
          std = [Std.ZeroMonth, Std.ZeroDay, Std.ZeroHour12, Std.ZeroMinute, Std.ZeroSecond, Std.Year][layout.charCodeAt(i + 1) - 49];
          len = 2;
        } else if (at('002')) [std, len] = [Std.ZeroYearDay, 3];
        break;
      case '1':
        [std, len] = at('15') ? [Std.Hour, 2] : [Std.NumMonth, 1];
        break;
      case '2':
        [std, len] = at('2006') ? [Std.LongYear, 4] : [Std.Day, 1];
        break;
      case '_':
        if (at('_2')) {
          if (at('_2006')) {
            lit += '_';
            i++;
            continue;
          }
          [std, len] = [Std.UnderDay, 2];
        }
        if (at('__2')) [std, len] = [Std.UnderYearDay, 3];
        break;
      case '3':
        [std, len] = [Std.Hour12, 1];
        break;
      case '4':
        [std, len] = [Std.Minute, 1];
        break;
      case '5':
        [std, len] = [Std.Second, 1];
        break;
      case 'P':
        if (at('PM')) [std, len] = [Std.PM, 2];
        break;
      case 'p':
        if (at('pm')) [std, len] = [Std.Pm, 2];
        break;
      case '-':
        if (at('-070000')) [std, len] = [Std.NumSecondsTz, 7];
        else if (at('-07:00:00')) [std, len] = [Std.NumColonSecondsTZ, 9];
        else if (at('-0700')) [std, len] = [Std.NumTZ, 5];
        else if (at('-07:00')) [std, len] = [Std.NumColonTZ, 6];
        else if (at('-07')) [std, len] = [Std.NumShortTZ, 3];
        break;
      case 'Z':
        if (at('Z070000')) [std, len] = [Std.ISO8601SecondsTZ, 7];
        else if (at('Z07:00:00')) [std, len] = [Std.ISO8601ColonSecondsTZ, 9];
        else if (at('Z0700')) [std, len] = [Std.ISO8601TZ, 5];
        else if (at('Z07:00')) [std, len] = [Std.ISO8601ColonTZ, 6];
        else if (at('Z07')) [std, len] = [Std.ISO8601ShortTZ, 3];
        break;
      case '.':
      case ',':
        if (i + 1 < layout.length && (layout[i + 1] === '0' || layout[i + 1] === '9')) {
          const ch = layout[i + 1];
          let j = i + 1;
          while (j < layout.length && layout[j] === ch) j++;
          if (!isDigitAt(layout, j)) {
            push(ch === '0' ? Std.FracSecond0 : Std.FracSecond9, c, j - (i + 1));
            i = j;
            continue;
          }
        }
        break;
    }
    if (std === undefined) {
      lit += c;
      i++;
    } else {
      push(std);
      i += len;
    }
  }
  if (lit) out.push({ std: Std.Lit, text: lit, digits: 0 });
  return out;
}

const layoutCache = new Map<string, Chunk[]>();

/** The cached chunks of a layout. */
export function compiledLayout(layout: string): Chunk[] {
  let c = layoutCache.get(layout);
  if (!c) {
    c = chunkLayout(layout);
    if (layoutCache.size > 1000) layoutCache.clear();
    layoutCache.set(layout, c);
  }
  return c;
}

export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Go `appendInt(b, x, width)`: zero-padded to `width` digits, `-` before a negative. */
export function pad(x: number, width: number): string {
  const neg = x < 0;
  let s = String(neg ? -x : x);
  while (s.length < width) s = '0' + s;
  return neg ? '-' + s : s;
}

function fraction(nsec: number, digits: number, trim: boolean, sep: string): string {
  let s = pad(nsec, 9);
  if (digits < 9) s = s.slice(0, digits);
  else while (s.length < digits) s += '0';
  if (trim) {
    let e = s.length;
    while (e > 0 && s[e - 1] === '0') e--;
    s = s.slice(0, e);
    if (s === '') return '';
  }
  return sep + s;
}

function zoneText(offset: number, std: Std): string {
  const zero = std >= Std.ISO8601TZ && std <= Std.ISO8601ColonSecondsTZ;
  if (zero && offset === 0) return 'Z';
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const zone = Math.floor(abs / 60);
  let s = sign + pad(Math.floor(zone / 60), 2);
  const colon = std === Std.ISO8601ColonTZ || std === Std.NumColonTZ || std === Std.ISO8601ColonSecondsTZ || std === Std.NumColonSecondsTZ;
  if (std !== Std.ISO8601ShortTZ && std !== Std.NumShortTZ) s += (colon ? ':' : '') + pad(zone % 60, 2);
  if (std === Std.ISO8601SecondsTZ || std === Std.NumSecondsTz || std === Std.ISO8601ColonSecondsTZ || std === Std.NumColonSecondsTZ) s += (colon ? ':' : '') + pad(abs % 60, 2);
  return s;
}

/** Go `t.Format(layout)`. */
export function formatGo(t: Time, layout: string): string {
  const f = fields(t);
  let out = '';
  for (const c of compiledLayout(layout)) {
    switch (c.std) {
      case Std.Lit: out += c.text; break;
      case Std.LongMonth: out += MONTHS[f.month - 1]; break;
      case Std.Month: out += MONTHS[f.month - 1].slice(0, 3); break;
      case Std.NumMonth: out += f.month; break;
      case Std.ZeroMonth: out += pad(f.month, 2); break;
      case Std.LongWeekDay: out += DAYS[f.wday]; break;
      case Std.WeekDay: out += DAYS[f.wday].slice(0, 3); break;
      case Std.Day: out += f.day; break;
      case Std.UnderDay: out += (f.day < 10 ? ' ' : '') + f.day; break;
      case Std.ZeroDay: out += pad(f.day, 2); break;
      case Std.UnderYearDay: out += String(f.yday).padStart(3, ' '); break;
      case Std.ZeroYearDay: out += pad(f.yday, 3); break;
      case Std.Hour: out += pad(f.hour, 2); break;
      case Std.Hour12: out += f.hour % 12 === 0 ? 12 : f.hour % 12; break;
      case Std.ZeroHour12: out += pad(f.hour % 12 === 0 ? 12 : f.hour % 12, 2); break;
      case Std.Minute: out += f.minute; break;
      case Std.ZeroMinute: out += pad(f.minute, 2); break;
      case Std.Second: out += f.second; break;
      case Std.ZeroSecond: out += pad(f.second, 2); break;
      case Std.LongYear: out += pad(f.year, 4); break;
      case Std.Year: out += pad(f.year % 100, 2); break;
      case Std.PM: out += f.hour >= 12 ? 'PM' : 'AM'; break;
      case Std.Pm: out += f.hour >= 12 ? 'pm' : 'am'; break;
      case Std.TZ: {
        const name = t.zone.abbrAt(t.sec);
        out += name !== '' ? name : zoneText(f.offset, Std.NumTZ);
        break;
      }
      case Std.FracSecond0: out += fraction(f.nsec, c.digits, false, c.text); break;
      case Std.FracSecond9: out += fraction(f.nsec, c.digits, true, c.text); break;
      default: out += zoneText(f.offset, c.std);
    }
  }
  return out;
}

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
      case Std.Lit:
        if (!s.startsWith(c.text, i)) return undefined;
        i += c.text.length;
        break;
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
        const idx = MONTHS.findIndex((m) => {
          const name = c.std === Std.Month ? m.slice(0, 3) : m;
          return s.slice(i, i + name.length).toLowerCase() === name.toLowerCase();
        });
        if (idx < 0) return undefined;
        month = idx + 1;
        i += c.std === Std.Month ? 3 : MONTHS[idx].length;
        break;
      }
      case Std.LongWeekDay:
      case Std.WeekDay: {
        const idx = DAYS.findIndex((d) => {
          const name = c.std === Std.WeekDay ? d.slice(0, 3) : d;
          return s.slice(i, i + name.length).toLowerCase() === name.toLowerCase();
        });
        if (idx < 0) return undefined;
        i += c.std === Std.WeekDay ? 3 : DAYS[idx].length;
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
