/**
 * The navigation functions, the function forms of path steps: FIELD(o, name) is `o.[name]`,
 * ELEMENT(a, i) is `a[i]`, SLICE(a [, start [, end]]) is `a[start:end]` (`a[]` without bounds).
 * Reference: couchbase/query `expression/nav_field.go`, `nav_element.go`, `nav_slice.go`
 * (registry names `field`, `element`, `slice`), checked against the reference engine. They
 * follow the path rules exactly (compile-path.ts): e.g. FIELD of MISSING or a non-object is
 * MISSING, a name that is not a string NULL; ELEMENT past either end MISSING, a non-integer index NULL;
 * SLICE outside the array MISSING, non-integer bounds or a non-array NULL.
 */
import { elementOf, getField, sliceOf } from '../compile-path.js';
import type { FunctionDef } from './function-def.js';

export const navigationFunctions: FunctionDef[] = [
  {
    name: 'FIELD',
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([o, n]) => (o === undefined || n === undefined ? undefined : typeof n !== 'string' ? null : getField(o, n)),
  },
  { name: 'ELEMENT', minArgs: 2, maxArgs: 2, nulls: 'custom', fn: ([a, i]) => elementOf(a, i) },
  {
    name: 'SLICE',
    minArgs: 1,
    maxArgs: 3,
    nulls: 'custom',
    fn: (args) => (args.length === 3 ? sliceOf(args[0], args[1], args[2], true) : sliceOf(args[0], args.length === 2 ? args[1] : 0)),
  },
];
