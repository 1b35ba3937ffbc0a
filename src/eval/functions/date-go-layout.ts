/**
 * Go reference layouts (`2006-01-02T15:04:05.999Z07:00`): the chunking of Go's `nextStdChunk`
 * and Go's `Time.Format`. Compiled layouts are cached.
 *
 * Source: Go `time/format.go` semantics, as used by couchbase/query `expression/func_date.go`
 * (`timeToStrGoFormat`).
 */
import { fields, type Time } from './date-time.js';

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

export const isDigitAt = (s: string, i: number) => i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57;
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
/** The three-letter month and weekday names (`Jan`, `Mon`). */
export const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3));
export const SHORT_DAYS = DAYS.map((d) => d.slice(0, 3));

/**
 * The first of `names` spelled at `s[n…]` (any case when `anyCase`): its index and length, or
 * [-1, 0] when none is.
 */
export function matchName(s: string, n: number, names: readonly string[], anyCase: boolean): [index: number, length: number] {
  for (let k = 0; k < names.length; k++) {
    const name = names[k]!;
    const part = s.slice(n, n + name.length);
    if (part.length === name.length && (part === name || (anyCase && part.toUpperCase() === name.toUpperCase()))) return [k, name.length];
  }
  return [-1, 0];
}

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

