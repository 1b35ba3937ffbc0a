/**
 * ARRAY_REPLACE_EQUIVALENT(a, v1, v2 [, n]): as ARRAY_REPLACE, but elements are matched by
 * equivalence (same kind and content) instead of `=`, so a NULL `v1` replaces NULL elements.
 * Reference: couchbase/query `expression/func_array.go`, checked against the reference engine:
 * MISSING `a`, `v1`, `v2` or `n` → MISSING; a non-array `a`, or an `n` that is not an integer
 * (NULL too), → NULL; at most `n` replacements, the first ones (none when `n` ≤ 0); a MISSING
 * element is never replaced.
 */
import { equivalent } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { isArrayValue, isInt } from './support.js';

export const arrayReplaceEquivalentFunctions: FunctionDef[] = [
  {
    name: 'ARRAY_REPLACE_EQUIVALENT',
    minArgs: 3,
    maxArgs: 4,
    nulls: 'custom',
    fn: (args) => {
      if (args.some((x) => x === undefined)) return undefined;
      const [a, v1, v2, ...max] = args;
      if (!isArrayValue(a) || (max.length > 0 && !isInt(max[0]))) return null;
      let left = max.length > 0 ? (max[0] as number) : Infinity;
      return a.map((e) => {
        if (left <= 0 || e === undefined || !equivalent(v1, e)) return e;
        left--;
        return v2;
      });
    },
  },
];
