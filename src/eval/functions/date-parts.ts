/**
 * Date parts: extracting one (`DATE_PART_*`, `WEEKDAY_*`) and truncating to one
 * (`DATE_TRUNC_*`). Part names are case-insensitive.
 *
 * Parts: millennium, century, decade, year, iso_year, quarter, month (calendar_month), week,
 * iso_week, day, day_of_year (doy), day_of_week (dow), iso_dow, hour, minute, second,
 * millisecond, timezone, timezone_hour, timezone_minute. Truncation takes millennium … month,
 * week (to Sunday), iso_week (to Monday), day, hour, minute, second, millisecond.
 *
 * Source: couchbase/query `expression/func_date.go` (`datePart`, `dateTrunc`, `yearTrunc`,
 * `monthTrunc`, `timeTrunc`).
 */
import { addDate, fields, isoWeek, truncateMillis, truncateSeconds, type Time } from './date-time.js';

/** The reference's `datePart`: the part as an integer, undefined for an unknown part. */
export function datePart(t: Time, part: string): number | undefined {
  const f = fields(t);
  switch (part.toLowerCase()) {
    case 'millennium': return Math.trunc(f.year / 1000) + 1;
    case 'century': return Math.trunc(f.year / 100) + 1;
    case 'decade': return Math.trunc(f.year / 10);
    case 'year': return f.year;
    case 'quarter': return Math.trunc((f.month + 2) / 3);
    case 'calendar_month':
    case 'month': return f.month;
    case 'day': return f.day;
    case 'hour': return f.hour;
    case 'minute': return f.minute;
    case 'second': return f.second;
    case 'millisecond': return Math.trunc(f.nsec / 1e6);
    case 'week': return Math.ceil(f.yday / 7);
    case 'day_of_year':
    case 'doy': return f.yday;
    case 'day_of_week':
    case 'dow': return f.wday;
    case 'iso_week': return isoWeek(f).week;
    case 'iso_year': return isoWeek(f).year;
    case 'iso_dow': return f.wday === 0 ? 7 : f.wday;
    case 'timezone': return f.offset;
    case 'timezone_hour': return Math.trunc(f.offset / 3600);
    case 'timezone_minute': return Math.trunc((f.offset - Math.trunc(f.offset / 3600) * 3600) / 60);
    default: return undefined;
  }
}

/** The reference's `timeTrunc` ("day" keeps the zone: midnight local time). */
function timeTrunc(t: Time, part: string): Time | undefined {
  switch (part) {
    case 'day': {
      const off = t.zone.offsetAt(t.sec);
      const shifted = truncateSeconds({ sec: t.sec + off, nsec: t.nsec, zone: t.zone }, 86400);
      return { sec: shifted.sec - off, nsec: 0, zone: t.zone };
    }
    case 'hour': return truncateSeconds(t, 3600);
    case 'minute': return truncateSeconds(t, 60);
    case 'second': return truncateSeconds(t, 1);
    case 'millisecond': return truncateMillis(t);
    default: return undefined;
  }
}

const yearTrunc = (t: Time) => {
  const d = timeTrunc(t, 'day')!;
  return addDate(d, 0, 0, 1 - fields(d).yday);
};
const monthTrunc = (t: Time) => {
  const d = timeTrunc(t, 'day')!;
  return addDate(d, 0, 0, 1 - fields(d).day);
};

/** The reference's `dateTrunc`: undefined for a part it cannot truncate to. */
export function dateTrunc(t: Time, part: string): Time | undefined {
  const p = part.toLowerCase();
  switch (p) {
    case 'millennium':
    case 'century':
    case 'decade': {
      const y = yearTrunc(t);
      const unit = p === 'millennium' ? 1000 : p === 'century' ? 100 : 10;
      return addDate(y, -(fields(y).year % unit), 0, 0);
    }
    case 'year': return yearTrunc(t);
    case 'quarter': {
      const m = monthTrunc(t);
      return addDate(m, 0, -((fields(m).month - 1) % 3), 0);
    }
    case 'calendar_month':
    case 'month': return monthTrunc(t);
    case 'week': {
      const d = timeTrunc(t, 'day')!;
      return addDate(d, 0, 0, -fields(d).wday);
    }
    case 'iso_week': {
      const d = timeTrunc(t, 'day')!;
      return addDate(d, 0, 0, -((fields(d).wday + 6) % 7));
    }
    default: return timeTrunc(t, p);
  }
}
