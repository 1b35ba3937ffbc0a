/**
 * The function form of array construction the reference registers: ARRAY(v, …) (`[v, …]`;
 * a keyword: quote it, `` `ARRAY`(1, 2) ``). ELEMENT, FIELD and SLICE are in navigation.ts.
 * Source: couchbase/query `expression/func_registry.go` (names), `nav_element.go`,
 * `nav_field.go`, `nav_slice.go`, `cons_array.go`, `value/array.go` (Slice, SliceTail); values
 * checked with n1ql-reference.
 */
import type { FunctionDef } from './function-def.js';

export const arrayConstructorFunctions: FunctionDef[] = [
  {
    /** ARRAY(v, …): `[v, …]`; a MISSING element stays MISSING (printed null). */
    name: 'ARRAY',
    minArgs: 0,
    maxArgs: Infinity,
    nulls: 'custom',
    fn: (args) => [...args],
  },
];
