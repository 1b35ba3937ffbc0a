/**
 * Functions of the reference's "other" group that need no service: UUID() and
 * RANDOM_ELEMENT(a). Reference: couchbase/query `expression/func_meta.go` (`Uuid`) and
 * `func_array.go`; checked against the reference engine. Both are volatile (a new value on
 * every call).
 */
import { randomUUID } from 'node:crypto';
import type { FunctionDef } from './function-def.js';

export const otherFunctions: FunctionDef[] = [
  /** UUID(): a new random (version 4) UUID as 36 characters, e.g. "b00526be-15b8-4275-8431-1b0750ea247a". */
  { name: 'UUID', minArgs: 0, maxArgs: 0, nulls: 'strict', volatile: true, fn: () => randomUUID() },
  /**
   * RANDOM_ELEMENT(a): one element of the array `a` chosen at random; NULL for `[]` or a
   * non-array; MISSING → MISSING.
   */
  {
    name: 'RANDOM_ELEMENT',
    minArgs: 1,
    maxArgs: 1,
    nulls: 'strict',
    volatile: true,
    fn: ([a]) => (Array.isArray(a) && a.length > 0 ? a[Math.floor(Math.random() * a.length)] : null),
  },
];
