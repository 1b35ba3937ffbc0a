/**
 * The current time: NOW_* give the statement's instant (one value for the whole statement,
 * `FunctionContext.now`), CLOCK_* the system clock at each call.
 *
 * NOW_MILLIS(), NOW_STR([fmt]) (alias NOW_LOCAL), NOW_UTC([fmt]), NOW_TZ(tz [, fmt]),
 * CLOCK_MILLIS(), CLOCK_STR([fmt]) (alias CLOCK_LOCAL), CLOCK_UTC([fmt]), CLOCK_TZ(tz [, fmt]).
 * A MISSING argument gives MISSING, a NULL or non-string one NULL, an unknown zone NULL.
 *
 * Source: couchbase/query `expression/func_date.go` (NowMillis, NowStr, NowUTC, NowTZ,
 * ClockMillis, ClockStr, ClockUTC, ClockTZ; func_registry.go for the aliases).
 */
import type { Value } from '../../values/index.js';
import { checkArgs, zoneArg } from './date-args.js';
import { timeToStr } from './date-format.js';
import { inZone, millisToTime, type Time } from './date-time.js';
import { UTC, type Zone } from './date-zone.js';
import type { FunctionContext, FunctionDef } from './function-def.js';

type Clock = (ctx: FunctionContext) => number;
const statementNow: Clock = (ctx) => ctx.now;
const systemClock: Clock = () => Date.now();

function at(ms: number, zone?: Zone): Time {
  const t = millisToTime(ms)!;
  return zone ? inZone(t, zone) : t;
}

/** X_STR([fmt]) / X_UTC([fmt]). */
function strFn(name: string, clock: Clock, zone: Zone | undefined, aliases?: string[]): FunctionDef {
  return {
    name,
    aliases,
    minArgs: 0,
    maxArgs: 1,
    nulls: 'custom',
    volatile: true,
    fn: (args, ctx) => {
      const ok = checkArgs(args, 's');
      if (ok !== true) return ok;
      return timeToStr(at(clock(ctx), zone), (args[0] as string | undefined) ?? '');
    },
  };
}

/** X_TZ(tz [, fmt]). */
function tzFn(name: string, clock: Clock): FunctionDef {
  return {
    name,
    minArgs: 1,
    maxArgs: 2,
    nulls: 'custom',
    volatile: true,
    fn: (args, ctx): Value => {
      const ok = checkArgs(args, 'ss');
      if (ok !== true) return ok;
      const zone = zoneArg(args[0] as string);
      if (!zone) return null;
      return timeToStr(at(clock(ctx), zone), (args[1] as string | undefined) ?? '');
    },
  };
}

export const dateNowFunctions: FunctionDef[] = [
  { name: 'NOW_MILLIS', minArgs: 0, maxArgs: 0, nulls: 'custom', volatile: true, fn: (_a, ctx) => ctx.now },
  strFn('NOW_STR', statementNow, undefined, ['NOW_LOCAL']),
  strFn('NOW_UTC', statementNow, UTC),
  tzFn('NOW_TZ', statementNow),
  { name: 'CLOCK_MILLIS', minArgs: 0, maxArgs: 0, nulls: 'custom', volatile: true, fn: () => Date.now() },
  strFn('CLOCK_STR', systemClock, undefined, ['CLOCK_LOCAL']),
  strFn('CLOCK_UTC', systemClock, UTC),
  tzFn('CLOCK_TZ', systemClock),
];
