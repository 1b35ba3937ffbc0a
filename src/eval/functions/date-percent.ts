/**
 * `%`-style date formats, after the Unix `date` command (`%Y-%m-%d %H:%M:%S.%N %z`): formatting
 * (parsing is in date-percent-parse.ts). Flags `_` (space pad), `-` (no pad), `0` (zero pad), `^` (upper case; case
 * insensitive when parsing; for `%Z` the location name); a width is read (used on output);
 * `E`/`O` are ignored; `:`, `::`, `:::` before `z`. A space in the format matches any one
 * character when parsing.
 *
 * Source: couchbase/query `expression/func_date.go` (`strToTimePercentFormat`,
 * `timeToStrPercentFormat`, `formatInt`).
 */
import { DAYS, formatGo, MONTHS } from './date-go-layout.js';
import { fields, isoWeek, makeTime, type Time } from './date-time.js';

/** The reference's default format (`%F`, and the output when no format is given). */
export const DEFAULT_FORMAT = '2006-01-02T15:04:05.999Z07:00';
/** `%D`. */
export const SHORT_DATE_FORMAT = '2006-01-02';

export const PAD_ZERO = 0;
export const PAD_SPACE = 1;
export const NO_PAD = 2;

/**
 * The flag of a `%` directive at `format[i]` (just after the `%`): `_` pads with spaces, `-`
 * does not pad, `0` pads with zeros (the default), `^` upper-cases. Returns the padding, the
 * upper-case flag and the index after the flag. Shared by formatting and parsing.
 */
export function directiveFlag(format: string, i: number): { pad: number; upper: boolean; next: number } {
  switch (format[i]) {
    case '_':
      return { pad: PAD_SPACE, upper: false, next: i + 1 };
    case '-':
      return { pad: NO_PAD, upper: false, next: i + 1 };
    case '0':
      return { pad: PAD_ZERO, upper: false, next: i + 1 };
    case '^':
      return { pad: PAD_ZERO, upper: true, next: i + 1 };
    default:
      return { pad: PAD_ZERO, upper: false, next: i };
  }
}

/** Go `fmt.Sprintf("%0*d")`/`"%*d"`/`"%d"` as the reference's `formatInt` chooses. */
function formatInt(width: number, defWidth: number, pad: number, val: number): string {
  if (width <= 0) width = defWidth;
  const s = String(val);
  if (pad === NO_PAD || s.length >= width) return s;
  if (pad === PAD_SPACE) return s.padStart(width, ' ');
  return val < 0 ? '-' + String(-val).padStart(width - 1, '0') : s.padStart(width, '0');
}

const two = (n: number) => (n < 10 ? '0' : '') + n;

/** `%+03d%02d`-style offset text. */
function offsetText(off: number, colons: number): string | undefined {
  const h = Math.trunc(off / 3600);
  let m = Math.trunc((off - h * 3600) / 60);
  let s = (off - h * 3600) % 60;
  if (m < 0) {
    m = -m;
    s = -s;
  }
  // Go's %+03d of the hour: an offset between -1h and 0 prints as +00 (as the reference does).
  const hs = (h < 0 ? '-' : '+') + two(Math.abs(h));
  switch (colons) {
    case 0: return hs + two(m);
    case 1: return `${hs}:${two(m)}`;
    case 2: return `${hs}:${two(m)}:${two(s)}`;
    case 3: return m === 0 && s === 0 ? hs : s === 0 ? `${hs}:${two(m)}` : `${hs}:${two(m)}:${two(s)}`;
    default: return undefined;
  }
}

/**
 * The reference's `timeToStrPercentFormat`; undefined (NULL in the reference's answers) for a
 * malformed format or an unknown element.
 */
