/**
 * IS_DISTINCT_FROM(a, b) and IS_NOT_DISTINCT_FROM(a, b) (aliases ISDISTINCTFROM,
 * ISNOTDISTINCTFROM): comparisons in which MISSING and NULL are values. Both MISSING, or both
 * NULL, are not distinct; one of them against anything else is distinct (MISSING and NULL too).
 * Two other values compare with `=`: IS_DISTINCT_FROM is TRUE unless `a = b` is TRUE (so
 * `[null]` and `[null]`, whose `=` is NULL, are distinct), IS_NOT_DISTINCT_FROM is `a = b` as it
 * is (NULL for `[null]` and `[null]`). The `a IS [NOT] DISTINCT FROM b` syntax is not parsed.
 * Source: couchbase/query `expression/func_registry.go` (names); behaviour from the reference
 * engine (n1ql-reference).
 */
import { equals, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';

/** True/false when MISSING or NULL decides `a IS NOT DISTINCT FROM b`, undefined when `=` must. */
function unknownSame(a: Value, b: Value): boolean | undefined {
  if (a === undefined || b === undefined) return a === b;
  if (a === null || b === null) return a === b;
  return undefined;
}

export const distinctFromFunctions: FunctionDef[] = [
  {
    name: 'IS_DISTINCT_FROM',
    aliases: ['ISDISTINCTFROM'],
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([a, b]) => {
      const same = unknownSame(a, b);
      return same === undefined ? equals(a, b) !== true : !same;
    },
  },
  {
    name: 'IS_NOT_DISTINCT_FROM',
    aliases: ['ISNOTDISTINCTFROM'],
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([a, b]) => unknownSame(a, b) ?? equals(a, b) ?? null,
  },
];
