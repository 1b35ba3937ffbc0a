/**
 * Conditional functions for unknowns and numbers. Reference: couchbase/query
 * `expression/func_cond_unknown.go`, `func_cond_num.go`; docs `condfununknown.adoc`,
 * `condfunnum.adoc`. All are 'custom': they exist to look at MISSING and NULL.
 */
import { equals, equivalent, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';

function variadic(name: string, aliases: string[], fn: (args: Value[]) => Value): FunctionDef {
  return { name, aliases, minArgs: 2, maxArgs: Infinity, nulls: 'custom', fn };
}

/**
 * MISSINGIF / NULLIF (and NANIF, POSINFIF, NEGINFIF in nan-inf.ts): the result of `a = b` when
 * that is MISSING or NULL, `result` when it is TRUE, else `a`.
 */
export function ifEqual(name: string, aliases: string[], result: Value): FunctionDef {
  return {
    name,
    aliases,
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([a, b]) => {
      const eq = equals(a, b);
      if (eq === undefined || eq === null) return eq;
      return eq ? result : a;
    },
  };
}

/**
 * IFNAN / IFINF / IFNANORINF: the first argument that is a number passing `ok`; a non-number
 * met first gives NULL; if only MISSINGs and rejected numbers are met, MISSING if there was a
 * MISSING, else NULL. Source: couchbase/query `expression/func_cond_num.go`.
 */
function ifNumber(name: string, aliases: string[], ok: (x: number) => boolean): FunctionDef {
  return variadic(name, aliases, (args) => {
    let missing = false;
    for (const a of args) {
      if (a === undefined) missing = true;
      // An int64 past 2^53 is finite: its nearest double, as the reference's float64 view gives it.
      else if (typeof a === 'bigint') return Number(a);
      else if (typeof a !== 'number') return null;
      else if (ok(a)) return a;
    }
    return missing ? undefined : null;
  });
}

export const conditionalFunctions: FunctionDef[] = [
  /** IFMISSING(a, b, …): the first non-MISSING argument; NULL if all are MISSING. */
  variadic('IFMISSING', ['IF_MISSING'], (args) => {
    const v = args.find((a) => a !== undefined);
    return v === undefined ? null : v;
  }),
  /** IFNULL(a, b, …): the first non-NULL argument (which may be MISSING); NULL if all are NULL. */
  variadic('IFNULL', ['IF_NULL'], (args) => {
    const i = args.findIndex((a) => a !== null);
    return i < 0 ? null : args[i];
  }),
  /** IFMISSINGORNULL(a, b, …), alias COALESCE: the first argument neither MISSING nor NULL, else NULL. */
  variadic('IFMISSINGORNULL', ['IF_MISSING_OR_NULL', 'COALESCE'], (args) => args.find((a) => a !== undefined && a !== null) ?? null),
  {
    /** NVL(a, b): `a` unless it is MISSING or NULL, else `b`. */
    name: 'NVL',
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([a, b]) => (a === undefined || a === null ? b : a),
  },
  {
    /** NVL2(a, b, c): `b` if `a` is neither MISSING nor NULL, else `c`. */
    name: 'NVL2',
    minArgs: 3,
    maxArgs: 3,
    nulls: 'custom',
    fn: ([a, b, c]) => (a === undefined || a === null ? c : b),
  },
  /** MISSINGIF(a, b): MISSING if `a` = `b`; MISSING/NULL if the comparison is; else `a`. */
  ifEqual('MISSINGIF', ['MISSING_IF'], undefined),
  /** NULLIF(a, b): NULL if `a` = `b`; MISSING/NULL if the comparison is; else `a`. */
  ifEqual('NULLIF', ['NULL_IF'], null),
  /** IFNAN(a, b, …): the first number that is not NaN. */
  ifNumber('IFNAN', ['IF_NAN'], (x) => !Number.isNaN(x)),
  /** IFINF(a, b, …): the first number that is not ±Infinity. */
  ifNumber('IFINF', ['IF_INF'], (x) => Number.isNaN(x) || Number.isFinite(x)),
  /** IFNANORINF(a, b, …): the first finite number. */
  ifNumber('IFNANORINF', ['IF_NAN_OR_INF'], (x) => Number.isFinite(x)),
  {
    /**
     * DECODE(v, s1, r1, …, [default]): the `r` of the first `s` equivalent to `v` (MISSING only to MISSING), else the
     * default, else NULL.
     */
    name: 'DECODE',
    minArgs: 3,
    maxArgs: Infinity,
    nulls: 'custom',
    fn: ([v, ...rest]) => {
      for (let i = 0; i + 1 < rest.length; i += 2) if (equivalent(v, rest[i])) return rest[i + 1];
      return rest.length % 2 === 1 ? rest[rest.length - 1] : null;
    },
  },
];
