/**
 * "Common" date formats made of component codes (`YYYY-MM-DD hh:mm:ss.s TZD`, `DAY, DD MON`,
 * `HH12:MI am` …): recognising such a format, parsing and formatting with it. A space in the
 * format matches any one character when parsing; `T` matches any character.
 *
 * Codes: YYYY YY CC MM MONTH/Month/month MON/Mon/mon DD DAY/Day/day DY/Dy/dy hh HH24 (00–23)
 * HH HH12 (01–12) mm MI ss SS s (milliseconds on output, any fraction on input) sss
 * (nanoseconds) PP AM PM pp am pm TZD (offset, `Z` for UTC) TZN (zone abbreviation) TZF (zone
 * name).
 *
 * Source: couchbase/query `expression/func_date.go` (`_COMMON_FORMATS`, `isCommonFormat`,
 * `strToTimeCommonFormat`, `timeToStrCommonFormat`).
 */
import { DAYS, MONTHS, SHORT_DAYS, SHORT_MONTHS } from './date-go-layout.js';
import { fields, type Time } from './date-time.js';
import { finish, gatherNumber, gatherZone, newState, Z_ALL } from './date-parse-state.js';

const CODES: Record<string, string[]> = {
  A: ['AM'],
  a: ['am'],
  C: ['CC'],
  D: ['DAY', 'Day', 'Dy', 'DY', 'DD'],
  d: ['day', 'dy'],
  H: ['HH12', 'HH24', 'HH'],
  h: ['hh'],
  M: ['MONTH', 'Month', 'MON', 'Mon', 'MM', 'MI'],
  m: ['month', 'mon', 'mm'],
  P: ['PP', 'PM'],
  p: ['pp', 'pm'],
  S: ['SS'],
  s: ['ss', 's'],
  T: ['TZD', 'TZN', 'TZF', 'T'],
  Y: ['YYYY', 'YY'],
};

