import type { Value } from './value.js';

/**
 * An array or object with `f` applied to each element or field value, copied only where `f`
 * changed something (the same array or object otherwise), so that rewriting a large value that
 * needs no change allocates nothing. `f` is told whether it maps an array element.
 */
export function mapChildren(v: Value[] | { [k: string]: Value }, f: (x: Value, inArray: boolean) => Value): Value {
  if (Array.isArray(v)) {
    let out: Value[] | undefined;
    for (let i = 0; i < v.length; i++) {
      const x = f(v[i], true);
      if (x !== v[i]) (out ??= v.slice())[i] = x;
    }
    return out ?? v;
  }
  let out: Record<string, Value> | undefined;
  for (const k in v) {
    const x = f(v[k], false);
    if (x !== v[k]) (out ??= { ...v })[k] = x;
  }
  return out ?? v;
}
