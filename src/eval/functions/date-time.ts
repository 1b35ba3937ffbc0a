/**
 * The instant-with-zone the date functions compute on, modelled on Go's `time.Time` (the
 * reference's representation): whole seconds since the epoch, nanoseconds within the second,
 * and a zone. Calendar fields are proleptic Gregorian with a year 0, as Go's.
 *
 * Source: Go `time` package semantics (`time.Date` normalisation, `AddDate`, `Truncate`,
 * `ISOWeek`, `YearDay`); couchbase/query `expression/func_date.go` (`millisToTime`,
 * `timeToMillis`).
 */
import { localZone, type Zone } from './date-zone.js';

/** An instant (`sec` whole seconds since the epoch, `nsec` in [0, 1e9)) seen in `zone`. */
export interface Time {
  readonly sec: number;
  readonly nsec: number;
  readonly zone: Zone;
}

/** Calendar fields of a Time in its zone. `month` 1–12, `wday` 0 = Sunday, `yday` 1–366. */
export interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  nsec: number;
  wday: number;
  yday: number;
  /** Zone offset in seconds east of UTC. */
  offset: number;
}

const DAY = 86400;

/** Days since 1970-01-01 of a proleptic Gregorian date (month may be any integer, normalised). */
export function daysFromCivil(y: number, m: number, d: number): number {
  // Normalise the month into [1, 12] first (Go's time.Date does the same).
  const m0 = m - 1;
  y += Math.floor(m0 / 12);
  m = (((m0 % 12) + 12) % 12) + 1;
  y -= m <= 2 ? 1 : 0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The proleptic Gregorian date of a day count since 1970-01-01. */
export function civilFromDays(z: number): { year: number; month: number; day: number } {
  z += 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function isLeapYear(y: number): boolean {
  return y % 400 === 0 || (y % 4 === 0 && y % 100 !== 0);
}

const DAYS_BEFORE = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/** Number of days in a month of a year. */
export function daysIn(month: number, year: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** The zone's offset at the Time's instant. */
export function offsetOf(t: Time): number {
  return t.zone.offsetAt(t.sec);
}

/** Calendar fields of `t` in its zone. */
export function fields(t: Time): Fields {
  const offset = t.zone.offsetAt(t.sec);
  const local = t.sec + offset;
  const days = Math.floor(local / DAY);
  let rem = local - days * DAY;
  const { year, month, day } = civilFromDays(days);
  const hour = Math.floor(rem / 3600);
  rem -= hour * 3600;
  const minute = Math.floor(rem / 60);
  const second = rem - minute * 60;
  const wday = (((days + 4) % 7) + 7) % 7;
  const yday = DAYS_BEFORE[month - 1] + day + (month > 2 && isLeapYear(year) ? 1 : 0);
  return { year, month, day, hour, minute, second, nsec: t.nsec, wday, yday, offset };
}

/**
 * Go `time.Date(year, month, day, hour, min, sec, nsec, zone)`: out-of-range values normalise
 * (month 13 is January of the next year, day 0 the last day of the previous month …). In a
 * DST gap or overlap the offset is chosen as Go chooses it (the offset in effect at the local
 * time read as UTC, corrected once).
 */
export function makeTime(year: number, month: number, day: number, hour: number, minute: number, second: number, nsec: number, zone: Zone): Time {
  // Normalise nanoseconds into seconds.
  const carry = Math.floor(nsec / 1e9);
  const ns = nsec - carry * 1e9;
  const localSec = daysFromCivil(year, month, 1) * DAY + (day - 1) * DAY + hour * 3600 + minute * 60 + second + carry;
  if (zone.fixed !== undefined) return { sec: localSec - zone.fixed, nsec: ns, zone };
  let off = zone.offsetAt(localSec);
  if (off !== 0) {
    const off2 = zone.offsetAt(localSec - off);
    if (off2 !== off) off = off2;
  }
  return { sec: localSec - off, nsec: ns, zone };
}

/** The same instant in another zone (Go `t.In(loc)`). */
export function inZone(t: Time, zone: Zone): Time {
  return { sec: t.sec, nsec: t.nsec, zone };
}

/** Earliest and latest milliseconds the reference accepts (years -9999 to 9999 in zones -12:00 to +14:00). */
export const MIN_MILLIS = -377705073600000;
export const MAX_MILLIS = 253402250399999;

/** True when the Time lies in the range the reference accepts. */
export function inRange(t: Time): boolean {
  const ms = t.sec * 1000 + t.nsec / 1e6;
  return ms >= MIN_MILLIS && ms < MAX_MILLIS + 1;
}

/**
 * The reference's `millisToTime`: `time.Unix(int64(ms/1000), int64(math.Mod(ms, 1000)*1e6))`
 * in the local zone; undefined outside the accepted range.
 */
export function millisToTime(ms: number, zone: Zone = localZone()): Time | undefined {
  if (!(ms >= MIN_MILLIS && ms <= MAX_MILLIS)) return undefined;
  let sec = Math.trunc(ms / 1000);
  let nsec = Math.trunc((ms % 1000) * 1e6);
  if (nsec < 0) {
    nsec += 1e9;
    sec -= 1;
  } else if (nsec >= 1e9) {
    nsec -= 1e9;
    sec += 1;
  }
  return { sec, nsec, zone };
}

/**
 * The reference's `timeToMillis`: `t.Unix()*1000 + t.Round(ms).Nanosecond()/1e6` (a rounding
 * that reaches the next second contributes 0, as there).
 */
export function timeToMillis(t: Time): number {
  let msPart = Math.floor((t.nsec + 500000) / 1e6);
  if (msPart >= 1000) msPart = 0;
  return t.sec * 1000 + msPart;
}

/** Go `ISOWeek`: the ISO 8601 year and week number. */
export function isoWeek(f: Fields): { year: number; week: number } {
  // Shift to the Thursday of the same ISO week; its year is the ISO year.
  const wd = (f.wday + 6) % 7; // Monday = 0
  const days = daysFromCivil(f.year, f.month, f.day) - wd + 3;
  const thu = civilFromDays(days);
  const jan1 = daysFromCivil(thu.year, 1, 1);
  return { year: thu.year, week: Math.floor((days - jan1) / 7) + 1 };
}

/** Go `t.AddDate(years, months, days)`: calendar arithmetic with `time.Date` normalisation. */
export function addDate(t: Time, years: number, months: number, days: number): Time {
  const f = fields(t);
  return makeTime(f.year + years, f.month + months, f.day + days, f.hour, f.minute, f.second, f.nsec, t.zone);
}

/** Go `t.Add(d)` for a duration of `ns` nanoseconds (an integer). */
export function addNanos(t: Time, ns: number): Time {
  const total = t.nsec + ns;
  const carry = Math.floor(total / 1e9);
  return { sec: t.sec + carry, nsec: total - carry * 1e9, zone: t.zone };
}

/** Go `t.Add(n * unit)` where unit is a whole number of seconds. */
export function addSeconds(t: Time, seconds: number): Time {
  return { sec: t.sec + seconds, nsec: t.nsec, zone: t.zone };
}

/**
 * Go `t.Truncate(d)` for `d` a whole number of seconds or of milliseconds: rounds down the time
 * since Go's zero time (year 1), which for these units is the same as since the epoch.
 */
export function truncateSeconds(t: Time, seconds: number): Time {
  const r = ((t.sec % seconds) + seconds) % seconds;
  return { sec: t.sec - r, nsec: 0, zone: t.zone };
}

export function truncateMillis(t: Time): Time {
  return { sec: t.sec, nsec: t.nsec - (t.nsec % 1e6), zone: t.zone };
}

/**
 * The order of Go's `t.String()` ("2006-01-02 15:04:05.999999999 -0700 MST"), which the
 * reference compares in dateDiff and DATE_RANGE_MILLIS: local wall-clock time first.
 */
export function compareWall(a: Time, b: Time): number {
  const la = a.sec + a.zone.offsetAt(a.sec);
  const lb = b.sec + b.zone.offsetAt(b.sec);
  return la !== lb ? la - lb : a.nsec - b.nsec;
}