/** Go `unicode.IsPunct` for ASCII, plus white space. */
const isPunctOrSpace = (c: string) => /[\s!-#%-*,-/:;?@[-\]_{}]/.test(c);
/** Go `unicode.IsPunct` (ASCII). */
export const isPunct = (c: string) => /[!-#%-*,-/:;?@[-\]_{}]/.test(c);

/** The reference's `isCommonFormat`: only codes, punctuation and white space. */
export function isCommonFormat(format: string): boolean {
  outer: for (let i = 0; i < format.length; ) {
    const list = CODES[format[i]];
    if (list) {
      for (const f of list) {
        if (format.startsWith(f, i)) {
          i += f.length;
          continue outer;
        }
      }
    }
    if (isPunctOrSpace(format[i])) {
      i++;
      continue;
    }
    return false;
  }
  return true;
}

const two = (n: number) => (n < 0 ? '-' + String(-n).padStart(2, '0') : String(n).padStart(2, '0'));
/** A name cased as its code is written: `month` lower, `MONTH` upper, `Month` as is. */
const cased = (name: string, format: string, i: number, upperAt: string) => (format[i] === 'm' || format[i] === 'd' ? name.toLowerCase() : format[i + 1] === upperAt ? name.toUpperCase() : name);

/** The reference's `timeToStrCommonFormat`. */
export function formatCommon(t: Time, format: string): string {
  const f = fields(t);
  let res = '';
  const h12 = f.hour === 0 ? 12 : f.hour > 12 ? f.hour - 12 : f.hour;
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    if (format.startsWith('YYYY', i) && i + 3 < format.length) {
      res += f.year < 0 ? '-' + String(-f.year).padStart(3, '0') : String(f.year).padStart(4, '0');
      i += 3;
    } else if (i + 1 < format.length && c === format[i + 1] && c !== 's' && c !== 'S') {
      i++;
      switch (c) {
        case 'C': res += two(Math.trunc(f.year / 100)); break;
        case 'Y': res += two(f.year % 100); break;
        case 'M': res += two(f.month); break;
        case 'D': res += two(f.day); break;
        case 'h': res += two(f.hour); break;
        case 'H':
          if (i + 2 < format.length && format[i + 1] === '2' && format[i + 2] === '4') {
            res += two(f.hour);
            i += 2;
            break;
          }
          if (i + 2 < format.length && format[i + 1] === '1' && format[i + 2] === '2') i += 2;
          res += two(h12);
          break;
        case 'P': res += f.hour < 12 ? 'AM' : 'PM'; break;
        case 'p': res += f.hour < 12 ? 'am' : 'pm'; break;
        case 'm': res += two(f.minute); break;
        default: res += c + c;
      }
    } else if (c === 'M' && format[i + 1] === 'I') {
      res += two(f.minute);
      i++;
    } else if ((c === 'A' || c === 'P') && format[i + 1] === 'M') {
      res += f.hour < 12 ? 'AM' : 'PM';
      i++;
    } else if ((c === 'a' || c === 'p') && format[i + 1] === 'm') {
      res += f.hour < 12 ? 'am' : 'pm';
      i++;
    } else if (format.startsWith('TZD', i)) {
      if (f.offset === 0) res += 'Z';
      else {
        const h = Math.trunc(f.offset / 3600);
        const m = Math.abs(Math.trunc((f.offset - h * 3600) / 60));
        res += `${h < 0 ? '-' : '+'}${String(Math.abs(h)).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
      }
      i += 2;
    } else if (format.startsWith('TZN', i)) {
      res += t.zone.abbrAt(t.sec);
      i += 2;
    } else if (format.startsWith('TZF', i)) {
      res += t.zone.name;
      i += 2;
    } else if (c === 's' || c === 'S') {
      let n = 0;
      while (i + n < format.length && format[i + n] === c) n++;
      if (n === 2) res += two(f.second);
      else if (n === 1) {
        let ms = Math.floor((f.nsec + 500000) / 1e6);
        if (ms >= 1000) ms = 0;
        res += String(ms).padStart(3, '0');
      } else if (n === 3) res += String(f.nsec).padStart(9, '0');
      i += n - 1;
    } else if (['MONTH', 'Month', 'month'].some((x) => format.startsWith(x, i)) && i + 4 < format.length) {
      res += cased(MONTHS[f.month - 1], format, i, 'O');
      i += 4;
    } else if (['MON', 'Mon', 'mon'].some((x) => format.startsWith(x, i)) && i + 2 < format.length) {
      res += cased(MONTHS[f.month - 1].slice(0, 3), format, i, 'O');
      i += 2;
    } else if (['DAY', 'Day', 'day'].some((x) => format.startsWith(x, i)) && i + 2 < format.length) {
      res += cased(DAYS[f.wday], format, i, 'A');
      i += 2;
    } else if (['DY', 'Dy', 'dy'].some((x) => format.startsWith(x, i)) && i + 1 < format.length) {
      res += cased(DAYS[f.wday].slice(0, 3), format, i, 'Y');
      i++;
    } else res += c;
  }
  return res;
}

/** Matches one of the names (cased as the code is) at `n`; [index, length] or [-1, 0]. */
function matchCased(s: string, n: number, names: string[], format: string, i: number, upperAt: string): [number, number] {
  for (let k = 0; k < names.length; k++) {
    const name = cased(names[k], format, i, upperAt);
    if (s.startsWith(name, n)) return [k, name.length];
  }
  return [-1, 0];
}

/** The reference's `strToTimeCommonFormat`; undefined when the string does not match. */
export function parseCommon(s: string, format: string): Time | undefined {
  const st = newState();
  let n = 0;
  let i = 0;
  let v: number;
  let l: number;
  for (i = 0; i < format.length && n < s.length; i++) {
    const c = format[i];
    if (c === ' ') {
      n++;
    } else if (c === 'Y') {
      if (format.startsWith('YYYY', i)) {
        [v, l] = gatherNumber(s, n, 4, false);
        if (l !== 4 || v < 0) return undefined;
        st.century = Math.trunc(v / 100);
        st.year = v % 100;
        i += 3;
      } else if (format[i + 1] === 'Y') {
        [v, l] = gatherNumber(s, n, 2, false);
        if (l !== 2 || v > 99) return undefined;
        st.year = v;
        st.yearSeen = true;
        i++;
      } else return undefined;
      n += l;
    } else if (i + 1 < format.length && c === format[i + 1] && c !== 's' && c !== 'S') {
      i++;
      switch (c) {
        case 'C':
          [v, l] = gatherNumber(s, n, 2, false);
          if (l !== 2) return undefined;
          st.century = v;
          n += 2;
          break;
        case 'M':
        case 'D':
        case 'h':
        case 'm': {
          [v, l] = gatherNumber(s, n, 2, false);
          const [lo, hi] = c === 'M' ? [1, 12] : c === 'D' ? [1, 31] : c === 'h' ? [0, 23] : [0, 59];
          if ((l !== 1 && l !== 2) || v < lo || v > hi) return undefined;
          if (c === 'M') st.month = v;
          else if (c === 'D') st.day = v;
          else if (c === 'h') [st.hour, st.h12] = [v, false];
          else st.minute = v;
          n += l;
          break;
        }
        case 'H': {
          [v, l] = gatherNumber(s, n, 2, false);
          st.h12 = true;
          let lo = 1;
          let hi = 12;
          if (i + 2 < format.length) {
            if (format[i + 1] === '1') {
              if (format[i + 2] !== '2') return undefined;
              i += 2;
            } else if (format[i + 1] === '2') {
              if (format[i + 2] !== '4') return undefined;
              st.h12 = false;
              [lo, hi] = [0, 23];
              i += 2;
            }
          }
          if ((l !== 1 && l !== 2) || v < lo || v > hi) return undefined;
          st.hour = v;
          n += l;
          break;
        }
        case 'p':
          if (n + 1 < s.length && (s[n] === 'p' || s[n] === 'P')) st.pm = true;
          else if (n + 1 < s.length && (s[n] === 'a' || s[n] === 'A')) st.pm = false;
          else return undefined;
          n += 2;
          break;
        default:
          return undefined;
      }
    } else if (c === 'M' && format[i + 1] === 'I') {
      i++;
      [v, l] = gatherNumber(s, n, 2, false);
      if ((l !== 1 && l !== 2) || v > 59) return undefined;
      st.minute = v;
      n += l;
    } else if ((c === 'A' || c === 'P') && format[i + 1] === 'M') {
      i++;
      if (s.startsWith('PM', n)) st.pm = true;
      else if (s.startsWith('AM', n)) st.pm = false;
      else return undefined;
      n += 2;
    } else if ((c === 'a' || c === 'p') && format[i + 1] === 'm') {
      i++;
      if (s.startsWith('pm', n)) st.pm = true;
      else if (s.startsWith('am', n)) st.pm = false;
      else return undefined;
      n += 2;
    } else if (c === 's' || c === 'S') {
      let j = 0;
      while (i + j < format.length && format[i + j] === c) j++;
      if (j === 2) {
        [v, l] = gatherNumber(s, n, 2, false);
        if ((l !== 1 && l !== 2) || v > 59) return undefined;
        st.second = v;
      } else if (j === 1 || j === 3) {
        [v, l] = gatherNumber(s, n, 9, false);
        if (l === 0) return undefined;
        st.fraction = v * 10 ** (9 - l);
      } else return undefined;
      i += j - 1;
      n += l;
    } else if (format.startsWith('TZD', i) || format.startsWith('TZN', i) || format.startsWith('TZF', i)) {
      const next = gatherZone(s, n, Z_ALL, st);
      if (next === undefined) return undefined;
      n = next;
      i += 2;
    } else if (['MONTH', 'Month', 'month'].some((x) => format.startsWith(x, i))) {
      const [k, len] = matchCased(s, n, MONTHS, format, i, 'O');
      if (k < 0) return undefined;
      st.month = k + 1;
      n += len;
      i += 4;
    } else if (['MON', 'Mon', 'mon'].some((x) => format.startsWith(x, i))) {
      const [k, len] = matchCased(s, n, SHORT_MONTHS, format, i, 'O');
      if (k < 0) return undefined;
      st.month = k + 1;
      n += len;
      i += 2;
    } else if (['DAY', 'Day', 'day'].some((x) => format.startsWith(x, i))) {
      const [k, len] = matchCased(s, n, DAYS, format, i, 'A');
      if (k < 0) return undefined;
      n += len;
      i += 2;
    } else if (['DY', 'Dy', 'dy'].some((x) => format.startsWith(x, i))) {
      const [k, len] = matchCased(s, n, SHORT_DAYS, format, i, 'Y');
      if (k < 0) return undefined;
      n += len;
      i++;
    } else if (!isPunct(c) && c !== 'T') {
      return undefined;
    } else {
      if (c !== 'T' && c !== s[n]) return undefined;
      n++;
    }
  }
  if (i !== format.length || n !== s.length) return undefined;
  return finish(st);
}
