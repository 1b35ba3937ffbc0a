/**
 * The function forms of navigation and construction the reference registers: ELEMENT(a, i)
 * (`a[i]`), FIELD(o, name) (`o.name`), SLICE(a, start [, end]) (`a[start:end]`) and ARRAY(v, …)
 * (`[v, …]`). ELEMENT, SLICE and ARRAY are keywords: quote them (`` `SLICE`(a, 1) ``).
 * Source: couchbase/query `expression/func_registry.go` (names), `nav_element.go`,
 * `nav_field.go`, `nav_slice.go`, `cons_array.go`, `value/array.go` (Slice, SliceTail); values
 * checked with n1ql-reference.
 */
import { isObject, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';

const isInteger = (v: Value): v is number => typeof v === 'number' && Number.isInteger(v);

export const navigationFunctions: FunctionDef[] = [
  {
    /**
     * ELEMENT(a, i): `a[i]`; a negative `i` counts from the end; out of range or `a` not an
     * array → MISSING; `i` not an integer → NULL (MISSING when `a` is MISSING).
     */
    name: 'ELEMENT',
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([a, i]) => {
      if (i === undefined) return undefined;
      if (!isInteger(i)) return a === undefined ? undefined : null;
      if (!Array.isArray(a)) return undefined;
      const idx = i < 0 ? a.length + i : i;
      return idx >= 0 && idx < a.length ? a[idx] : undefined;
    },
  },
  {
    /** FIELD(o, name): `o.name` (case-sensitive); MISSING when absent or `o` is not an object; `name` not a string → NULL. */
    name: 'FIELD',
    minArgs: 2,
    maxArgs: 2,
    nulls: 'custom',
    fn: ([o, name]) => {
      if (name === undefined) return undefined;
      if (typeof name !== 'string') return null;
      return isObject(o) && Object.prototype.hasOwnProperty.call(o, name) ? o[name] : undefined;
    },
  },
  {
    /**
     * SLICE(a, start [, end]): `a[start:end]`, negative bounds counting from the end. A range
     * outside the array is MISSING (`SLICE([1, 2, 3], 1, 5)`, and without `end` a `start` at or
     * past the end: `SLICE([1, 2, 3], 3)`); `a` not an array or a bound not an integer → NULL.
     */
    name: 'SLICE',
    minArgs: 2,
    maxArgs: 3,
    nulls: 'strict',
    fn: ([a, start, end]) => {
      if (!Array.isArray(a) || !isInteger(start) || (end !== undefined && !isInteger(end))) return null;
      const from = start < 0 ? a.length + start : start;
      if (end === undefined) return from < 0 || from >= a.length ? undefined : a.slice(from);
      const to = end < 0 ? a.length + end : end;
      return from < 0 || to > a.length || from > to ? undefined : a.slice(from, to);
    },
  },
  {
    /** ARRAY(v, …): `[v, …]`; a MISSING element stays MISSING (printed null). */
    name: 'ARRAY',
    minArgs: 0,
    maxArgs: Infinity,
    nulls: 'custom',
    fn: (args) => [...args],
  },
];
