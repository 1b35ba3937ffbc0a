/**
 * Converting between epoch milliseconds, date strings, zones and durations:
 * MILLIS_TO_STR(ms [, fmt]) (alias MILLIS_TO_LOCAL), MILLIS_TO_UTC(ms [, fmt]),
 * MILLIS_TO_ZONE_NAME(ms, tz [, fmt]) (alias MILLIS_TO_TZ), STR_TO_MILLIS(s [, fmt]) (alias
 * MILLIS), STR_TO_UTC(s [, fmt [, outFmt]]), STR_TO_ZONE_NAME(s, tz [, fmt [, outFmt]]) (alias
 * STR_TO_TZ), DATE_FORMAT_STR(s, [inFmt,] outFmt), DURATION_TO_STR(ns [, 'seconds']),
 * STR_TO_DURATION(s [, 'seconds']).
 *
 * MISSING gives MISSING and NULL or a wrong type NULL, checked in the reference's order
 * (STR_TO_MILLIS and STR_TO_UTC look at the date before the format: `STR_TO_MILLIS(NULL,
 * MISSING)` is NULL). A string that does not parse, an unknown zone, or a time outside the
 * years -9999…9999 gives NULL.
 *
 * Source: couchbase/query `expression/func_date.go` (MillisToStr, MillisToUTC,
 * MillisToZoneName, StrToMillis, StrToUTC, StrToZoneName, DateFormatStr, DurationToStr,
 * StrToDuration).
 */
import type { Value } from '../../values/index.js';
import { checkArgs, zoneArg } from './date-args.js';
import { durationToStr, parseDuration } from './date-duration.js';
import { formatFromStr, parseDefault, strToTime, timeToStr } from './date-format.js';
import { inZone, millisToTime, timeToMillis, type Time } from './date-time.js';
import { UTC, type Zone } from './date-zone.js';
import type { FunctionDef } from './function-def.js';

/** MILLIS_TO_*: (ms, [tz,] [fmt]) → string in the zone (local when none). */
function millisTo(name: string, withTz: boolean, fixed: Zone | undefined, aliases?: string[]): FunctionDef {
  return {
    name,
    aliases,
    minArgs: withTz ? 2 : 1,
    maxArgs: withTz ? 3 : 2,
    nulls: 'custom',
    fn: (args) => {
      const ok = checkArgs(args, withTz ? 'nss' : 'ns');
      if (ok !== true) return ok;
      let zone = fixed;
      if (withTz) {
        zone = zoneArg(args[1] as string);
        if (!zone) return null;
      }
      const t = millisToTime(args[0] as number);
      if (!t) return null;
      return timeToStr(zone ? inZone(t, zone) : t, (args[withTz ? 2 : 1] as string | undefined) ?? '') ?? null;
    },
  };
}

/** The first argument (a date string) checked alone, as STR_TO_MILLIS and STR_TO_UTC do. */
function firstString(args: Value[]): true | null | undefined {
  const a = args[0];
  if (a === undefined) return undefined;
  return typeof a === 'string' ? true : null;
}

/** Parses `s` with `fmt`, or with the default formats and the example format of `s` itself. */
function parseWithFormat(s: string, fmt: string | undefined): { t: Time; out: string } | undefined {
  if (fmt !== undefined) {
    const t = strToTime(s, fmt);
    return t && { t, out: fmt };
  }
  const p = parseDefault(s);
  return p && { t: p.t, out: formatFromStr(s) };
}

const strToMillis: FunctionDef = {
  name: 'STR_TO_MILLIS',
  aliases: ['MILLIS'],
  minArgs: 1,
  maxArgs: 2,
  nulls: 'custom',
  fn: (args) => {
    const ok = firstString(args);
    if (ok !== true) return ok;
    if (args.length > 1) {
      if (args[1] === undefined) return undefined;
      if (typeof args[1] !== 'string') return null;
    }
    const t = strToTime(args[0] as string, (args[1] as string | undefined) ?? '');
    return t ? timeToMillis(t) : null;
  },
};

