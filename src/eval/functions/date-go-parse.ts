/**
 * The reference's own parser for user-given Go reference layouts (`02/01/2006 15:04:05Z0700`),
 * which differs from Go's `time.Parse`: a space matches any one character, `T` any character,
 * other non-punctuation literals are invalid; `MST` reads any zone name; fractions `.000`
 * need that many digits while `.999` takes up to nine.
 *
 * Source: couchbase/query `expression/func_date.go` (`strToTimeGoFormat`).
 */
import { DAYS, MONTHS, SHORT_DAYS, SHORT_MONTHS } from './date-go-layout.js';
import type { Time } from './date-time.js';
import { isPunct } from './date-common.js';
import { finish, gatherNumber, gatherZone, newState, Z_1COLON, Z_1PART, Z_2COLON, Z_2PART, Z_3PART, Z_ALLOW_Z, Z_NAME } from './date-parse-state.js';

/** Index of the first of `names` that `s` has at `n`, or -1. */
function prefixIndex(s: string, n: number, names: string[]): number {
  for (let k = 0; k < names.length; k++) if (s.startsWith(names[k], n)) return k;
  return -1;
}

/** Parses `s` with a Go-style layout as the reference does; undefined when it does not match. */
export function parseGoLayout(s: string, format: string): Time | undefined {
  const st = newState();
  let n = 0;
  let i = 0;
  let v: number;
  let l: number;
  /** Reads a 1–2 (or exactly 2 when `fixed`) digit number in [lo, hi]. */
  const two = (fixed: boolean, lo: number, hi: number, spaces: boolean): number | undefined => {
    [v, l] = gatherNumber(s, n, 2, spaces);
    if ((fixed ? l !== 2 : l !== 1 && l !== 2) || v < lo || v > hi) return undefined;
    n += l;
    return v;
  };
  for (i = 0; i < format.length && n < s.length; i++) {
    const rest = (x: string) => format.startsWith(x, i);
    if (format[i] === ' ') {
      n++;
      continue;
    }
    if (rest('January')) {
      const k = prefixIndex(s, n, MONTHS);
      if (k < 0) return undefined;
      st.month = k + 1;
      n += MONTHS[k].length;
      i += 6;
      continue;
    }
    if (rest('Monday')) {
      const k = prefixIndex(s, n, DAYS);
      if (k < 0) return undefined;
      n += DAYS[k].length;
      i += 5;
      continue;
    }
    if (rest('2006')) {
      [v, l] = gatherNumber(s, n, 4, false);
      if (l !== 4) return undefined;
      st.century = Math.trunc(v / 100);
      st.year = v % 100;
      n += l;
      i += 3;
      continue;
    }
    if (rest('MST')) {
      const next = gatherZone(s, n, Z_NAME, st);
      if (next === undefined) return undefined;
      n = next;
      i += 2;
      continue;
    }
    if (rest('Jan') || rest('Mon')) {
      const names = rest('Jan') ? SHORT_MONTHS : SHORT_DAYS;
      const k = prefixIndex(s, n, names);
      if (k < 0) return undefined;
      if (names === SHORT_MONTHS) st.month = k + 1;
      n += 3;
      i += 2;
      continue;
    }
    if (rest('__2') || rest('002')) {
      [v, l] = gatherNumber(s, n, 3, true);
      if ((rest('002') ? l !== 3 : l < 1 || l > 3) || v < 1 || v > 366) return undefined;
      st.yday = v;
      n += l;
      i += 2;
      continue;
    }
    const pair = format.slice(i, i + 2);
    let done = true;
    switch (pair) {
      case '01':
        if ((st.month = two(true, 1, 12, true) ?? -2) === -2) return undefined;
        break;
      case '02':
        if ((st.day = two(true, 1, 31, true) ?? -2) === -2) return undefined;
        break;
      case '_2':
        // Space-padded day: the reference reads `Aug  9` with it.
        if ((st.day = two(false, 1, 31, true) ?? -2) === -2) return undefined;
        break;
      case '15':
        if ((st.hour = two(false, 0, 23, false) ?? -2) === -2) return undefined;
        st.h12 = false;
        break;
      case '03':
        if ((st.hour = two(true, 1, 12, true) ?? -2) === -2) return undefined;
        st.h12 = true;
        break;
      case 'PM':
      case 'pm': {
        const [p, a] = pair === 'PM' ? ['P', 'A'] : ['p', 'a'];
        if (n + 1 < s.length && s[n] === p) st.pm = true;
        else if (n + 1 < s.length && s[n] === a) st.pm = false;
        else return undefined;
        n += 2;
        break;
      }
      case '04':
        if ((st.minute = two(true, 0, 59, true) ?? -2) === -2) return undefined;
        break;
      case '05':
        if ((st.second = two(true, 0, 59, true) ?? -2) === -2) return undefined;
        break;
      case '06':
        if ((st.year = two(true, 0, 99, true) ?? -2) === -2) return undefined;
        st.yearSeen = true;
        break;
      case '.0':
      case '.9': {
        if (s[n] !== '.') return undefined;
        n++;
        i++;
        let j = 0;
        while (i + j < format.length && format[i] === format[i + j]) j++;
        i += j - 1;
        [v, l] = gatherNumber(s, n, pair === '.0' ? j : 9, pair === '.9');
        if (l === 0 || (pair === '.0' && l !== j)) return undefined;
        n += l;
        st.fraction = v * 10 ** (9 - Math.min(l, 9));
        break;
      }
      default:
        done = false;
    }
    if (done) {
      if (pair !== '.0' && pair !== '.9') i++;
      continue;
    }
    const c = format[i];
    const single: Record<string, [number, number, (x: number) => void]> = {
      '1': [1, 12, (x) => (st.month = x)],
      '2': [1, 31, (x) => (st.day = x)],
      '3': [1, 12, (x) => ((st.hour = x), (st.h12 = true))],
      '4': [0, 59, (x) => (st.minute = x)],
      '5': [0, 59, (x) => (st.second = x)],
    };
    if (single[c]) {
      const [lo, hi, set] = single[c];
      const x = two(false, lo, hi, false);
      if (x === undefined) return undefined;
      set(x);
      continue;
    }
    if (c === 'Z' || c === '-') {
      let j = 0;
      let flags = 0;
      if (format.startsWith('07:00:00', i + 1)) [flags, j] = [Z_2COLON, 8];
      else if (format.startsWith('070000', i + 1)) [flags, j] = [Z_3PART, 6];
      else if (format.startsWith('07:00', i + 1)) [flags, j] = [Z_1COLON, 5];
      else if (format.startsWith('0700', i + 1)) [flags, j] = [Z_2PART, 4];
      else if (format.startsWith('07', i + 1)) [flags, j] = [Z_1PART, 2];
      if (j > 0) {
        if (c === 'Z') flags |= Z_ALLOW_Z;
        const next = gatherZone(s, n, flags, st);
        if (next === undefined) return undefined;
        n = next;
        i += j;
        continue;
      }
    }
    if (!isPunct(c) && c !== 'T') return undefined;
    if (c !== 'T' && c !== s[n]) return undefined;
    n++;
  }
  if (i !== format.length || n !== s.length) return undefined;
  return finish(st);
}
