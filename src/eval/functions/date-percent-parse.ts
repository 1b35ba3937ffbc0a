/**
 * Parsing with `%`-style date formats (`%d/%m/%Y %H:%M %z`): flags `_`, `-`, `0`, `^` (case
 * insensitive), a width (ignored), `E`/`O` (ignored); a space in the format matches any one
 * character. `%F` reads as `%Y-%m-%dT%H:%M:%S.%N%z`, `%D` and `%x` as `%Y-%m-%d`.
 *
 * Source: couchbase/query `expression/func_date.go` (`strToTimePercentFormat`).
 */
import { DAYS, matchName, MONTHS, SHORT_DAYS, SHORT_MONTHS } from './date-go-layout.js';
import { parseGoStd } from './date-go-std-parse.js';
import { fields, millisToTime, type Time } from './date-time.js';
import { finish, gatherNumber, gatherZone, newState, Z_ALL, type ParseState } from './date-parse-state.js';
import { DEFAULT_FORMAT, directiveFlag, NO_PAD, PAD_SPACE, SHORT_DATE_FORMAT } from './date-percent.js';

/** Reads a number for a `%` element: width `w`; fails unless the padding rule holds. */
function num(s: string, n: number, w: number, pad: number, min: number, max: number): [number, number] | undefined {
  const [v, l] = gatherNumber(s, n, w, pad === PAD_SPACE);
  if ((pad === NO_PAD && l < 1) || (pad !== NO_PAD && l !== w) || v < min || v > max) return undefined;
  return [v, l];
}

/**
 * Directives the parser reads but does not use (ISO week, ISO year, day of year, quarter,
 * weekday, week of year): their width and range, as the reference's strptime checks them.
 */
const SKIPPED_FIELDS: Record<string, [width: number, min: number, max: number]> = {
  V: [2, 1, 53],
  G: [4, 0, Infinity],
  j: [3, 1, 366],
  q: [2, 1, 4],
  u: [2, 1, 7],
  w: [2, 0, 6],
  U: [2, 0, 53],
  W: [2, 0, 53],
};

