/**
 * PAIRS(v): every `[name, value]` pair inside an object or array, depth first. Reference:
 * couchbase/query `expression/func_json.go` `Pairs`, checked against the reference engine.
 *
 * For each field of an object (names in code point order) the pair `[name, value]`; then, for
 * an object value, its own pairs; for an array value, `[name, element]` for each element,
 * followed by the pairs inside each element that is an object. The elements of an array
 * argument are searched the same way (arrays inside arrays too). The reference visits nested
 * objects in its hash map's order, which varies; we use code point order there as well.
 * 'strict' (MISSING → MISSING, NULL → NULL); a value that is not an object or array gives NULL.
 */
import { isObject, sortedNames, type ObjectValue, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { strictFn } from './support.js';

function objectPairs(o: ObjectValue, out: Value[]): void {
  for (const n of sortedNames(o)) {
    const v = o[n];
    out.push([n, v]);
    if (isObject(v)) objectPairs(v, out);
    else if (Array.isArray(v)) {
      for (const e of v) out.push([n, e]);
      for (const e of v) if (isObject(e)) objectPairs(e, out);
    }
  }
}

function arrayPairs(a: Value[], out: Value[]): void {
  for (const e of a) {
    if (isObject(e)) objectPairs(e, out);
    else if (Array.isArray(e)) arrayPairs(e, out);
  }
}

export const pairsFunctions: FunctionDef[] = [
  strictFn('PAIRS', 1, 1, ([v]) => isObject(v) || Array.isArray(v), ([v]) => {
    const out: Value[] = [];
    if (Array.isArray(v)) arrayPairs(v, out);
    else objectPairs(v as ObjectValue, out);
    return out;
  }),
];