export function formatPercent(t: Time, format: string): string | undefined {
  const f = fields(t);
  let res = '';
  const invalid = () => undefined;
  for (let i = 0; i < format.length; i++) {
    if (format[i] !== '%' || i + 1 >= format.length) {
      res += format[i];
      continue;
    }
    i++;
    const flag = directiveFlag(format, i);
    const { pad, upper } = flag;
    i = flag.next;
    if (i >= format.length) return invalid();
    let width = 0;
    const st = i;
    while (i < format.length && format[i] >= '0' && format[i] <= '9') i++;
    if (st < i) {
      if (i >= format.length) return invalid();
      width = Number(format.slice(st, i));
    }
    if (format[i] === 'E' || format[i] === 'O') {
      i++;
      if (i >= format.length) return invalid();
    }
    let colons = 0;
    while (format[i] === ':') {
      colons++;
      i++;
    }
    if (colons > 0 && format[i] !== 'z') return invalid();
    const up = (s: string) => (upper ? s.toUpperCase() : s);
    const h12 = f.hour === 0 ? 12 : f.hour > 12 ? f.hour - 12 : f.hour;
    switch (format[i]) {
      case 'x':
      case 'D': res += formatGo(t, SHORT_DATE_FORMAT); break;
      case 'F': res += formatGo(t, DEFAULT_FORMAT); break;
      case 'Y': res += formatInt(width, 4, pad, f.year); break;
      case 'C': res += formatInt(width, 2, pad, Math.trunc(f.year / 100)); break;
      case 'y': res += formatInt(width, 2, pad, f.year % 100); break;
      case 'm': res += formatInt(width, 2, pad, f.month); break;
      case 'B': res += up(MONTHS[f.month - 1]); break;
      case 'b': res += up(MONTHS[f.month - 1].slice(0, 3)); break;
      case 'd': res += formatInt(width, 2, pad, f.day); break;
      case 'f': {
        const d = f.day;
        res += up(d === 3 || d === 23 ? 'rd' : d === 1 || d === 21 ? 'st' : d === 2 || d === 22 ? 'nd' : 'th');
        break;
      }
      case 'A': res += up(DAYS[f.wday]); break;
      case 'a': res += up(DAYS[f.wday].slice(0, 3)); break;
      case 'H': res += formatInt(width, 2, pad, f.hour); break;
      case 'I': res += formatInt(width, 2, pad, h12); break;
      case 'p': res += f.hour < 12 ? 'AM' : 'PM'; break;
      case 'P': res += up(f.hour < 12 ? 'am' : 'pm'); break;
      case 'M': res += formatInt(width, 2, pad, f.minute); break;
      case 'S': res += formatInt(width, 2, pad, f.second); break;
      case 's':
        res += upper ? formatInt(width, 0, pad, t.sec * 1e9 + t.nsec) : formatInt(width, 0, pad, t.sec);
        break;
      case 'r':
        res += `${formatInt(width, 2, pad, h12)}:${formatInt(width, 2, pad, f.minute)}:${formatInt(width, 2, pad, f.second)} ${f.hour > 12 ? 'PM' : 'AM'}`;
        break;
      case 'R': res += `${formatInt(width, 2, pad, f.hour)}:${formatInt(width, 2, pad, f.minute)}`; break;
      case 'X':
      case 'T': res += `${formatInt(width, 2, pad, f.hour)}:${formatInt(width, 2, pad, f.minute)}:${formatInt(width, 2, pad, f.second)}`; break;
      case 'N': res += formatInt(width, 9, pad, f.nsec); break;
      case 'n': {
        let ms = Math.floor((f.nsec + 500000) / 1e6);
        if (ms >= 1000) ms = 0;
        res += formatInt(width, 3, pad, ms);
        break;
      }
      case 'z': {
        const z = offsetText(f.offset, colons);
        if (z === undefined) return invalid();
        res += z;
        break;
      }
      case 'Z':
        if (pad === NO_PAD && f.offset === 0) res += 'Z';
        else res += upper ? t.zone.name : t.zone.abbrAt(t.sec);
        break;
      case '%': res += '%'; break;
      case 'V': res += formatInt(width, 1, pad, isoWeek(f).week); break;
      case 'G': res += formatInt(width, 1, pad, isoWeek(f).year); break;
      case 'j': res += formatInt(width, 1, pad, f.yday); break;
      case 'q': res += formatInt(width, 1, pad, Math.trunc((f.month - 1) / 3) + 1); break;
      case 'u': res += formatInt(width, 1, pad, f.wday === 0 ? 7 : f.wday); break;
      case 'w': res += formatInt(width, 1, pad, f.wday); break;
      case 'U':
      case 'W': {
        const first = fields(makeTime(f.year, 1, 1, 0, 0, 0, 0, t.zone)).wday;
        const fd = format[i] === 'U' ? first : (first + 6) % 7;
        res += formatInt(width, 1, pad, Math.trunc((f.yday - 1 + fd) / 7));
        break;
      }
      case '#':
      case '@': {
        let n = format[i] === '#' ? t.sec : t.sec * 1000 + Math.trunc(t.nsec / 1e6);
        if (n < 0) n = 0;
        const unit = format[i] === '#' ? 1 : 1000;
        const h = Math.trunc(n / (3600 * unit));
        n -= h * 3600 * unit;
        const m = Math.trunc(n / (60 * unit));
        n -= m * 60 * unit;
        const s = Math.trunc(n / unit);
        res += `${h}:${two(m)}:${two(s)}` + (unit === 1000 ? '.' + String(n % 1000).padStart(3, '0') : '');
        break;
      }
      default:
        return undefined;
    }
  }
  return res;
}

