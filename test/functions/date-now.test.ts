/**
 * NOW_* read the statement's instant (`FunctionContext.now`), CLOCK_* the system clock. With
 * the instant fixed at 1463284740123 the NOW_* strings are the reference's MILLIS_TO_* answers
 * for that instant; the MISSING/NULL/wrong-type rows are the reference's answers for NOW_* and
 * CLOCK_* themselves (TZ=UTC).
 */
import { describe, expect, it } from 'vitest';
import type { FunctionContext } from '../../src/eval/functions/function-def.js';
import { callFunction, lookupFunction } from '../../src/eval/functions/registry.js';
import { resetLocalZone } from '../../src/eval/functions/date-zone.js';
import type { Value } from '../../src/values/index.js';
import { MISSING } from './table.js';

process.env.TZ = 'UTC';
resetLocalZone();

const T = 1463284740123; // 2016-05-15T03:59:00.123Z
const ctx: FunctionContext = { warn: () => {}, now: T };
const call = (name: string, ...args: Value[]) => callFunction(lookupFunction(name)!, args, ctx);

describe('NOW_* give the statement instant', () => {
  it.each<[string, Value[], Value]>([
    ['NOW_MILLIS', [], T],
    ['NOW_STR', [], '2016-05-15T03:59:00.123Z'],
    ['NOW_LOCAL', ['%Y'], '2016'],
    ['NOW_UTC', ['2006-01-02'], '2016-05-15'],
    ['NOW_TZ', ['Asia/Tokyo', '2006-01-02 15:04 MST'], '2016-05-15 12:59 JST'],
    ['NOW_TZ', ['Asia/Kolkata'], '2016-05-15T09:29:00.123+05:30'],
  ])('%s(%j) = %j', (name, args, expected) => {
    expect(call(name, ...args)).toEqual(expected);
  });

  it('is the same value on every call of a statement', () => {
    expect(call('NOW_STR')).toBe(call('NOW_STR'));
  });
});

describe('MISSING, NULL and wrong types', () => {
  it.each<[string, Value[], Value]>([
    ['NOW_STR', [MISSING], MISSING],
    ['NOW_STR', [null], null],
    ['NOW_STR', [1], null],
    ['NOW_LOCAL', [null], null],
    ['NOW_UTC', [MISSING], MISSING],
    ['NOW_UTC', [null], null],
    ['NOW_TZ', [MISSING], MISSING],
    ['NOW_TZ', [null], null],
    ['NOW_TZ', [1], null],
    ['NOW_TZ', ['Bad/Zone'], null],
    ['NOW_TZ', ['UTC', MISSING], MISSING],
    ['NOW_TZ', ['UTC', null], null],
    ['NOW_TZ', [null, MISSING], MISSING],
    ['CLOCK_STR', [MISSING], MISSING],
    ['CLOCK_STR', [null], null],
    ['CLOCK_LOCAL', [MISSING], MISSING],
    ['CLOCK_UTC', [2], null],
    ['CLOCK_TZ', ['Bad/Zone'], null],
    ['CLOCK_TZ', [MISSING, 'x'], MISSING],
  ])('%s(%j) = %j', (name, args, expected) => {
    expect(call(name, ...args)).toBe(expected);
  });
});

describe('CLOCK_* read the system clock', () => {
  it('CLOCK_MILLIS is a number near Date.now()', () => {
    const v = call('CLOCK_MILLIS') as number;
    expect(typeof v).toBe('number');
    expect(Math.abs(v - Date.now())).toBeLessThan(5000);
  });
  it('CLOCK_UTC() is an ISO string in UTC', () => {
    expect(call('CLOCK_UTC')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
  });
  it('CLOCK_TZ with a fixed offset', () => {
    expect(call('CLOCK_TZ', '+05:30')).toMatch(/\+05:30$/);
  });
  it('NOW_* and CLOCK_* are volatile (never folded as constants)', () => {
    for (const n of ['NOW_MILLIS', 'NOW_STR', 'NOW_UTC', 'NOW_TZ', 'CLOCK_MILLIS', 'CLOCK_STR', 'CLOCK_UTC', 'CLOCK_TZ']) expect(lookupFunction(n)!.volatile).toBe(true);
  });
});

describe('one NOW per statement (through the engine)', () => {
  it('NOW_MILLIS is the same in the projection, a subquery and 50,000 array elements', async () => {
    const { Database } = await import('../../src/index.js');
    const db = await Database.open({});
    const r = await db.query('SELECT NOW_MILLIS() AS a, (SELECT RAW NOW_MILLIS())[0] AS b, ARRAY NOW_MILLIS() FOR x IN ARRAY_RANGE(0, 50000) END AS arr');
    const row = (r.results as { a: number; b: number; arr: number[] }[])[0];
    expect(row.b).toBe(row.a);
    expect(new Set(row.arr)).toEqual(new Set([row.a]));
  });
});