/** The reference's `strToTimePercentFormat`; undefined when the string does not match. */
export function parsePercent(s: string, input: string): Time | undefined {
  // %F reads as %Y-%m-%dT%H:%M:%S.%N%z (any fraction, any zone) and %D, %x as %Y-%m-%d, as the
  // reference reads them.
  const format = input.includes('%') ? input.replace(/%%|%F|%D|%x/g, (m) => (m === '%F' ? '%Y-%m-%dT%H:%M:%S.%N%z' : m === '%%' ? m : '%Y-%m-%d')) : input;
  const st: ParseState = newState();
  let n = 0;
  let i = 0;
  const setFrom = (pt: Time, withTime: boolean) => {
    const f = fields(pt);
    st.century = Math.trunc(f.year / 100);
    st.year = f.year % 100;
    st.month = f.month;
    st.day = f.day;
    if (withTime) {
      st.hour = f.hour;
      st.h12 = false;
      st.minute = f.minute;
      st.second = f.second;
      st.fraction = f.nsec;
      st.loc = pt.zone;
    }
  };
  for (i = 0; i < format.length && n < s.length; i++) {
    if (format[i] !== '%') {
      if (format[i] !== ' ' && format[i] !== s[n]) return undefined;
      n++;
      continue;
    }
    if (i + 1 === format.length) return undefined;
    i++;
    const flag = directiveFlag(format, i);
    const { pad, upper } = flag;
    i = flag.next;
    if (i >= format.length) return undefined;
    const w0 = i;
    while (i < format.length && format[i] >= '0' && format[i] <= '9') i++;
    if (w0 < i && i >= format.length) return undefined;
    if (format[i] === 'E' || format[i] === 'O') {
      i++;
      if (i >= format.length) return undefined;
    }
    let colons = 0;
    while (format[i] === ':') {
      colons++;
      i++;
    }
    if (colons > 0 && format[i] !== 'z') return undefined;
    let r: [number, number] | undefined;
    switch (format[i]) {
      case '%':
        if (s[n] !== '%') return undefined;
        break;
      case 'x':
      case 'D':
      case 'F': {
        const layout = format[i] === 'F' ? DEFAULT_FORMAT : SHORT_DATE_FORMAT;
        if (n + layout.length > s.length) return undefined;
        const pt = parseGoStd(s.slice(n, n + layout.length), layout);
        if (!pt) return undefined;
        setFrom(pt, format[i] === 'F');
        n += layout.length;
        break;
      }
      case 'Y':
        if (!(r = num(s, n, 4, pad, 0, Infinity))) return undefined;
        st.century = Math.trunc(r[0] / 100);
        st.year = r[0] % 100;
        n += r[1];
        break;
      case 'C':
        if (!(r = num(s, n, 2, pad, 0, Infinity))) return undefined;
        st.century = r[0];
        n += r[1];
        break;
      case 'y':
        if (!(r = num(s, n, 2, pad, 0, 99))) return undefined;
        st.year = r[0];
        st.yearSeen = true;
        n += r[1];
        break;
      case 'm':
        if (!(r = num(s, n, 2, pad, 1, 12))) return undefined;
        st.month = r[0];
        n += r[1];
        break;
      case 'B':
      case 'b': {
        const [k, l] = matchName(s, n, format[i] === 'B' ? MONTHS : SHORT_MONTHS, upper);
        if (k < 0) return undefined;
        st.month = k + 1;
        n += l;
        break;
      }
      case 'd':
      case 'e':
        if (!(r = num(s, n, 2, format[i] === 'e' ? PAD_SPACE : pad, 1, 31))) return undefined;
        st.day = r[0];
        n += r[1];
        break;
      case 'A':
      case 'a': {
        const [k, l] = matchName(s, n, format[i] === 'A' ? DAYS : SHORT_DAYS, upper);
        if (k < 0) return undefined;
        n += l;
        break;
      }
      case 'f':
        if (n + 1 < s.length) {
          const suffix = upper ? s.slice(n, n + 2).toLowerCase() : s.slice(n, n + 2);
          if (suffix === 'st' || suffix === 'rd' || suffix === 'th' || suffix === 'nd') n += 2;
        }
        break;
      case 'H':
      case 'k':
        if (!(r = num(s, n, 2, format[i] === 'k' ? PAD_SPACE : pad, 0, 23))) return undefined;
        st.hour = r[0];
        st.h12 = false;
        n += r[1];
        break;
      case 'I':
      case 'l':
        if (!(r = num(s, n, 2, format[i] === 'l' ? PAD_SPACE : pad, format[i] === 'l' ? 0 : 1, format[i] === 'l' ? 11 : 12))) return undefined;
        st.hour = r[0];
        st.h12 = true;
        n += r[1];
        break;
      case 'p':
      case 'P': {
        const big = format[i] === 'p';
        const a = s[n];
        const b = s[n + 1];
        const okA = big ? a === 'A' || a === 'P' || (upper && (a === 'a' || a === 'p')) : a === 'a' || a === 'p' || (upper && (a === 'A' || a === 'P'));
        const okB = big ? b === 'M' || (upper && b === 'm') : b === 'm' || (upper && b === 'M');
        if (!(n + 1 < s.length && okA && okB)) return undefined;
        st.pm = a === 'P' || a === 'p';
        n += 2;
        break;
      }
      case 'M':
      case 'S':
        if (!(r = num(s, n, 2, pad, 0, 59))) return undefined;
        if (format[i] === 'M') st.minute = r[0];
        else st.second = r[0];
        n += r[1];
        break;
      case 'R':
      case 'T':
      case 'X':
      case 'r': {
        const hmax = format[i] === 'r' ? 12 : 23;
        if (!(r = num(s, n, 2, pad, format[i] === 'r' ? 1 : 0, hmax))) return undefined;
        st.hour = r[0];
        st.h12 = false;
        n += r[1];
        if (s[n] === ':') n++;
        if (!(r = num(s, n, 2, pad, 0, 59))) return undefined;
        st.minute = r[0];
        n += r[1];
        if (format[i] === 'R') break;
        if (s[n] === ':') n++;
        if (!(r = num(s, n, 2, pad, 0, 59))) return undefined;
        st.second = r[0];
        n += r[1];
        if (format[i] === 'r') {
          const a = s[n];
          const b = s[n + 1];
          if (!(n + 1 < s.length && (a === 'a' || a === 'p' || (upper && (a === 'A' || a === 'P'))) && (b === 'm' || (upper && b === 'M')))) return undefined;
          st.pm = a === 'p' || a === 'P';
          n += 2;
        }
        break;
      }
      case 'n':
      case 'N': {
        const [v, l] = gatherNumber(s, n, 9, pad === PAD_SPACE);
        if (l === 0) return undefined;
        st.fraction = v * 10 ** (9 - l);
        n += l;
        break;
      }
      case 'Z':
      case 'z': {
        const next = gatherZone(s, n, Z_ALL, st);
        if (next === undefined) return undefined;
        n = next;
        break;
      }
      case 's': {
        const [epoch, l] = gatherNumber(s, n, upper ? 19 : 10, pad === PAD_SPACE);
        if (l === 0) return undefined;
        const e = millisToTime(upper ? epoch / 1e6 : epoch * 1000);
        if (!e) return undefined;
        const f = fields(e);
        st.century = Math.trunc(f.year / 100);
        st.year = f.year % 100;
        st.month = f.month;
        st.day = f.day;
        st.hour = f.hour;
        st.minute = f.minute;
        st.second = f.second;
        st.loc = undefined;
        st.zoneh = 0;
        st.zonem = 0;
        st.zoneSet = true;
        st.h12 = false;
        n += l;
        break;
      }
      case 'V':
      case 'G':
      case 'j':
      case 'q':
      case 'u':
      case 'w':
      case 'U':
      case 'W': {
        // Read, range-checked and dropped: the date is made of the other fields.
        const [width, min, max] = SKIPPED_FIELDS[format[i]]!;
        if (!(r = num(s, n, width, pad, min, max))) return undefined;
        n += r[1];
        break;
      }
      case '#':
      case '@': {
        const [hh, l1] = gatherNumber(s, n, 10, pad === PAD_SPACE);
        if (l1 < 1) return undefined;
        n += l1;
        if (s[n] === ':') n++;
        const mm = num(s, n, 2, pad, 0, 59);
        if (!mm) return undefined;
        n += mm[1];
        if (s[n] === ':') n++;
        const ss = num(s, n, 2, pad, 0, 59);
        if (!ss) return undefined;
        n += ss[1];
        let ff = 0;
        if (format[i] === '@') {
          if (s[n] === '.') n++;
          const fr = num(s, n, 3, pad, 0, 999);
          if (!fr) return undefined;
          ff = fr[0];
          n += fr[1];
        }
        const t = millisToTime(hh * 3600000 + mm[0] * 60000 + ss[0] * 1000 + ff);
        if (!t) return undefined;
        if (i + 1 === format.length && n === s.length) return t;
        const f = fields(t);
        st.century = Math.trunc(f.year / 100);
        st.year = f.year % 100;
        st.month = f.month;
        st.day = f.day;
        st.hour = f.hour;
        st.minute = f.minute;
        st.second = f.second;
        st.fraction = f.nsec;
        st.h12 = false;
        break;
      }
      default:
        return undefined;
    }
  }
  if (i !== format.length || n !== s.length) return undefined;
  return finish(st);
}