const strToUtc: FunctionDef = {
  name: 'STR_TO_UTC',
  minArgs: 1,
  maxArgs: 3,
  nulls: 'custom',
  fn: (args) => {
    const ok = firstString(args);
    if (ok !== true) return ok;
    for (let i = 1; i < args.length; i++) {
      if (args[i] === undefined) return undefined;
      if (typeof args[i] !== 'string') return null;
    }
    const p = parseWithFormat(args[0] as string, args[1] as string | undefined);
    if (!p) return null;
    return timeToStr(inZone(p.t, UTC), (args[2] as string | undefined) ?? p.out) ?? null;
  },
};

const strToZoneName: FunctionDef = {
  name: 'STR_TO_ZONE_NAME',
  aliases: ['STR_TO_TZ'],
  minArgs: 2,
  maxArgs: 4,
  nulls: 'custom',
  fn: (args) => {
    const ok = checkArgs(args.slice(0, 2), 'ss');
    if (ok !== true) return ok;
    const zone = zoneArg(args[1] as string);
    if (!zone) return null;
    for (let i = 2; i < args.length; i++) {
      if (args[i] === undefined) return undefined;
      if (typeof args[i] !== 'string') return null;
    }
    const p = parseWithFormat(args[0] as string, args[2] as string | undefined);
    if (!p) return null;
    return timeToStr(inZone(p.t, zone), (args[3] as string | undefined) ?? p.out) ?? null;
  },
};

const dateFormatStr: FunctionDef = {
  name: 'DATE_FORMAT_STR',
  minArgs: 2,
  maxArgs: 3,
  nulls: 'custom',
  fn: (args) => {
    const ok = checkArgs(args, 'sss');
    if (ok !== true) return ok;
    const t = strToTime(args[0] as string, args.length === 3 ? (args[1] as string) : '');
    if (!t) return null;
    return timeToStr(t, args[args.length - 1] as string) ?? null;
  },
};

/** DURATION_TO_STR(ns [, 'seconds']): Go's duration text, or seconds with 3 to 9 decimals. */
const durationToStrFn: FunctionDef = {
  name: 'DURATION_TO_STR',
  minArgs: 1,
  maxArgs: 2,
  nulls: 'custom',
  fn: (args) => {
    const ok = checkArgs(args, 'ns');
    if (ok !== true) return ok;
    const d = args[0] as number;
    if (!Number.isFinite(d) || Math.abs(d) >= 9.223372036854776e18) return null;
    const ns = BigInt(Math.trunc(d));
    if (args.length === 1) return durationToStr(ns);
    if ((args[1] as string).toLowerCase() !== 'seconds') return null;
    const neg = ns < 0n;
    const abs = neg ? -ns : ns;
    let fraction = String(abs % 1000000000n).padStart(9, '0').replace(/0+$/, '');
    fraction = fraction.padEnd(3, '0');
    return `${neg ? '-' : ''}${abs / 1000000000n}.${fraction}`;
  },
};

/**
 * STR_TO_DURATION(s [, 'seconds']): Go duration text to nanoseconds; a bare number is seconds.
 * With 'seconds' (any case) the text must be a bare number of seconds.
 */
const strToDurationFn: FunctionDef = {
  name: 'STR_TO_DURATION',
  minArgs: 1,
  maxArgs: 2,
  nulls: 'custom',
  fn: (args) => {
    const ok = checkArgs(args, 'ss');
    if (ok !== true) return ok;
    const s = args[0] as string;
    const bare = /^[+-]?(\d+\.?\d*|\.\d+)$/.test(s);
    if (args.length > 1 && ((args[1] as string).toLowerCase() !== 'seconds' || !bare)) return null;
    const d = parseDuration(bare ? s + 's' : s);
    return d === undefined ? null : Number(d);
  },
};

export const dateConvertFunctions: FunctionDef[] = [
  millisTo('MILLIS_TO_STR', false, undefined, ['MILLIS_TO_LOCAL']),
  millisTo('MILLIS_TO_UTC', false, UTC),
  millisTo('MILLIS_TO_ZONE_NAME', true, undefined, ['MILLIS_TO_TZ']),
  strToMillis,
  strToUtc,
  strToZoneName,
  dateFormatStr,
  durationToStrFn,
  strToDurationFn,
];
