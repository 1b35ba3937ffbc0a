/**
 * Date function laws (fast-check), with the local zone UTC as the reference's default:
 *
 * 1. DATE_ADD_MILLIS(DATE_ADD_MILLIS(t, n, p), -n, p) = t
 *    - for millisecond, second, minute, hour (exact durations): always;
 *    - for day and week: always in a zone without DST (UTC here; in a DST zone a result that
 *      lands in a gap moves);
 *    - for month, quarter, year, decade, century, millennium: when the day of the month is at
 *      most 28 (2016-01-31 + 1 month normalises to 2016-03-02, which does not come back);
 *    - for calendar_month: when the day is at most 27 (a result on a month's last day, such as
 *      2015-10-28 + 4 = 2016-02-28… in a non-leap February, comes back as a month end);
 *    whenever both results are in the accepted range (years -9999…9999).
 * 2. STR_TO_MILLIS(MILLIS_TO_STR(t, f), f) = t for formats that carry every field down to the
 *    millisecond and the offset: the default format, `%Y-%m-%dT%H:%M:%S.%n%z`,
 *    `YYYY-MM-DDThh:mm:ss.sTZD`, `2006-01-02T15:04:05.000Z07:00`; also through another zone
 *    (MILLIS_TO_TZ). The `%`, common and Go formats need a year in 0…9999 (four digits).
 *    Formats with `.999` (trailing zeros dropped) or `%F` do not round-trip whole seconds.
 * Runs: TOKENQL_PROPERTY_RUNS (default 200).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FunctionContext } from '../../src/eval/functions/function-def.js';
import { callFunction, lookupFunction } from '../../src/eval/functions/registry.js';
import { resetLocalZone } from '../../src/eval/functions/date-zone.js';
import type { Value } from '../../src/values/index.js';

process.env.TZ = 'UTC';
resetLocalZone();

const RUNS = Number(process.env.TOKENQL_PROPERTY_RUNS ?? 200);
const ctx: FunctionContext = { warn: () => {}, now: 0 };
const call = (name: string, ...args: Value[]) => callFunction(lookupFunction(name)!, args, ctx);

/** Year 0001 … 9998, in milliseconds. */
const millis = fc.integer({ min: -62135596800000, max: 253370764800000 });
/** Year 0000 … 9998 for four-digit formats. */
const millis4 = fc.integer({ min: -62167219200000, max: 253370764800000 });

function addBack(part: string, t: number, n: number): boolean {
  const there = call('DATE_ADD_MILLIS', t, n, part);
  fc.pre(typeof there === 'number');
  const back = call('DATE_ADD_MILLIS', there, -n, part);
  fc.pre(typeof back === 'number');
  return back === t;
}

describe('DATE_ADD_MILLIS(DATE_ADD_MILLIS(t, n, p), -n, p) = t', () => {
  for (const part of ['millisecond', 'second', 'minute', 'hour', 'day', 'week']) {
    it(`${part}: always (UTC)`, () => {
      fc.assert(fc.property(millis, fc.integer({ min: -100000, max: 100000 }), (t, n) => addBack(part, t, n)), { numRuns: RUNS });
    });
  }
  for (const part of ['month', 'calendar_month', 'quarter', 'year', 'decade', 'century', 'millennium']) {
    const maxDay = part === 'calendar_month' ? 27 : 28;
    it(`${part}: when the day of the month is at most ${maxDay}`, () => {
      fc.assert(
        fc.property(millis, fc.integer({ min: -50, max: 50 }), (t, n) => {
          fc.pre((call('DATE_PART_MILLIS', t, 'day') as number) <= maxDay);
          return addBack(part, t, n);
        }),
        { numRuns: RUNS },
      );
    });
  }
  it('does not hold for month on the 31st (2016-01-31 + 1 month = 2016-03-02, - 1 month = 2016-02-02)', () => {
    expect(call('DATE_ADD_MILLIS', 1454198400000, 1, 'month')).toBe(1456876800000);
    expect(call('DATE_ADD_MILLIS', call('DATE_ADD_MILLIS', 1454198400000, 1, 'month'), -1, 'month')).toBe(1454371200000);
  });
});

describe('STR_TO_MILLIS(MILLIS_TO_STR(t, f), f) = t', () => {
  it('default format (no format), years 1…9998', () => {
    fc.assert(fc.property(millis, (t) => call('STR_TO_MILLIS', call('MILLIS_TO_STR', t)) === t), { numRuns: RUNS });
  });
  for (const f of ['%Y-%m-%dT%H:%M:%S.%n%z', 'YYYY-MM-DDThh:mm:ss.sTZD', '2006-01-02T15:04:05.000Z07:00']) {
    it(`${f}, years 0…9998`, () => {
      fc.assert(fc.property(millis4, (t) => call('STR_TO_MILLIS', call('MILLIS_TO_STR', t, f), f) === t), { numRuns: RUNS });
    });
    it(`${f} through another zone`, () => {
      const zones = fc.constantFrom('America/New_York', 'Asia/Kolkata', 'Europe/London', 'Australia/Lord_Howe', '+05:45');
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 4102444800000 }), zones, (t, z) => call('STR_TO_MILLIS', call('MILLIS_TO_TZ', t, z, f), f) === t),
        { numRuns: RUNS },
      );
    });
  }
});
