/**
 * Date arithmetic and components on epoch milliseconds and date strings:
 * DATE_ADD_MILLIS/STR(date, n, part), DATE_DIFF_MILLIS/STR(d1, d2, part),
 * DATE_DIFF_ABS_MILLIS/STR(d1, d2, part), DATE_PART_MILLIS(ms, part [, tz]),
 * DATE_PART_STR(s, part), DATE_TRUNC_MILLIS(ms, part), DATE_TRUNC_STR(s, part [, fmt]),
 * WEEKDAY_MILLIS(ms [, tz]), WEEKDAY_STR(s).
 *
 * MISSING gives MISSING, NULL or a wrong type NULL; a string that does not parse, an unknown
 * part or zone, a non-integer `n`, or a result outside the years -9999…9999 gives NULL. An
 * unknown part for DATE_TRUNC_* also adds the warning "Date error: Invalid component".
 * DATE_*_STR results keep the input string's format.
 *
 * Source: couchbase/query `expression/func_date.go` (DateAddMillis … WeekdayStr).
 */
import { checkArgs, zoneArg } from './date-args.js';
import { dateAdd, dateDiff } from './date-arith.js';
import { parseDefault, strToTime, timeToStr } from './date-format.js';
import { DAYS, formatGo } from './date-go-layout.js';
import { datePart, dateTrunc } from './date-parts.js';
import { inRange, inZone, millisToTime, timeToMillis, type Time } from './date-time.js';
import { UTC } from './date-zone.js';
import type { FunctionContext, FunctionDef } from './function-def.js';

const ok = (t: Time | undefined) => (t && inRange(t) ? t : undefined);

const dateAddMillis: FunctionDef = {
  name: 'DATE_ADD_MILLIS',
  minArgs: 3,
  maxArgs: 3,
  nulls: 'strict',
  fn: ([d, n, p]) => {
    if (typeof d !== 'number' || typeof n !== 'number' || typeof p !== 'string' || !Number.isInteger(n)) return null;
    const t = millisToTime(d);
    const r = t && ok(dateAdd(t, n, p));
    return r ? timeToMillis(r) : null;
  },
};

const dateAddStr: FunctionDef = {
  name: 'DATE_ADD_STR',
  minArgs: 3,
  maxArgs: 3,
  nulls: 'strict',
  fn: ([d, n, p]) => {
    if (typeof d !== 'string' || typeof n !== 'number' || typeof p !== 'string') return null;
    const parsed = parseDefault(d);
    if (!parsed || !Number.isInteger(n)) return null;
    const r = ok(dateAdd(parsed.t, n, p));
    return r ? formatGo(r, parsed.layout) : null;
  },
};

function diffFn(name: string, kind: 'n' | 's', abs: boolean): FunctionDef {
  return {
    name,
    minArgs: 3,
    maxArgs: 3,
    nulls: 'strict',
    fn: ([a, b, p]) => {
      if (typeof a !== (kind === 'n' ? 'number' : 'string') || typeof b !== typeof a || typeof p !== 'string') return null;
      const t1 = kind === 'n' ? millisToTime(a as number) : strToTime(a as string);
      const t2 = kind === 'n' ? millisToTime(b as number) : strToTime(b as string);
      if (!t1 || !t2) return null;
      const d = dateDiff(t1, t2, p);
      if (d === undefined) return null;
      return abs ? Math.abs(d) : d;
    },
  };
}

const datePartMillis: FunctionDef = {
  name: 'DATE_PART_MILLIS',
  minArgs: 2,
  maxArgs: 3,
  nulls: 'custom',
  fn: (args) => {
    const c = checkArgs(args, 'nss');
    if (c !== true) return c;
    let t = millisToTime(args[0] as number);
    if (args.length > 2) {
      const zone = zoneArg(args[2] as string);
      if (!zone) return null;
      t = t && inZone(t, zone);
    }
    return (t && datePart(t, args[1] as string)) ?? null;
  },
};

const datePartStr: FunctionDef = {
  name: 'DATE_PART_STR',
  minArgs: 2,
  maxArgs: 2,
  nulls: 'strict',
  fn: ([s, p]) => {
    if (typeof s !== 'string' || typeof p !== 'string') return null;
    const t = strToTime(s);
    return (t && datePart(t, p)) ?? null;
  },
};

/** DATE_TRUNC_*: an unknown part warns, as the reference's "Invalid component" error. */
function truncOrWarn(t: Time, part: string, ctx: FunctionContext): Time | undefined {
  const r = dateTrunc(t, part);
  if (!r) ctx.warn('Date error: Invalid component');
  return r;
}

const dateTruncMillis: FunctionDef = {
  name: 'DATE_TRUNC_MILLIS',
  minArgs: 2,
  maxArgs: 2,
  nulls: 'strict',
  fn: ([m, p], ctx) => {
    if (typeof m !== 'number' || typeof p !== 'string') return null;
    // The reference truncates epoch milliseconds on UTC calendar boundaries.
    const t = millisToTime(m, UTC);
    const r = t && truncOrWarn(t, p, ctx);
    return r ? timeToMillis(r) : null;
  },
};

const dateTruncStr: FunctionDef = {
  name: 'DATE_TRUNC_STR',
  minArgs: 2,
  maxArgs: 3,
  nulls: 'custom',
  fn: (args, ctx) => {
    const c = checkArgs(args, 'sss');
    if (c !== true) return c;
    const [s, p, fmt] = args as string[];
    if (fmt !== undefined && fmt !== '') {
      const t = strToTime(s, fmt);
      const r = t && truncOrWarn(t, p, ctx);
      return r ? (timeToStr(r, fmt) ?? null) : null;
    }
    const parsed = parseDefault(s);
    const r = parsed && truncOrWarn(parsed.t, p, ctx);
    return r ? formatGo(r, parsed.layout) : null;
  },
};

const weekdayMillis: FunctionDef = {
  name: 'WEEKDAY_MILLIS',
  minArgs: 1,
  maxArgs: 2,
  nulls: 'custom',
  fn: (args) => {
    const c = checkArgs(args, 'ns');
    if (c !== true) return c;
    let t = millisToTime(args[0] as number);
    if (args.length > 1) {
      const zone = zoneArg(args[1] as string);
      if (!zone) return null;
      t = t && inZone(t, zone);
    }
    return t ? DAYS[datePart(t, 'dow')!] : null;
  },
};

const weekdayStr: FunctionDef = {
  name: 'WEEKDAY_STR',
  minArgs: 1,
  maxArgs: 1,
  nulls: 'strict',
  fn: ([s]) => {
    if (typeof s !== 'string') return null;
    const t = strToTime(s);
    return t ? DAYS[datePart(t, 'dow')!] : null;
  },
};

export const dateCalcFunctions: FunctionDef[] = [
  dateAddMillis,
  dateAddStr,
  diffFn('DATE_DIFF_MILLIS', 'n', false),
  diffFn('DATE_DIFF_STR', 's', false),
  diffFn('DATE_DIFF_ABS_MILLIS', 'n', true),
  diffFn('DATE_DIFF_ABS_STR', 's', true),
  datePartMillis,
  datePartStr,
  dateTruncMillis,
  dateTruncStr,
  weekdayMillis,
  weekdayStr,
];
