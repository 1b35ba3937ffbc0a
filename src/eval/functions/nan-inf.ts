/**
 * The non-finite number constants and the conditionals that produce them: NAN(), POSINF()
 * (aliases INF, POS_INF), NEGINF() (NEG_INF), NANIF, POSINFIF, NEGINFIF (and their `_IF`
 * spellings). IFNAN, IFINF and IFNANORINF, which test for these values, are in conditional.ts.
 *
 * Their results print as the reference prints them: "NaN", "+Infinity", "-Infinity" (values/json.ts).
 * Source: couchbase/query `expression/func_num.go` (NaN, PosInf, NegInf), `func_cond_num.go`
 * (NaNIf, PosInfIf, NegInfIf), `func_registry.go` (names).
 */
import type { FunctionDef } from './function-def.js';
import { ifEqual } from './conditional.js';

/** A function of no arguments that always returns `value`. */
function constant(name: string, aliases: string[], value: number): FunctionDef {
  return { name, aliases, minArgs: 0, maxArgs: 0, nulls: 'strict', fn: () => value };
}

export const nanInfFunctions: FunctionDef[] = [
  /** NAN(): the number NaN. */
  constant('NAN', [], NaN),
  /** POSINF(), aliases INF(), POS_INF(): +Infinity. */
  constant('POSINF', ['INF', 'POS_INF'], Infinity),
  /** NEGINF(), alias NEG_INF(): -Infinity. */
  constant('NEGINF', ['NEG_INF'], -Infinity),
  /**
   * NANIF(a, b), alias NAN_IF: NaN when `a = b` is TRUE, MISSING/NULL when that comparison is
   * MISSING/NULL, else `a` (of any type: NANIF("a", "b") is "a").
   */
  ifEqual('NANIF', ['NAN_IF'], NaN),
  /** POSINFIF(a, b), alias POSINF_IF: +Infinity when `a = b`, else as NANIF. */
  ifEqual('POSINFIF', ['POSINF_IF'], Infinity),
  /** NEGINFIF(a, b), alias NEGINF_IF: -Infinity when `a = b`, else as NANIF. */
  ifEqual('NEGINFIF', ['NEGINF_IF'], -Infinity),
];
