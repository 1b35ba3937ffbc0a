/**
 * DATE_RANGE_MILLIS(start, end, part [, n]) and DATE_RANGE_STR(start, end, part [, n]): the
 * dates from `start` (included) towards `end` (excluded) in steps of `n` parts (default 1;
 * negative to go backwards). Start equal to end, or a step pointing away from `end`, gives
 * `[]`; a step of 0 gives `[start]`; a non-integer step or an unknown part NULL. More than
 * 2^30 elements is the error "Out of range evaluating DATE_RANGE_MILLIS()." (5010).
 * DATE_RANGE_STR keeps the format of `start`.
 *
 * Source: couchbase/query `expression/func_date.go` (DateRangeStr, DateRangeMillis).
 */
import { evaluationError } from '../../errors/index.js';
import type { Value } from '../../values/index.js';
import { checkArgs } from './date-args.js';
import { dateAdd, dateDiff } from './date-arith.js';
import { parseDefault } from './date-format.js';
import { formatGo } from './date-go-layout.js';
import { compareWall, inRange, millisToTime, timeToMillis, type Time } from './date-time.js';
import type { FunctionDef } from './function-def.js';

/** The most elements a range may have (the reference's RANGE_LIMIT check). */
const RANGE_LIMIT = 2 ** 30;

function rangeFn(name: string, kind: 'n' | 's'): FunctionDef {
  return {
    name,
    minArgs: 3,
    maxArgs: 4,
    nulls: 'custom',
    fn: (args): Value => {
      const c = checkArgs(args, kind === 'n' ? 'nnsn' : 'sssn');
      if (c !== true) return c;
      const part = args[2] as string;
      const step = args.length > 3 ? (args[3] as number) : 1;
      let t1: Time | undefined;
      let t2: Time | undefined;
      let layout = '';
      if (kind === 'n') {
        t1 = millisToTime(args[0] as number);
        t2 = millisToTime(args[1] as number);
      } else {
        const p1 = parseDefault(args[0] as string);
        t1 = p1?.t;
        layout = p1?.layout ?? '';
        t2 = parseDefault(args[1] as string)?.t;
      }
      if (!t1 || !t2 || !Number.isInteger(step)) return null;
      const order = kind === 'n' ? compareWall(t1, t2) : t1.sec - t2.sec || t1.nsec - t2.nsec;
      if (order === 0) return [];
      if (order > 0 ? step >= 0 : step < 0) return [];
      let capacity = dateDiff(t1, t2, part);
      if (capacity === undefined) return null;
      capacity = Math.abs(capacity);
      if (step !== 0) capacity = Math.trunc(capacity / Math.abs(step));
      if (capacity > RANGE_LIMIT) throw evaluationError(`Out of range evaluating ${name}().`);
      const out: Value[] = [];
      const end = timeToMillis(t2);
      // calendar_month counts each element from the start (2020-01-30, 02-29, 03-30 …); the
      // other parts step from the previous element.
      const fromStart = part.toLowerCase() === 'calendar_month';
      let k = 0;
      let cur: Time | undefined = t1;
      while (cur) {
        const ms = timeToMillis(cur);
        if (!((step > 0 && ms < end) || (step < 0 && ms > end) || (step === 0 && out.length === 0))) break;
        out.push(kind === 'n' ? ms : formatGo(cur, layout));
        if (step === 0) break;
        k++;
        cur = fromStart ? dateAdd(t1, k * step, part) : dateAdd(cur, step, part);
        if (cur && !inRange(cur)) break;
      }
      return out;
    },
  };
}

export const dateRangeFunctions: FunctionDef[] = [rangeFn('DATE_RANGE_MILLIS', 'n'), rangeFn('DATE_RANGE_STR', 's')];
