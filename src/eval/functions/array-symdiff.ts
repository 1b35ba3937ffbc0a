/**
 * Array functions, part 5: symmetric differences. Reference: couchbase/query
 * `expression/func_array.go` (`ArraySymdiff1`, `ArraySymdiffn`), checked against the reference.
 *
 * 'strict' (MISSING argument → MISSING, else NULL → NULL) and NULL when an argument is not an
 * array. Elements are told apart by N1QL equivalence; an element repeated inside one array
 * counts once. The reference returns the elements in its hash map's order, which varies; we
 * return them in order of first appearance, arguments left to right (docs/functions.md).
 */
import { equivalent, type Value } from '../../values/index.js';
import type { FunctionDef } from './function-def.js';
import { isArrayValue, strictFn } from './support.js';

/** Distinct elements of all the arrays with the number of arrays holding each. */
function tally(arrays: Value[][]): { value: Value; count: number }[] {
  const out: { value: Value; count: number }[] = [];
  for (const a of arrays) {
    const seen: Value[] = [];
    for (const v of a) {
      if (seen.some((s) => equivalent(s, v))) continue;
      seen.push(v);
      const t = out.find((x) => equivalent(x.value, v));
      if (t) t.count++;
      else out.push({ value: v, count: 1 });
    }
  }
  return out;
}

function symdiff(name: string, keep: (count: number) => boolean, aliases?: string[]): FunctionDef {
  return strictFn(
    name,
    2,
    Infinity,
    (args) => args.every(isArrayValue),
    (args) => tally(args as Value[][]).filter((t) => keep(t.count)).map((t) => t.value),
    aliases,
  );
}

export const arraySymdiffFunctions: FunctionDef[] = [
  /** ARRAY_SYMDIFF(a1, a2, …), alias ARRAY_SYMDIFF1: the elements found in exactly one array. */
  symdiff('ARRAY_SYMDIFF', (n) => n === 1, ['ARRAY_SYMDIFF1']),
  /** ARRAY_SYMDIFFN(a1, a2, …): the elements found in an odd number of the arrays. */
  symdiff('ARRAY_SYMDIFFN', (n) => n % 2 === 1),
];
