/**
 * Argument checks shared by the date functions, in the reference's order: a MISSING argument
 * among those checked together makes the result MISSING, otherwise a NULL or wrong-typed one
 * makes it NULL.
 *
 * Source: couchbase/query `expression/func_date.go` (the `missing`/`null` flags of each
 * `Evaluate`).
 */
import type { Value } from '../../values/index.js';
import { loadZoneArg } from './date-parse-state.js';
import type { Zone } from './date-zone.js';

/** Expected kind of each argument: `n` number, `s` string. */
export type ArgKinds = string;

/**
 * Checks `args` against `kinds` together: MISSING (undefined) if one is MISSING, NULL if one is
 * not of its kind, else `true` (all valid). Arguments beyond `args.length` are not checked.
 */
export function checkArgs(args: Value[], kinds: ArgKinds): true | null | undefined {
  let bad = false;
  for (let i = 0; i < args.length && i < kinds.length; i++) {
    const a = args[i];
    if (a === undefined) return undefined;
    if (kinds[i] === 'n' ? typeof a !== 'number' : typeof a !== 'string') bad = true;
  }
  return bad ? null : true;
}

const zoneArgCache = new Map<string, Zone | null>();

/** A zone argument (name or offset) as the reference's `loadLocation` reads it; undefined when invalid. */
export function zoneArg(tz: string): Zone | undefined {
  let z = zoneArgCache.get(tz);
  if (z === undefined) {
    z = loadZoneArg(tz) ?? null;
    if (zoneArgCache.size > 1000) zoneArgCache.clear();
    zoneArgCache.set(tz, z);
  }
  return z ?? undefined;
}
