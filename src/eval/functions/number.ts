/**
 * Number functions. Reference: couchbase/query `expression/func_num.go`; docs `numericfun.adoc`.
 * All are 'strict' (MISSING arg → MISSING, else NULL arg → NULL); a non-number argument gives
 * NULL. Results are IEEE doubles as the reference's Go `math` gives them, NaN and ±Infinity
 * included (SQRT(-1) is NaN, LN(0) -Infinity); a zero result is +0 (the reference builds its
 * results with `value.NewValue`, which never keeps -0: ATAN2(ROUND(-0.1), -1) is π).
 */
import type { Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { goInt64OfFloat, GoRand } from './go-math-rand.js';
import { goPowInt } from './go-pow.js';
import { goAcos, goAsin, goAtan, goAtan2, goCos, goSin, goTan } from './go-trig.js';
import { isInt, strictFn, unsignedZero } from './support.js';

/** A strict function of number arguments (any other argument: NULL); -0 comes out as 0. */
function numFn(name: string, arity: number, f: (...x: number[]) => number, aliases?: string[]): FunctionDef {
  return strictFn(name, arity, arity, (args) => args.every((a) => typeof a === 'number'), (args) => unsignedZero(f(...(args as number[]))), aliases);
}

/**
 * The reference's `roundFloat`: scale by 10^digits (Go's `math.Pow`, see go-pow.ts), add 0.5 to
 * the magnitude and floor; with `toEven`, an exact .5 tie goes to the even neighbour
 * (ROUND(2.5) = 2, ROUND(3.5) = 4). Source: couchbase/query `expression/func_num.go` `roundFloat`.
 */
function roundTo(x: number, digits: number, toEven: boolean): number {
  const sign = x < 0 ? -1 : 1;
  const pow = goPowInt(10, digits);
  const intermed = Math.abs(x) * pow + 0.5;
  let r = Math.floor(intermed);
  if (toEven && r === intermed && r % 2 !== 0) r--;
  return (sign * r) / pow;
}

/**
 * The reference's `truncateFloat`: scale by 10^digits (Go's `math.Pow`), truncate, scale back.
 * Source: couchbase/query `expression/func_num.go` `truncateFloat`.
 */
function truncTo(x: number, digits: number): number {
  const pow = goPowInt(10, digits);
  return Math.trunc(x * pow) / pow;
}

/** ROUND / ROUND_NEAREST / TRUNC: (x [, digits]); `digits` an integer, else NULL. */
function digitsFn(name: string, f: (x: number, d: number) => number, aliases?: string[]): FunctionDef {
  return {
    name,
    aliases,
    minArgs: 1,
    maxArgs: 2,
    nulls: 'strict',
    fn: ([x, d]) => {
      if (typeof x !== 'number' || (d !== undefined && !isInt(d))) return null;
      return unsignedZero(f(x, d ?? 0));
    },
  };
}

export const numberFunctions: FunctionDef[] = [
  numFn('ABS', 1, Math.abs),
  numFn('CEIL', 1, Math.ceil),
  numFn('FLOOR', 1, Math.floor),
  numFn('SQRT', 1, Math.sqrt),
  numFn('EXP', 1, Math.exp),
  /** LN(x): natural logarithm; -Infinity for 0, NaN below. */
  numFn('LN', 1, Math.log),
  /**
   * LOG(x): base-10 logarithm; -Infinity for 0, NaN below. Computed as Go's `math.Log10` does,
   * ln(x) × (1/ln 10), which differs from `Math.log10` in the last bit (LOG(3) = 0.4771212547196624).
   */
  numFn('LOG', 1, (x) => Math.log(x) * Math.LOG10E),
  numFn('POWER', 2, Math.pow),
  /** SIGN(x): -1, 0 or 1. */
  numFn('SIGN', 1, (x) => (x < 0 ? -1 : x > 0 ? 1 : 0)),
  numFn('SIN', 1, goSin),
  numFn('COS', 1, goCos),
  numFn('TAN', 1, goTan),
  numFn('ASIN', 1, goAsin),
  numFn('ACOS', 1, goAcos),
  numFn('ATAN', 1, goAtan),
  /** SIN … ATAN2 compute as Go's `math` does (go-trig.ts), bit for bit. ATAN2(y, x): Go `math.Atan2(y, x)`. */
  numFn('ATAN2', 2, goAtan2),
  numFn('DEGREES', 1, (x) => (x * 180) / Math.PI, ['DEG']),
  numFn('RADIANS', 1, (x) => (x * Math.PI) / 180, ['RAD']),
  numFn('PI', 0, () => Math.PI),
  numFn('E', 0, () => Math.E),
  /** ROUND(x [, digits]), alias ROUND_EVEN: half to even, as the reference's `Round`. */
  digitsFn('ROUND', (x, d) => roundTo(x, d, true), ['ROUND_EVEN']),
  /** ROUND_NEAREST(x [, digits]): half away from zero. */
  digitsFn('ROUND_NEAREST', (x, d) => roundTo(x, d, false)),
  /** TRUNC(x [, digits]): towards zero. */
  digitsFn('TRUNC', truncTo),
  {
    /**
     * RANDOM([seed]): a double in [0, 1). Without a seed, `Math.random()`. With a seed computed
     * per row (a column, a parameter, a negative literal): the first value of Go's `math/rand`
     * generator seeded with it (go-math-rand.ts), so equal seeds give equal values; a non-integer
     * seed → NULL; a non-number → NULL. A non-negative number literal seed is compiled into one
     * generator that advances per evaluation instead (compile-random.ts).
     * Source: couchbase/query `expression/func_num.go` `Random`.
     */
    name: 'RANDOM',
    minArgs: 0,
    maxArgs: 1,
    nulls: 'strict',
    volatile: true,
    fn: (args): Value => {
      if (args.length === 0) return Math.random();
      return isInt(args[0]) ? new GoRand(goInt64OfFloat(args[0])).float64() : null;
    },
  },
];
