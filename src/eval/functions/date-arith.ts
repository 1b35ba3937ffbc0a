/**
 * Date arithmetic: adding `n` parts to a Time (`DATE_ADD_*`, `DATE_RANGE_*`) and the number of
 * parts between two Times (`DATE_DIFF_*`). Part names are case-insensitive.
 *
 * Adding: millennium, century, decade, year, quarter, month (Go `AddDate`: 2021-01-31 + 1 month
 * = 2021-03-03), calendar_month (clamped to the month's end, and month end stays month end),
 * week, day (calendar days in the zone), hour, minute, second, millisecond (exact durations).
 *
 * Difference: the reference's field-by-field algorithm (year and day-of-year differences, leap
 * days between, then hours … milliseconds), so `DATE_DIFF_STR('2018-09-11 00:00:01',
 * '2018-09-10 23:59:59', 'day')` is 1.
 *
 * Source: couchbase/query `expression/func_date.go` (`dateAdd`, `dateDiff`, `diffPart`,
 * `diffDates`, `leapYearsBetween`).
 */
import { addDate, addNanos, addSeconds, compareWall, daysIn, fields, makeTime, type Fields, type Time } from './date-time.js';

/** Go's `time.Duration` range: `n` hours beyond it overflow int64 nanoseconds (wraps in Go). */
const MAX_DURATION_NS = 9223372036854775807;

/** The reference's `dateAdd`: undefined for an unknown part. */
export function dateAdd(t: Time, n: number, part: string): Time | undefined {
  switch (part.toLowerCase()) {
    case 'millennium': return addDate(t, n * 1000, 0, 0);
    case 'century': return addDate(t, n * 100, 0, 0);
    case 'decade': return addDate(t, n * 10, 0, 0);
    case 'year': return addDate(t, n, 0, 0);
    case 'quarter': return addDate(t, 0, n * 3, 0);
    case 'month': return addDate(t, 0, n, 0);
    case 'calendar_month': return addCalendarMonths(t, n);
    case 'week': return addDate(t, 0, 0, n * 7);
    case 'day': return addDate(t, 0, 0, n);
    case 'hour': return Math.abs(n * 3600e9) > MAX_DURATION_NS ? undefined : addSeconds(t, n * 3600);
    case 'minute': return Math.abs(n * 60e9) > MAX_DURATION_NS ? undefined : addSeconds(t, n * 60);
    case 'second': return Math.abs(n * 1e9) > MAX_DURATION_NS ? undefined : addSeconds(t, n);
    case 'millisecond': return addNanos(t, n * 1e6);
    default: return undefined;
  }
}

/**
 * calendar_month: the month moves by `n`; a day past the new month's end becomes its last day,
 * and the last day of a month stays the last day (2021-02-28 + 2 = 2021-04-30).
 */
function addCalendarMonths(t: Time, n: number): Time {
  if (n === 0) return t;
  const f = fields(t);
  const last = f.day === daysIn(f.month, f.year);
  let ny = f.year + Math.trunc(n / 12);
  let m0 = f.month - 1 + (n % 12);
  if (m0 >= 12) {
    m0 -= 12;
    ny++;
  } else if (m0 < 0) {
    m0 += 12;
    ny--;
  }
  const nm = m0 + 1;
  const nd = last ? daysIn(nm, ny) : Math.min(f.day, daysIn(nm, ny));
  return makeTime(ny, nm, nd, f.hour, f.minute, f.second, f.nsec, t.zone);
}

const leapYearsWithin = (year: number) => {
  year = year > 0 ? year - 1 : year + 1;
  return Math.trunc(year / 4) - Math.trunc(year / 100) + Math.trunc(year / 400);
};

/** The reference's `diffPart` on the field differences of t1 ≥ t2. */
function diffPart(f1: Fields, f2: Fields, p: string): number | undefined {
  const dYear = f1.year - f2.year;
  const days = () => dYear * 365 + (f1.yday - f2.yday) + (dYear !== 0 ? leapYearsWithin(f1.year) - leapYearsWithin(f2.year) : 0);
  const hours = () => days() * 24 + (f1.hour - f2.hour);
  const minutes = () => hours() * 60 + (f1.minute - f2.minute);
  const seconds = () => minutes() * 60 + (f1.second - f2.second);
  switch (p) {
    case 'millisecond': return seconds() * 1000 + (Math.trunc(f1.nsec / 1e6) - Math.trunc(f2.nsec / 1e6));
    case 'second': return seconds();
    case 'minute': return minutes();
    case 'hour': return hours();
    case 'day': return days();
    case 'week': return Math.trunc(days() / 7);
    case 'calendar_month':
    case 'month': return Math.abs(f1.year * 12 + f1.month - (f2.year * 12 + f2.month));
    case 'quarter': {
      const q = (f: Fields) => Math.trunc((f.month + 2) / 3);
      return Math.abs(f1.year * 4 + q(f1) - (f2.year * 4 + q(f2)));
    }
    case 'year': return dYear;
    case 'decade': return Math.trunc(dYear / 10);
    case 'century': return Math.trunc(dYear / 100);
    case 'millennium': return Math.trunc(dYear / 1000);
    default: return undefined;
  }
}

/** The reference's `dateDiff(t1, t2, part)`: positive when t1 is later; undefined for an unknown part. */
export function dateDiff(t1: Time, t2: Time, part: string): number | undefined {
  let sign = 1;
  if (compareWall(t1, t2) < 0) {
    [t1, t2] = [t2, t1];
    sign = -1;
  }
  const d = diffPart(fields(t1), fields(t2), part.toLowerCase());
  return d === undefined ? undefined : d * sign + 0;
}

